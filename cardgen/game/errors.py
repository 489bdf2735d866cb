"""Errors the rules engine reports to its caller.

An illegal action (casting without a legal target, at sorcery timing, promising a gift to yourself) is
not a crash: it is a `GameError` with a stable `code` and the rule it enforces, which the scenario runner
compares with the error a scenario expects. Nothing in the game state changes when an action is refused,
because every check runs before the first move (rule 601.2 is applied as "validate, then do").
"""

from __future__ import annotations


class GameError(Exception):
    """An action the rules do not allow. `code` is stable (scenarios match on it)."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        suffix = f" (rule {self.rule})" if self.rule else ""
        return f"{self.code}: {self.message}{suffix}"


class BudgetExceeded(Exception):
    """The game did more than any scenario needs: a loop the rules don't stop (a token that copies
    itself as it enters) or a scenario too large to play quickly. Not a `GameError`: no scenario can
    expect it; the runner reports it as the scenario's failure and plays the others."""

    def __init__(self, what: str, limit: int) -> None:
        super().__init__(f"the game was stopped after {limit} {what} in one scenario (a loop that never "
                         "ends, or a scenario larger than any needs)")
        self.what = what
        self.limit = limit


MAX_RESOLUTIONS = 400
"""Spells and abilities resolved in one scenario (the project's scenarios need a few dozen)."""
MAX_TRIGGERS = 400
"""Triggered abilities put on the stack in one scenario."""
MAX_OBJECTS = 2500
"""Game objects (cards, tokens, stack abilities) made in one scenario, its starting ones included."""
MAX_PERMANENTS = 75
"""Permanents on the battlefield at once: every priority point views each permanent through the statics in
play (found once per pass, `cardgen.game.continuous.steady`), so a battlefield that grows without end (a
token copying itself) is stopped here, long before the other budgets."""


ERROR_CODES: dict[str, str] = {
    "not_found": "the named card or player is not where the action looks for it",
    "not_castable": "the object cannot be cast from where it is (not in hand, no permission, a land)",
    "timing": "a sorcery-speed spell outside its controller's main phase with an empty stack (307.1)",
    "cant_cast": "an effect says the player can't cast spells",
    "no_gift": "a gift was promised for a spell without gift",
    "already_promised": "a gift cost was paid more than once (702.174 ruling)",
    "not_an_opponent": "the gift was promised to a player who is not an opponent (702.174a)",
    "no_legal_target": "a required target has no legal choice (601.2c)",
    "target_count": "the number of targets does not match what the spell requires (601.2c, 702.174m)",
    "illegal_target": "a chosen target is not a legal target (601.2c, 115)",
    "duplicate_target": "the same object or player was chosen twice for one instance of the word target (601.2c)",
    "cost": "an additional cost cannot be paid (601.2f-h), an activation cost ({T} of a tapped permanent, 602.2h, "
            "or of a creature not controlled continuously since its controller's most recent turn began, 302.6), or "
            "a mana cost the pool can't pay (`mana: pool`, 601.2h)",
    "land_drop": "a land played when its player has played one this turn already (305.2), or a nonland card "
                 "played as a land (305.1)",
    "cant_attack": "a creature that can't be declared as an attacker: not a creature its player controls, tapped, not "
                   "controlled continuously since the turn began without haste (508.1a), or attackers declared "
                   "outside the active player's first combat of the turn",
    "cant_block": "a creature that can't be declared as a blocker, or a declaration of blockers the rules refuse: "
                  "not an untapped creature of a defending player, blocking no attacker of that player or two at "
                  "once (509.1a), a restriction (509.1b: \"can't block\", \"can't be blocked\", flying, menace), "
                  "or blockers declared outside the combat after attackers were declared",
    "not_activatable": "the permanent has no such activated ability, or the player doesn't control it (602.2)",
    "empty_stack": "nothing on the stack to act on",
    "not_a_spell": "the object on the stack is not a spell",
    "bad_choice": "a scripted choice is not among the legal options",
    "modes": "the modes chosen are not a legal choice for the modal spell (700.2), or modes were chosen for a "
             "spell that isn't modal",
    "game_over": "the game is over (104.2a), or the action needs a player who has left it (800.4a)",
    "loop": "the game did not settle (runaway triggers or steps): a guard, not a rule",
}
"""Every code an action can fail with, and what it means (documentation and tests)."""
