"""What each part of an ability prints: the trigger phrase, the intervening "if", and the clauses its
effects say, all derived from the spec (event, `intervening_if`, the oracle line, the card's name)."""

from __future__ import annotations

from typing import Any

from cardgen import vocab
from cardgen.text.oracle import clauses, lower_first, strip_reminder, with_self_reference


def condition_phrase(condition: str) -> str:
    """The words of a condition, as printed after "if" ("the gift was promised"): its construct's."""
    return vocab.CONDITIONS[condition].text.words


def trigger_phrase(ability: Any) -> str:
    """How the printed line of a triggered ability starts: its event's `text.trigger_phrase` (`{this}` is
    the card's name)."""
    return vocab.event(ability.event).text.trigger_phrase


def effect_line(text: str, card_name: str, ability: Any = None, noun: str | None = None) -> str:
    """The part of an ability's printed line that its effects say: reminder text dropped, the card's
    name as `{this}`, and for a triggered ability the trigger phrase and intervening "if" taken off
    (the engine prints those from the trigger itself). Starts lower case unless it starts with `{this}`.
    `noun`: how the card names itself besides its name ("this creature", `oracle.self_noun`)."""
    line = with_self_reference(strip_reminder(text), card_name, noun)
    if ability is not None:
        phrase = trigger_phrase(ability)
        if line.startswith(phrase):
            line = line[len(phrase):]
        if ability.intervening_if is not None:
            condition = f"if {condition_phrase(ability.intervening_if)}, "
            if line.startswith(condition):
                line = line[len(condition):]
    return lower_first(line)


def effect_clauses(text: str, card_name: str, count: int, ability: Any = None,
                   noun: str | None = None) -> list[str] | None:
    """`effect_line` cut into one clause per effect group (see `oracle.clauses`), each lower case at its
    start and without a final period, as engines keep effect texts; None when it can't be cut so."""
    pieces = clauses(effect_line(text, card_name, ability, noun), count)
    if pieces is None:
        return None
    return [lower_first(piece.rstrip(".")) for piece in pieces]
