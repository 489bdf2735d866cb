"""Single constructs in oracle English: numbers, players, targets, and the simple effects engines
print from their parts (each said by its construct in `cardgen.vocab`, from the words here). Returns None
for what it does not phrase (the caller then uses the clause cut from the printed line)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardgen import vocab
from cardgen.model.card import ObjectFilter, Target, TargetSubject
from cardgen.vocab import subject as vocab_subject

NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number(amount: int) -> str:
    return NUMBERS[amount] if 0 <= amount < len(NUMBERS) else str(amount)


def cards(amount: int) -> str:
    return "a card" if amount == 1 else f"{number(amount)} cards"


def object_words(selector: ObjectFilter) -> str | None:
    """`creature`, `artifact or enchantment`, `creature spell`, `spell`; None beyond plain types."""
    if (selector.not_types or selector.subtypes or selector.not_subtypes or selector.supertypes
            or selector.not_supertypes or selector.controller
            or selector.owner or selector.token is not None or selector.max_mana_value is not None
            or selector.min_power is not None or selector.max_power is not None
            or selector.entered_this_turn or selector.dealt_damage_this_turn or selector.attacking
            or selector.other or selector.keywords
            or selector.not_keywords or selector.chosen_type):
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
    if not words:
        return None
    return f"another target {words}" if target.other_target else f"target {words}"


def signed(number: int) -> str:
    return f"+{number}" if number >= 0 else str(number)


DURATION_WORDS = {kind: c.text.words.strip() for kind, c in vocab.DURATIONS.items()}
"""Duration -> how a clause says it ("until end of turn"), from the duration constructs."""
PLAYER_WORDS = vocab_subject.table(lambda c: c.text.player_word if c.text is not None else None)
"""Player word -> how a clause says it ("each opponent"), from the subject constructs."""


@dataclass(frozen=True, slots=True)
class ClauseWords:
    """The words a construct's `text.clause` says its clause with (passed in, so that a construct
    module imports no consumer)."""

    cards: Callable[[int], str]
    signed: Callable[[int], str]
    durations: Mapping[str, str]
    players: Mapping[str, str]
    """The player words a clause says as such ("each opponent")."""


WORDS = ClauseWords(cards=cards, signed=signed, durations=DURATION_WORDS, players=PLAYER_WORDS)

PHRASED_KINDS = frozenset(kind for kind, construct in vocab.EFFECTS.items() if construct.text.clause is not None)
"""The effect kinds `effect_phrase` can say: those whose construct declares `text.clause`."""


def effect_phrase(effect: Any, target: str | None = None) -> str | None:
    """The clause for one unconditional effect, as oracle text says it (lower case, no period). `target`
    overrides how its target is described (an engine's own description of the target it declares).

    Said by the effect's construct (`cardgen.vocab`), its `text.clause(words, effect, subject, target)`:
    the clause from the `ClauseWords`, the effect, its primary subject and the words for that subject's
    target (None unless the subject is a target), or None where it has no plain clause for the effect."""
    if effect.condition is not None or effect.instead_if_promised is not None or effect.only_if is not None:
        return None
    if not isinstance(getattr(effect, "amount", 0), int):
        return None  # a clause says numbers; a counted amount is said by its kind's forms, which the grammar has
    construct = vocab.of(effect)
    clause = construct.text.clause
    if clause is None:
        return None
    subject = getattr(effect, construct.subjects[0]) if construct.subjects else None
    if isinstance(subject, TargetSubject) and target is None:
        target = target_words(subject.target)
    elif not isinstance(subject, TargetSubject):
        target = None
    return clause(WORDS, effect, subject, target)
