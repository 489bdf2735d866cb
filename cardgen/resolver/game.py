"""The game loop around the rules modules: actions a player or a test takes, and the priority points
between them (state-based actions, then triggered abilities onto the stack, 117.5).

Priority is abstracted: every player passes unless a scenario acts, so "pass" resolves the top of the
stack and moving to a later step first lets the stack resolve.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.game import continuous, zones
from cardgen.game.errors import GameError
from cardgen.game.events import Countered, LandPlayed
from cardgen.game.objects import Entity, GameObject, Player
from cardgen.game.state import STEPS, GameState
from cardgen.model import derive
from cardgen.resolver import activating, casting, combat, sba, stack, turns
from cardgen.vocab import game_tables

MAX_LOOP = 500
"""Upper bound on stack resolutions or steps in one action: a guard against runaway loops."""


class Game:
    """A game in progress; every public method leaves it at a priority point."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    @classmethod
    def new(cls, players: Sequence[str], *, active: str | None = None, step: str = "main1",
            turn: int = 1) -> Game:
        """The one builder of games: the game state gets here the tables of the vocabulary that the
        game-state kit below it can't import (`cardgen.vocab.game_tables`: the static effects' rules, what
        each subject kind names, which trigger events each happening is, what each amount kind counts)."""
        state = GameState(players={name: Player(name) for name in players},
                          statics=game_tables.static_rules(), subjects=game_tables.subject_readers(),
                          trigger_events=game_tables.trigger_events(), event_matches=game_tables.event_matches(),
                          amounts=game_tables.amount_rules(),
                          durations=game_tables.duration_ends(), conditions=game_tables.condition_rules(),
                          keyword_triggers=derive.keyword_triggers(),
                          enters_tapped=game_tables.enters_tapped(), as_enters=game_tables.as_enters(),
                          targeted=game_tables.targeted_rules(),
                          restrictions=game_tables.restrictions(),
                          keeps_tapped=game_tables.keeps_tapped())
        first = active or players[0]
        turns.begin_turn(state, first, extra=False, number=turn)
        state.step = step
        return cls(state)

    # -------------------------------------------------------------------------------- priority point

    def playing(self) -> None:
        """Refuse an action once the game is over (104.2a: it ended when one player was left)."""
        if self.state.over:
            who = f"{self.state.winner} won" if self.state.winner else "it is a draw"
            raise GameError("game_over", f"the game is over ({who}); nothing more happens", "104.2a")

    def settle(self) -> None:
        """State-based actions until none apply, then put waiting triggers on the stack; repeat. Nothing
        happens once the game is over."""
        for _ in range(MAX_LOOP):
            if self.state.over:
                return
            continuous.note_control(self.state)
            acted = sba.check(self.state)
            if acted:
                continue
            if self.state.pending:
                stack.put_pending_on_stack(self.state)
                continue
            return
        raise GameError("loop", "state-based actions or triggers did not settle")

    # ---------------------------------------------------------------------------------------- actions

    def cast(self, request: casting.CastRequest) -> GameObject:
        self.playing()
        spell = casting.cast(self.state, request)
        self.settle()
        return spell

    def copy_spell(self, spell: int, controller: str | None = None,
                   new_targets: Sequence[Sequence[Entity]] | None = None) -> GameObject:
        self.playing()
        copy = casting.copy_spell(self.state, spell, controller, new_targets)
        self.settle()
        return copy

    def counter(self, spell: int, by: str = "an effect") -> None:
        """Counter a spell as an outside effect would (701.6a): it goes to its owner's graveyard."""
        self.playing()
        obj = self.state.live(spell)
        if obj is None or obj.zone != "stack":
            raise GameError("not_a_spell", "only a spell on the stack can be countered", "701.6a")
        self.state.emit(Countered(obj.name, obj.controller, by))
        zones.move(self.state, spell, "graveyard")
        self.settle()

    def equip(self, player: str, equipment: int, target: Entity) -> None:
        self.playing()
        if not isinstance(target, int):
            raise GameError("illegal_target", "equip targets a creature, not a player", "702.6a")
        casting.activate_equip(self.state, player, equipment, target)
        self.settle()

    def activate(self, player: str, source: int, which: int | str | None = None,
                 targets: Sequence[Sequence[Entity]] = (),
                 payment: activating.Payment = activating.ASSUMED) -> None:
        """Activate an ability of a permanent (602.2); a mana ability resolves at once (605.3b)."""
        self.playing()
        activating.activate(self.state, player, source, which, targets, payment)
        self.settle()

    def play_land(self, player: str, card: int) -> None:
        """Play a land (305.1): a special action (116.2a) of the active player in a main phase of their turn
        with an empty stack, one land a turn (305.2); the land enters the battlefield (with whatever
        replaces how it enters, 614.1c) and doesn't use the stack; its "enters" triggers go on the stack."""
        self.playing()
        state = self.state
        if player not in state.players:
            raise GameError("not_found", f"no player named {player!r}")
        obj = state.obj(card)
        exiled = obj.zone == "exile" and state.exile_permission(obj.oid) == player and obj.oid in state.play_permissions
        if not exiled and (obj.zone != "hand" or obj.owner != player):
            raise GameError("not_found", f"{obj.name} is not in {player}'s hand", "305.1")
        if not obj.chars.is_type("land"):
            raise GameError("land_drop", f"{obj.name} is not a land; it is cast, not played", "305.1")
        if not state.is_sorcery_time(player):
            raise GameError("timing", "a land is played in a main phase of its player's own turn with an empty "
                            "stack", "305.1")
        if state.players[player].lands_played >= 1:
            raise GameError("land_drop", f"{player} has played a land this turn already", "305.2")
        state.players[player].lands_played += 1
        state.emit(LandPlayed(player, obj.name))
        zones.move(state, card, "battlefield", controller=player)
        self.settle()

    def attack(self, player: str, attackers: Sequence[int], defender: str | None = None) -> None:
        """Declare attackers in this turn's combat (508.1), moving on to it first from an earlier step of
        the turn (the stack resolving on the way); their triggers go on the stack (508.2)."""
        self.playing()
        if self.state.step != "combat":
            if STEPS.index(self.state.step) > STEPS.index("combat"):
                raise GameError("cant_attack", "this turn's combat is over", "508.1")
            self.advance_to("combat")
        combat.declare_attackers(self.state, player, attackers,
                                 defender or combat.defending_player(self.state, player))
        self.settle()

    def block(self, player: str, pairs: Sequence[tuple[int, int]]) -> None:
        """`player` declares blockers in this turn's combat (509.1), each (blocker, attacker) pair a block,
        once the attackers' triggers have resolved (the stack resolving first)."""
        self.playing()
        self.resolve_stack()
        combat.declare_blockers(self.state, player, pairs)
        self.settle()

    def pass_priority(self) -> None:
        """All players pass in succession: the top of the stack resolves (117.4)."""
        self.playing()
        stack.resolve_top(self.state)
        self.settle()

    def resolve_stack(self) -> None:
        """Everyone passes until the stack is empty, or the game ends."""
        for _ in range(MAX_LOOP):
            if not self.state.stack or self.state.over:
                return
            self.pass_priority()
        raise GameError("loop", "the stack did not empty")

    def next_step(self, resolve: bool = True) -> None:
        """Everyone passes with an empty stack: the step ends and the next begins."""
        self.resolve_stack()
        if self.state.over:
            return
        turns.advance_step(self.state)
        self.settle()
        if resolve:
            self.resolve_stack()

    def advance_to(self, step: str, *, resolve: bool = True) -> None:
        """Move forward to the next time `step` begins (this turn if it's still ahead, else next turn)."""
        if step not in STEPS:
            raise GameError("not_found", f"no step {step!r}; steps are {', '.join(STEPS)}")
        self.playing()
        for _ in range(MAX_LOOP):
            self.next_step(resolve=False)
            if self.state.over:
                return
            if self.state.step == step:
                if resolve:
                    self.resolve_stack()
                return
        raise GameError("loop", f"never reached step {step}")

    def next_turn(self, *, resolve: bool = True) -> None:
        """Finish this turn and play the next one up to its first main phase."""
        self.playing()
        start = len(self.state.turns)
        for _ in range(MAX_LOOP):
            self.next_step(resolve=False)
            if self.state.over:
                return
            if len(self.state.turns) > start and self.state.step == "main1":
                if resolve:
                    self.resolve_stack()
                return
        raise GameError("loop", "the next turn never reached its main phase")
