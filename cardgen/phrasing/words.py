"""The open-ended words of the text forms: keywords, durations, numbers, P/T, mana, tokens, the card
itself. Each is a `Primitive` (a reader and a writer side by side, from one table where there is one);
`cardgen.phrasing.forms` names them as slot types.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, get_args

from cardgen import vocab
from cardgen.model.card import Keyword
from cardgen.vocab.pattern import MISSING, Context, Primitive, words_primitive

# ------------------------------------------------------------------------------------------ words

SELF_NOUNS = ("creature", "spell", "aura", "equipment", "vehicle", "artifact", "enchantment", "land", "planeswalker",
              "battle", "permanent", "card", "class")
"""Oracle text since 2024 often says "this creature" where older text said the card's name."""

def _article_parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
    for word in ("a ", "an "):
        if lowered.startswith(word, pos):
            yield MISSING, pos + len(word)


def _self_parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
    """The card itself: its name (`~`) or, in newer oracle text, "this creature", "this Aura", ..."""
    if lowered.startswith("~", pos):
        yield "self", pos + 1
    for noun in SELF_NOUNS:
        words = f"this {noun}"
        end = pos + len(words)
        if lowered.startswith(words, pos) and not lowered[end:end + 1].isalpha():
            yield "self", end


KEYWORDS: dict[str, str] = {keyword.replace("_", " "): keyword for keyword in get_args(Keyword)}
"""Printed keyword -> spec keyword (`first strike` -> `first_strike`)."""


def _keyword_list_parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
    single = words_primitive(KEYWORDS)
    for first, end in single.parse(text, lowered, pos, ctx):
        yield [first], end
        for joiner in (" and ", ", and ", ", "):
            if lowered.startswith(joiner, end):
                for rest, final in _keyword_list_parse(text, lowered, end + len(joiner), ctx):
                    yield [first, *rest], final


def _keyword_list_render(value: Any, ctx: Context) -> str | None:
    if not isinstance(value, list) or not value:
        return None
    found = [next((w for w, k in KEYWORDS.items() if k == keyword), None) for keyword in value]
    words = [word for word in found if word is not None]
    if len(words) != len(found):
        return None
    if len(words) <= 2:
        return " and ".join(words)
    return ", ".join(words[:-1]) + ", and " + words[-1]  # "trample, hexproof, and indestructible"


def _also_parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
    if lowered.startswith(" also", pos):
        yield MISSING, pos + len(" also")
    if "also" not in ctx.modes:
        yield MISSING, pos


def _duration_parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
    if "front" in ctx.modes:  # "until your next turn, A and B": said once, before the clauses
        yield "until_your_next_turn", pos
        return
    yield from words_primitive(DURATIONS, boundary=False).parse(text, lowered, pos, ctx)


DURATIONS = {c.text.words: kind for kind, c in vocab.DURATIONS.items()}
"""How each duration is said after an effect (" until end of turn"), from the duration constructs."""
THIS_TURN = {c.text.this_turn or c.text.words: kind for kind, c in vocab.DURATIONS.items()}
"""The same after "can't" (" this turn")."""


def _this_turn_parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
    if "front" in ctx.modes:
        yield "until_your_next_turn", pos
        return
    yield from words_primitive(THIS_TURN, boundary=False).parse(text, lowered, pos, ctx)


def _words_render(table: dict[str, Any]) -> Any:
    return words_primitive(table, boundary=False).render


def numbered(primitive: Primitive, plural: bool) -> Primitive:
    """A target primitive restricted to one grammatical number (for verb agreement)."""

    def is_plural(value: Any) -> bool:
        return isinstance(value, dict) and value.get("target", {}).get("max", 1) > 1

    def parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
        for value, end in primitive.parse(text, lowered, pos, ctx):
            if is_plural(value) == plural:
                yield value, end

    def render(value: Any, ctx: Context) -> str | None:
        return primitive.render(value, ctx) if is_plural(value) == plural else None

    return Primitive(parse, render)


COUNTERS = {"+1/+1": "+1/+1", "-1/-1": "-1/-1", "stun": "stun", "shield": "shield", "indestructible": "indestructible",
            "stash": "stash"}
TYPE_WORD = {word: word for word in ("creature", "artifact", "enchantment", "land", "permanent", "planeswalker")}


def _pt_parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
    match = re.compile(r"(0|[1-9][0-9]{0,2}|\*)/(0|[1-9][0-9]{0,2}|\*)").match(lowered, pos)
    if match:
        yield match.group(), match.end()


PT = Primitive(_pt_parse, lambda value, ctx: value if isinstance(value, str) and "/" in value else None)


def _mana_parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
    # generic, X, colors, colorless, and hybrid / monocolored hybrid / phyrexian symbols (107.4e-f): `{U/B}`
    match = re.compile(r"(\{(?:[0-9]+|[WUBRGCX]|[WUBRG2C]/[WUBRG](?:/P)?|[WUBRG]/P)\})+").match(text, pos)
    if match:
        yield match.group(), match.end()


MANA = Primitive(_mana_parse, lambda value, ctx: value if isinstance(value, str) and value.startswith("{") else None)

# ------------------------------------------------------------------------------------------ tokens

COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
PREDEFINED = {"food": ("Food token", "Food tokens"), "treasure": ("Treasure token", "Treasure tokens"),
              "fish": ("1/1 blue Fish creature token", "1/1 blue Fish creature tokens"),
              "octopus": ("8/8 blue Octopus creature token", "8/8 blue Octopus creature tokens")}


def _token_words(token: Any, plural: bool) -> str | None:
    if isinstance(token, str):
        pair = PREDEFINED.get(token)
        return None if pair is None else pair[1 if plural else 0]
    if not isinstance(token, dict) or token.get("types") != ["Creature"] or not token.get("pt") \
            or len(token.get("subtypes", [])) != 1 or token.get("name") != token["subtypes"][0] \
            or set(token) - {"name", "colors", "types", "subtypes", "pt", "keywords"}:
        return None
    colors = [next(w for w, c in COLOR_WORDS.items() if c == color) for color in token.get("colors", [])]
    if len(colors) > 2:
        return None
    words = " ".join([token["pt"], " and ".join(colors), token["subtypes"][0], "creature",
                      "tokens" if plural else "token"]).replace("  ", " ")
    keywords = token.get("keywords", [])
    if keywords:
        listed = _keyword_list_render(keywords, Context())
        if listed is None:
            return None
        words += " with " + listed
    return words


def _token_parse(plural: bool) -> Any:
    noun = "tokens" if plural else "token"
    color = "white|blue|black|red|green"
    creature = re.compile(rf"(?P<pt>[0-9]{{1,2}}/[0-9]{{1,2}}) (?:(?P<color>{color})(?: and (?P<color2>{color}))? )?"
                          rf"(?P<sub>[A-Z][a-z]+) creature {noun}")

    def parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
        for name, pair in PREDEFINED.items():
            words = pair[1 if plural else 0].lower()
            if lowered.startswith(words, pos):
                yield name, pos + len(words)
        match = creature.match(text, pos)
        if not match:
            return
        token: dict[str, Any] = {"name": match.group("sub"), "types": ["Creature"],
                                 "subtypes": [match.group("sub")], "pt": match.group("pt")}
        if match.group("color"):  # two colours in the order of 105.1 ("blue and red")
            token["colors"] = [COLOR_WORDS[word] for word in (match.group("color"), match.group("color2")) if word]
        predefined = any(lowered[pos:match.end()] == pair[1 if plural else 0].lower() for pair in PREDEFINED.values())
        if not predefined:  # "1/1 blue Fish creature token" is the Fish token, one reading
            yield token, match.end()
        if lowered.startswith(" with ", match.end()):
            for keywords, end in _keyword_list_parse(text, lowered, match.end() + len(" with "), ctx):
                yield {**token, "keywords": keywords}, end

    return Primitive(parse, lambda value, ctx: _token_words(value, plural))




# ------------------------------------------------------------------------------- the slot types

KEYWORD = words_primitive(KEYWORDS)
KEYWORD_LIST = Primitive(_keyword_list_parse, _keyword_list_render)
TYPE_WORDS = words_primitive(TYPE_WORD)
COUNTER_KINDS = words_primitive(COUNTERS)


def _a_counter_words() -> dict[str, str]:
    """"a stun", "an indestructible": one counter of a kind with the article its word takes."""
    return {("an " if words[0] in "aeiou" else "a ") + words: value for words, value in COUNTERS.items()}


A_COUNTER_KIND = words_primitive(_a_counter_words())
ALSO = Primitive(_also_parse, lambda value, ctx: " also" if "also" in ctx.modes else "")
DURATION = Primitive(_duration_parse, _words_render(DURATIONS))
THIS_TURN_DURATION = Primitive(_this_turn_parse, _words_render(THIS_TURN))
TOKEN_SG = _token_parse(plural=False)
TOKEN_PL = _token_parse(plural=True)
SELF = Primitive(_self_parse, lambda value, ctx: "~" if value in (MISSING, "self") else None)
ARTICLE = Primitive(_article_parse, lambda value, ctx: "a ")
