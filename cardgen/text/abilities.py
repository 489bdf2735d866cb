"""What each part of an ability prints: the trigger phrase, the intervening "if", and the clauses its
effects say, all derived from the spec (event, `intervening_if`, the oracle line, the card's name)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen import vocab
from cardgen.text.oracle import clauses, lower_first, self_names, strip_reminder, with_self_reference

if TYPE_CHECKING:
    from cardgen.model.card import Card


def condition_phrase(condition: Any) -> str:
    """The words of a condition, as printed after "if" ("the gift was promised"): its construct's."""
    text = vocab.condition(condition).text
    return text.words_of(condition) if text.words_of is not None else text.words


def trigger_phrase(ability: Any) -> str:
    """How the printed line of a triggered ability starts: its event's `text.trigger_phrase` (`{this}` is
    the card's name)."""
    phrase = vocab.event(ability.event).text.trigger_phrase
    return phrase if isinstance(phrase, str) else phrase(ability.event)


def effect_line(text: str, card: Card | str, ability: Any = None, noun: str | None = None) -> str:
    """The part of an ability's printed line that its effects say: reminder text dropped, the card's
    name as `{this}`, and for a triggered ability the trigger phrase and intervening "if" taken off
    (the engine prints those from the trigger itself), and "This ability triggers only once each turn." too.
    Starts lower case unless it starts with `{this}`.
    `card`: the card (its name and self-reference, `oracle.with_self_reference`), or only its name, with
    `noun` how it names itself besides ("this creature", `oracle.self_noun`). A trigger phrase in any
    wording of the card's self-reference ("When this creature enters", "When Kitnap enters") is the
    trigger's."""
    line = with_self_reference(strip_reminder(text), card, noun)
    if ability is not None:
        phrase = trigger_phrase(ability)
        names = ("{this}", *self_names(card)) if not isinstance(card, str) else ("{this}",)
        start = next((said for said in (phrase.replace("{this}", name) for name in names)
                      if line.startswith(said)), None)
        if start is not None:
            line = line[len(start):]
        if ability.intervening_if is not None:
            condition = f"if {condition_phrase(ability.intervening_if)}, "
            if line.startswith(condition):
                line = line[len(condition):]
        if getattr(ability, "once_each_turn", False) and line.endswith(ONCE_EACH_TURN):
            line = line[:-len(ONCE_EACH_TURN)].rstrip()  # the engines print the limit from the trigger itself
    return lower_first(line)


ONCE_EACH_TURN = "This ability triggers only once each turn."
"""The sentence a triggered ability's `once_each_turn` prints after its effects."""


def effect_clauses(text: str, card: Card | str, count: int, ability: Any = None,
                   noun: str | None = None) -> list[str] | None:
    """`effect_line` cut into one clause per effect group (see `oracle.clauses`), each lower case at its
    start and without a final period, as engines keep effect texts; None when it can't be cut so."""
    pieces = clauses(effect_line(text, card, ability, noun), count)
    if pieces is None:
        return None
    return [lower_first(piece.rstrip(".")) for piece in pieces]
