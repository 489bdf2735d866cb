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
from typing import TYPE_CHECKING

from cardgen.naming import short_name

if TYPE_CHECKING:
    from cardgen.model.card import Card

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
            if sep and head.endswith(",") and head[:-1]:  # "..., and ...": the comma stays with the continuation
                pieces[index:index + 1] = [head[:-1], ", and " + tail]
                break
        else:
            then = next((index for index, piece in enumerate(pieces) if ", then " in piece), None)
            if then is not None:
                head, _, tail = pieces[then].partition(", then ")  # "draw a card, then discard a card"
                pieces[then:then + 1] = [head, ", then " + tail]
                continue
            # a list: "has first strike, vigilance, trample, and haste", one piece per item
            listed = next((index for index, piece in enumerate(pieces) if ", " in piece[1:]), None)
            if listed is None:
                return None
            cut = pieces[listed].index(", ", 1)
            pieces[listed:listed + 1] = [pieces[listed][:cut], pieces[listed][cut:]]
    return pieces if join(pieces).rstrip(".") == text.strip().rstrip(".") else None


SELF_SUBTYPES = ("Equipment", "Vehicle", "Spacecraft", "Aura", "Class", "Saga", "Siege")
"""Subtypes a non-creature permanent is named by in current Oracle text ("this Aura", "this Equipment"),
in the order XMage's `VerifyCardDataTest.selfRefNamedSubtypes` tries them."""

_QUOTED = re.compile(r'"[^"]*"|\([^()]*\)')


def self_reference(card: Card) -> str:
    """How current Oracle text names the card in its own abilities, as XMage's `VerifyCardDataTest`
    writes `{this}` when it compares (`getCardSelfReference`): an instant or sorcery by its name; a
    legendary permanent by its short name (or its name); a creature as "this creature"; another
    permanent by the first of `SELF_SUBTYPES` it has, else by its card type ("this land", "this
    enchantment", "this artifact", "this permanent")."""
    if not card.is_permanent:
        return card.name
    if "Legendary" in card.supertypes:
        return short_name(card.name) or card.name
    if "Creature" in card.types:
        return "this creature"
    subtype = next((subtype for subtype in SELF_SUBTYPES if subtype in card.subtypes), None)
    if subtype is not None:
        return f"this {subtype}"
    for kind in ("Land", "Battle", "Enchantment", "Artifact"):
        if kind in card.types:
            return f"this {kind.lower()}"
    return "this permanent"


def self_names(card: Card) -> tuple[str, ...]:
    """Every wording by which a card's printed text names the card itself, longest first: its name, a
    legendary card's short name, and "this <noun>" for each of its card types and `SELF_SUBTYPES`
    (plus "this permanent" or "this spell"). Older Oracle text used the name where today's says "this
    creature"; both are read."""
    names = {card.name}
    if "Legendary" in card.supertypes and (short := short_name(card.name)):
        names.add(short)
    nouns = [kind.lower() for kind in card.types]
    nouns += [subtype for subtype in card.subtypes if subtype in SELF_SUBTYPES]
    nouns.append("permanent" if card.is_permanent else "spell")
    names.update(f"this {noun}" for noun in nouns)
    return tuple(sorted(names, key=lambda name: (-len(name), name)))


def with_self_reference(text: str, card: Card | str, noun: str | None = None) -> str:
    """The card written `{this}` where its text names it the way XMage's `{this}` prints
    (`self_reference`), and by its name (older wording), as engines keep it in their source: whole
    words only, never inside quoted text or reminder text (there "this creature" is another object).
    A plain name stands for a card known only by its name (with `noun`, `self_noun`'s words too)."""
    if isinstance(card, str):
        found = {card} if card else set()
        if noun:
            found.add(noun)
    else:
        found = {card.name, self_reference(card)}
        if "Legendary" in card.supertypes and (short := short_name(card.name)):
            found.add(short)
    if not found:
        return text
    words = tuple(sorted(found, key=len, reverse=True))
    alternatives = words + _capitalized(words)
    out, last = [], 0
    for quoted in _QUOTED.finditer(text):
        out.append(_named_this(text[last:quoted.start()], alternatives))
        out.append(quoted.group(0))
        last = quoted.end()
    out.append(_named_this(text[last:], alternatives))
    return "".join(out)


def _capitalized(words: tuple[str, ...]) -> tuple[str, ...]:
    """"This creature" at the start of a sentence is the same self-reference as "this creature"."""
    return tuple("T" + word[1:] for word in words if word.startswith("this "))


def _named_this(text: str, alternatives: tuple[str, ...]) -> str:
    """`text` with each whole-word occurrence of one of `alternatives` written `{this}`: leftmost first, and
    at one place the first alternative that fits, as a regular expression of the alternatives in this order
    between `(?<![\\w'])` and `(?![\\w'])` would replace them. Searched with `str.find`: a pattern compiled for
    each card's name cost more than the rest of the card's text check (the names are all different, so no
    cache of patterns is ever hit)."""
    found: list[tuple[int, int, int]] = []
    for order, word in enumerate(alternatives):
        start = text.find(word)
        while start >= 0:
            end = start + len(word)
            if not (start and _word_char(text[start - 1])) and not (end < len(text) and _word_char(text[end])):
                found.append((start, order, end))
            start = text.find(word, start + 1)
    if not found:
        return text
    out, last = [], 0
    for start, _, end in sorted(found):
        if start >= last:
            out.append(text[last:start])
            out.append("{this}")
            last = end
    out.append(text[last:])
    return "".join(out)


def _word_char(char: str) -> bool:
    """What `[\\w']` matches: a letter or digit of any script, `_` or an apostrophe."""
    return char.isalnum() or char in "_'"




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
    subtype = next((name for name in SELF_SUBTYPES if name in subtypes), None)
    if subtype is not None:
        return f"this {subtype}"
    for kind in ("Land", "Battle", "Enchantment", "Artifact"):
        if kind in kinds:
            return f"this {kind.lower()}"
    return "this permanent"


def lower_first(text: str) -> str:
    """Effect texts start lower case (the engine capitalizes sentence starts); `{this}` stays, and so
    does a capital that keeps "Then ..." a sentence of its own rather than a continuation."""
    first = re.match(r"[A-Za-z'-]+", text)
    if first is not None and _proper_subtype(first.group()):
        return text  # "Raccoons you control get +1/+1": a subtype keeps its capital (205.3)
    lowered = text[:1].lower() + text[1:] if text[:1].isupper() else text
    return text if lowered.startswith(CONTINUATIONS) and lowered != text else lowered


def _proper_subtype(word: str) -> bool:
    """Whether `word` is a creature or artifact subtype as printed ("Rabbit", "Mice", "Food")."""
    from cardgen.model import subtypes

    name = subtypes.printed(False).get(word.lower()) or subtypes.printed(True).get(word.lower())
    return (name is not None and word[:1].isupper() and word.lower() in (name.lower(), subtypes.plural(name).lower())
            and subtypes.kinds().get(name) in ("creature", "artifact"))
