"""Single constructs in oracle English: numbers, players, targets, and the simple effects engines
print from their parts. Returns None for what it does not phrase (the caller then uses the clause cut
from the printed line)."""

from __future__ import annotations

from typing import Any

from cardgen.spec.model import ObjectFilter, Target, TargetSubject

NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number(amount: int) -> str:
    return NUMBERS[amount] if 0 <= amount < len(NUMBERS) else str(amount)


def cards(amount: int) -> str:
    return "a card" if amount == 1 else f"{number(amount)} cards"


def object_words(selector: ObjectFilter) -> str | None:
    """`creature`, `artifact or enchantment`, `creature spell`, `spell`; None beyond plain types."""
    if (selector.not_types or selector.supertypes or selector.not_supertypes or selector.controller
            or selector.owner or selector.token is not None or selector.max_mana_value is not None
            or selector.entered_this_turn or selector.other):
        return None
    words = " or ".join(selector.types)
    if selector.zone == "stack":
        return f"{words} spell" if words else "spell"
    if selector.zone != "battlefield":
        return None
    return words or "permanent"


def target_words(target: Target) -> str | None:
    """"target creature", "any target", "target player"; None for counts and filters beyond plain types."""
    if (target.min, target.max) != (1, 1):
        return None
    if target.any_target:
        return "any target"
    if target.player is not None:
        return {"any": "target player", "opponent": "target opponent"}.get(target.player)
    words = object_words(target)
    return f"target {words}" if words else None


def signed(number: int) -> str:
    return f"+{number}" if number >= 0 else str(number)


PHRASED_KINDS = frozenset({"draw", "discard", "mill", "damage", "lose_life", "gain_life", "destroy", "counter",
                           "tap", "untap", "pump", "bounce", "token_copy", "exile"})
"""The effect kinds `effect_phrase` can say."""

DURATION_WORDS = {"end_of_turn": "until end of turn", "until_your_next_turn": "until your next turn"}


def effect_phrase(effect: Any, target: str | None = None) -> str | None:
    """The clause for one unconditional effect, as oracle text says it (lower case, no period). `target`
    overrides how its target is described (an engine's own description of the target it declares)."""
    kind = effect.effect
    if effect.condition is not None or effect.instead_if_promised is not None or effect.only_if is not None:
        return None
    subject = getattr(effect, {"draw": "who", "discard": "who", "mill": "who", "damage": "to", "lose_life": "who",
                               "gain_life": "who", "destroy": "what", "counter": "what", "tap": "what", "untap": "what",
                               "pump": "what",
                               "bounce": "what", "token_copy": "of", "exile": "what"}.get(kind, "-"), None)
    if isinstance(subject, TargetSubject) and target is None:
        target = target_words(subject.target)
    elif not isinstance(subject, TargetSubject):
        target = None
    if kind == "draw":
        if subject == "you":
            return f"draw {cards(effect.amount)}"
        if target is not None and subject.target.player is not None:
            return f"{target} draws {cards(effect.amount)}"
    if kind in ("discard", "mill"):
        verb = kind
        if subject == "you":
            return f"{verb} {cards(effect.amount)}"
        player = {"each_opponent": "each opponent", "each_player": "each player"}.get(subject) if isinstance(
            subject, str) else (target if target is not None and subject.target.player is not None else None)
        if player is not None:
            return f"{player} {verb}s {cards(effect.amount)}"
    if kind == "damage" and target is not None:
        return f"{{this}} deals {effect.amount} damage to {target}"
    if kind in ("lose_life", "gain_life") and subject == "you":
        return f"you {'lose' if kind == 'lose_life' else 'gain'} {effect.amount} life"
    if kind in ("destroy", "counter", "tap", "untap") and target is not None and subject.target.player is None:
        return f"{kind} {target}"
    if kind == "tap" and subject in ("enchanted", "equipped"):
        return f"tap {subject} creature"
    if kind == "pump" and target is not None:
        return f"{target} gets {signed(effect.power)}/{signed(effect.toughness)} {DURATION_WORDS[effect.duration]}"
    if kind == "bounce" and target is not None:
        return f"return {target} to its owner's hand"
    if kind == "token_copy" and target is not None and effect.amount == 1 and effect.set_pt is None:
        return f"create a token that's a copy of {target}"
    if kind == "exile" and subject == "self":
        return "exile {this}"
    return None
