"""The shape of a printed line: reminder text, sentences, and the clauses an ability's effects say.

Oracle text is a run of sentences; an engine prints it as a run of effect texts joined the way Magic
prints them: a new sentence after each effect, except that a clause starting with "and" continues the
sentence before it ("You and permanents you control gain hexproof" is "you" + "and permanents you
control gain hexproof"). `clauses` cuts a line into exactly as many such pieces as there are effect
groups, so that joining them gives the line back.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_REMINDER = re.compile(r"\s*\([^()]*\)")
_SENTENCE_END = re.compile(r"(?<=\.) (?=[A-Z{])")
CONTINUATIONS = ("and ", "with ", "then ", "or ")
"""A clause starting with one of these continues the sentence before it (no new sentence)."""


def strip_reminder(text: str) -> str:
    """The line without parenthesized reminder text (engines write reminders themselves)."""
    return _REMINDER.sub("", text).strip()


def sentences(text: str) -> list[str]:
    """The sentences of a line, each with its final period."""
    text = text.strip()
    return [part for part in _SENTENCE_END.split(text) if part] if text else []


def join(pieces: list[str]) -> str:
    """Pieces back into a line: a continuation joins with a space, anything else starts a sentence."""
    out = ""
    for piece in pieces:
        if not out:
            out = piece
        elif piece.startswith(","):
            out = out.rstrip(".") + piece
        elif piece.startswith(CONTINUATIONS):
            out = f"{out.rstrip('.')} {piece}"
        else:
            out = f"{out.rstrip('.')}. {piece[:1].upper()}{piece[1:]}"
    return out if not out or out.endswith((".", "!", '"')) else out + "."


def clauses(text: str, count: int) -> list[str] | None:
    """`text` as `count` pieces that `join` gives back, one per effect group in order; None when the
    line can't be cut that way. Extra sentences go with the first group (a lead-in such as "Choose
    target creature ..." belongs to the effect that follows it); missing pieces come from splitting a
    sentence at its first " and " (the second piece keeps the "and"), else at its first ", then "."""
    if count < 1:
        return None
    pieces = [s.rstrip(".") for s in sentences(text)]
    if not pieces:
        return None
    while len(pieces) > count:
        pieces[0:2] = [f"{pieces[0]}. {pieces[1]}"]
    while len(pieces) < count:
        for index, piece in enumerate(pieces):
            head, sep, tail = piece.partition(" and ")
            if sep and head and not head.endswith(","):
                pieces[index:index + 1] = [head, "and " + tail]
                break
            if sep and head.endswith(","):  # "..., and ...": the comma stays with the continuation
                pieces[index:index + 1] = [head[:-1], ", and " + tail]
                break
        else:
            then = next((index for index, piece in enumerate(pieces) if ", then " in piece), None)
            if then is None:
                return None
            head, _, tail = pieces[then].partition(", then ")  # "draw a card, then discard a card"
            pieces[then:then + 1] = [head, ", then " + tail]
    return pieces if join(pieces).rstrip(".") == text.strip().rstrip(".") else None


def with_self_reference(text: str, card_name: str, noun: str | None = None) -> str:
    """The card's own name written `{this}`, as engines keep it in their source (whole words only: not
    next to a letter, a digit, `_` or an apostrophe); with `noun` (`self_noun`: "this creature"), the words
    by which current Oracle text names the permanent itself are `{this}` too, as XMage prints `{this}` of a
    permanent that way. The name is found with `str.find` rather than a pattern made from it, which would
    be compiled again for every card of a large catalogue (the nouns are few: `re` keeps theirs)."""
    if noun is not None:
        text = re.sub(rf"(?<![\w'])[Tt]{re.escape(noun[1:])}(?![\w'])", "{this}", text)
    if not card_name or card_name not in text:
        return text
    pieces: list[str] = []
    start, width = 0, len(card_name)
    found = text.find(card_name)
    while found != -1:
        end = found + width
        if not _word_char(text[found - 1:found]) and not _word_char(text[end:end + 1]):
            pieces += [text[start:found], "{this}"]
            start = end
            found = text.find(card_name, end)
        else:
            found = text.find(card_name, found + 1)
    return "".join(pieces) + text[start:] if pieces else text


def _word_char(char: str) -> bool:
    """What the name must not touch: a character of a word (`\\w`) or an apostrophe."""
    return bool(char) and (char.isalnum() or char in "_'")


_SELF_SUBTYPES = ("Equipment", "Vehicle", "Spacecraft", "Aura", "Class", "Saga", "Siege")


def self_noun(types: Sequence[str], subtypes: Sequence[str], supertypes: Sequence[str]) -> str | None:
    """How the Oracle text of a permanent card of these types names the card itself ("this creature",
    "this Aura"; the Oracle update of Aetherdrift, 2025), as XMage's rules text writes its `{this}`
    (VerifyCardDataTest.getCardSelfReference); None for a nonpermanent, a legendary permanent and a
    planeswalker, which go by name."""
    kinds = set(types)
    if not kinds & {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"} \
            or "Planeswalker" in kinds or "Legendary" in supertypes:
        return None
    if "Creature" in kinds:
        return "this creature"
    subtype = next((name for name in _SELF_SUBTYPES if name in subtypes), None)
    if subtype is not None:
        return f"this {subtype}"
    for kind in ("Land", "Battle", "Enchantment", "Artifact"):
        if kind in kinds:
            return f"this {kind.lower()}"
    return "this permanent"


def lower_first(text: str) -> str:
    """Effect texts start lower case (the engine capitalizes sentence starts); `{this}` stays, and so
    does a capital that keeps "Then ..." a sentence of its own rather than a continuation."""
    lowered = text[:1].lower() + text[1:] if text[:1].isupper() else text
    return text if lowered.startswith(CONTINUATIONS) and lowered != text else lowered
