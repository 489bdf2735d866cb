"""Noun phrases for filters and targets ("two target artifacts and/or enchantments", "target creature card
from your graveyard", "nonland permanent an opponent controls"), read and written from one set of tables.

A filter's phrase is prefix + subtype words + type words + noun + suffixes ("other Rabbits, Bats, Birds, and/or
Mice you control", "Bird creature card", "non-Aura permanent"); each part is a table from words to spec fields
(the subtypes: rule 205.3's list, `cardgen.model.subtypes`), and both the writer and the reader are built from
these tables, so a new word is one entry.
Phrases are open-ended (any combination of parts), which is why they are primitives of the grammar
rather than lists of forms.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any

from cardgen.model import subtypes as subtype_table
from cardgen.model.parts import keyword_text
from cardgen.vocab.pattern import Primitive

TYPE_WORDS = ("creature", "artifact", "enchantment", "land", "planeswalker", "battle", "instant", "sorcery",
              "permanent")
PLURALS = {word: word + "s" for word in TYPE_WORDS} | {"sorcery": "sorceries"}
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
                9: "nine", 10: "ten"}

PREFIXES: list[tuple[str, dict[str, Any]]] = [
    ("other ", {"other": True}),  # "each other creature you control"; a target says "another target ..."
    ("attacking ", {"attacking": True}),  # "attacking creatures you control", "target attacking creature"
    ("nonlegendary ", {"not_supertypes": ["legendary"]}),
    ("legendary ", {"supertypes": ["legendary"]}),
    ("snow ", {"supertypes": ["snow"]}),
    ("basic ", {"supertypes": ["basic"]}),
]
PREFIXES += [(f"non{word} ", {"not_types": [word]}) for word in TYPE_WORDS if word != "permanent"]
PREFIXES += [("nontoken ", {"token": False})]
"""Words before the type words, each setting one filter field, in the order they are written: two
"non-" words in a row are separated by a comma ("noncreature, nonland permanent", "nonland, nontoken
permanent", as oracle text lists coordinate adjectives)."""

NOUNS: dict[str, tuple[str, str]] = {"battlefield": ("", ""), "token": (" token", " tokens"),
                                     "graveyard": (" card", " cards"), "hand": (" card", " cards"),
                                     "stack": (" spell", " spells")}
"""The noun after the type words, by zone (singular, plural); `token` is a battlefield token."""

SUFFIXES: list[tuple[str, str, dict[str, Any]]] = [
    # (singular words, plural words, fields), in the order they are written
    (" with mana value {n} or less", " each with mana value {n} or less", {"max_mana_value": "{n}"}),
    (" with power {n} or greater", " with power {n} or greater", {"min_power": "{n}"}),
    (" with power {n} or less", " with power {n} or less", {"max_power": "{n}"}),
    (" from your graveyard", " from your graveyard", {"zone": "graveyard", "owner": "you"}),
    (" from an opponent's graveyard", " from an opponent's graveyard", {"zone": "graveyard", "owner": "opponent"}),
    (" you control", " you control", {"controller": "you"}),
    (" an opponent controls", " your opponents control", {"controller": "opponent"}),
    (" you don't control", " you don't control", {"controller": "not_you"}),
    (" of the chosen type", " of the chosen type", {"chosen_type": True}),  # 607.2a: the source's choice
    (" that entered the battlefield this turn", " that entered the battlefield this turn", {"entered_this_turn": True}),
    (" that was dealt damage this turn", " that were dealt damage this turn", {"dealt_damage_this_turn": True}),
    *((f" with {keyword_text(word).lower()}", f" with {keyword_text(word).lower()}", {"keywords": [word]})
      for word in ("flying",)),
    *((f" without {keyword_text(word).lower()}", f" without {keyword_text(word).lower()}", {"not_keywords": [word]})
      for word in ("flying",)),
]
"""(" with flying" / " without flying": the keywords printed filters name, 702.9; each is one more optional
group of the filter pattern, so only those a card says are listed.)"""


def _type_words(types: list[str], plural: bool) -> str | None:
    words = [PLURALS[t] if plural else t for t in types]
    if len(words) == 1:
        return words[0]
    if len(words) == 2:
        return f"{words[0]} and/or {words[1]}" if plural else f"{words[0]} or {words[1]}"
    return None


SUBTYPE_JOINERS = ("or", "and/or", "and")
"""How a list of subtypes is joined: "Bird, Frog, Otter, or Rat", "each other Squirrel and/or Food", "Rabbits,
Bats, Birds, and Mice you control get +1/+1". Any-of each time (the printed word follows the sentence: "get"
for all of them, "one or more ... enter"); a reading is checked against each, a phrase is written with the
first (singular) or the second (plural)."""
PHRASED_KINDS = frozenset({"creature", "artifact", "enchantment", "land", "spell", "battle"})
"""The kinds of subtype a filter phrase reads: a planeswalker type ("Will", "Jace") is a word of English too
often to be read as one, and no filter of a card names one."""


def _subtype_words(subtypes: list[str], plural: bool, joiner: str) -> str:
    words = [subtype_table.plural(word) if plural else word for word in subtypes]
    if len(words) == 1:
        return words[0]
    if len(words) == 2:
        return f"{words[0]} {joiner} {words[1]}"
    return ", ".join(words[:-1]) + f", {joiner} {words[-1]}"


def render_filter(selector: dict[str, Any], plural: bool, joiner: str | None = None) -> str | None:
    """The phrase for a filter (spec dict without defaults), or None when the tables cannot say it.
    Subtypes keep their capitals ("target Rabbit"); `joiner` joins a list of them (`SUBTYPE_JOINERS`; by
    default "or" in the singular, "and/or" in the plural)."""
    rest = dict(selector)
    zone = rest.pop("zone", "battlefield")
    if zone not in NOUNS:
        return None
    subtypes = rest.pop("subtypes", [])
    prefix = "".join(f"non-{word} " for word in rest.pop("not_subtypes", []))
    for words, fields in PREFIXES:
        wanted = {key: value for key, value in fields.items() if key in rest}
        if not wanted:
            continue
        for key, value in fields.items():
            current = rest.get(key)
            if isinstance(value, list) and isinstance(current, list) and set(value) <= set(current):
                remaining = [item for item in current if item not in value]
                if remaining:
                    rest[key] = remaining
                else:
                    rest.pop(key)
                prefix += words
            elif current == value:
                rest.pop(key)
                prefix += words
    types = rest.pop("types", [])
    noun_zone = zone
    if zone == "battlefield" and rest.get("token") is True:
        rest.pop("token")
        noun_zone = "token"
    noun = NOUNS[noun_zone][1 if plural else 0]
    if types:
        core = _type_words(types, plural and not noun)  # "creatures", but "creature cards"
        if core is None:
            return None
    elif noun and not subtypes:
        core, noun = noun.strip(), ""
    elif not subtypes:
        core = "permanents" if plural else "permanent"
    else:
        core = ""
    if subtypes:  # "Mice", but "Squirrel cards" and "Bird creature cards"
        words = _subtype_words(subtypes, plural and not types and not noun, joiner or SUBTYPE_JOINERS[int(plural)])
        core = f"{words} {core}" if core else words
    suffix = ""
    for singular, plural_words, fields in SUFFIXES:
        numbered = next((key for key, value in fields.items() if value == "{n}"), None)
        if numbered is not None:  # "with mana value {n} or less", "with power {n} or greater"
            if numbered in rest:
                suffix += (plural_words if plural else singular).replace("{n}", str(rest.pop(numbered)))
            continue
        wanted = {key: value for key, value in fields.items() if key != "zone"}
        if fields.get("zone", zone) == zone and all(rest.get(key) == value for key, value in wanted.items()):
            suffix += plural_words if plural else singular
            for key in wanted:
                rest.pop(key)
    if zone == "graveyard" and "from your graveyard" not in suffix and "graveyard" not in suffix:
        return None
    if rest:
        return None
    return _listed_prefix(prefix) + core + noun + suffix


def _listed_prefix(prefix: str) -> str:
    """The prefix words with a comma between two "non-" words in a row ("nonland, nontoken ")."""
    words = prefix.split()
    out = ""
    for index, word in enumerate(words):
        follows_non = index > 0 and words[index - 1].startswith("non") and word.startswith("non")
        out += (", " if follows_non else (" " if index else "")) + word
    return out + " " if out else ""


def _alternatives(words: list[str]) -> str:
    return "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))


def _subtype_printed(plural: bool) -> dict[str, str]:
    """The subtypes a phrase reads, lower case -> subtype; in the plural, both forms ("Mice", "Squirrel cards")."""
    kinds = subtype_table.kinds()
    found = {word: name for word, name in subtype_table.printed(False).items() if kinds[name] in PHRASED_KINDS}
    if plural:
        found |= {word: name for word, name in subtype_table.printed(True).items() if kinds[name] in PHRASED_KINDS}
    return found


@functools.lru_cache(maxsize=512)
def _filter_regex(plural: bool, named: frozenset[str] | None = None) -> re.Pattern[str]:
    """The pattern of a filter phrase. Its subtype parts are alternations of subtype words: every one
    (about 900, most of the time the pattern takes to compile: a good part of a one-file command's
    start-up) when `named` is None, else only the words in `named`. A text's own words
    (`_subtypes_named`) give a pattern that reads that text exactly as the whole one would: an
    alternative that is not in the text can never match, and those left keep their order."""
    singular_words = [word for word in _SUBTYPES[False] if named is None or word in named]
    words = [word for word in _SUBTYPES[plural] if named is None or word in named]
    subtype = rf"(?:{_alternatives(words)})(?![a-z'-])" if words else "(?!)"
    not_subtype = rf"non-(?:{_alternatives(singular_words)})" if singular_words else "(?!)"
    return _compiled(plural, subtype, not_subtype)


def _number(index: int) -> str:
    return f"(?P<n{index}>[0-9]+)"


def _compiled(plural: bool, subtype: str, not_subtype: str) -> re.Pattern[str]:
    types = _alternatives([*TYPE_WORDS, *(PLURALS[t] for t in TYPE_WORDS)] if plural else list(TYPE_WORDS))
    joiner = "(?: and/or | or )" if plural else " or "
    nouns = _alternatives(sorted({pair[1 if plural else 0].strip() for pair in NOUNS.values() if pair[0]}))
    prefix = _alternatives([words.strip() for words, _ in PREFIXES])
    listed = "(?:, (?:and/or |and |or )?| and/or | and | or )"
    suffixes = "".join(  # each number its own group (`n<index>`): two suffixes may carry one
        f"(?P<s{index}>{re.escape(plural_words if plural else singular).replace(re.escape('{n}'), _number(index))})?"
        for index, (singular, plural_words, _) in enumerate(SUFFIXES)
    )
    return re.compile(
        rf"(?P<prefix>(?:(?:{prefix}|{not_subtype}),? ){{0,3}})(?P<subs>{subtype}(?:{listed}{subtype})*)?"
        rf"(?:(?(subs) )(?P<t1>{types})(?:{joiner}(?P<t2>{types}))?)?"
        rf"(?: ?(?P<noun>{nouns}))?{suffixes}"
    )


_SUBTYPES = {False: _subtype_printed(False), True: _subtype_printed(True)}
_SUBTYPE_WORDS = frozenset(_SUBTYPES[False]) | frozenset(_SUBTYPES[True])
_WORD_RUN = re.compile(r"[a-z'-]+")
"""A run of the characters subtype words are made of (checked by `_names_subtype`; a test keeps every
subtype word within them)."""


def _subtypes_named(lowered: str, pos: int) -> frozenset[str]:
    """The subtype words a subtype part of the filter pattern could match in `lowered` from `pos` on, in
    the whole text or in a part of it `parse_filters` matches on its own (`fullmatch` up to an end).
    Such a part starts at `pos`, after a space (where a run of `[a-z'-]` starts) or after the "non-" of
    a run, and ends anywhere in that run, so it is a beginning of a run read from one of those places."""
    named = _subtype_words_at(lowered, pos)
    for start, words in _subtype_runs(lowered):
        if start >= pos:
            named |= words
    return named


def _names_subtype(lowered: str, pos: int) -> bool:
    """Whether a subtype part of the filter pattern could match in `lowered` from `pos` on."""
    return bool(_subtypes_named(lowered, pos))


@functools.lru_cache(maxsize=1024)
def _subtype_runs(lowered: str) -> tuple[tuple[int, frozenset[str]], ...]:
    """Each place in `lowered` where a run of `[a-z'-]` (or what follows its "non-") begins with a
    subtype word, with the words it begins with."""
    found = ((run.start(), _subtype_words_at(lowered, run.start())) for run in _WORD_RUN.finditer(lowered))
    return tuple((start, words) for start, words in found if words)


def _subtype_words_at(lowered: str, pos: int) -> frozenset[str]:
    run = _WORD_RUN.match(lowered, pos)
    if run is None:
        return frozenset()
    word = run.group()
    starts = (0, 4) if word.startswith("non-") else (0,)
    return frozenset(word[start:stop] for start in starts
                     for stop in range(start + _SHORTEST, min(len(word), start + _LONGEST) + 1)
                     if word[start:stop] in _SUBTYPE_WORDS)


_SHORTEST = min(map(len, _SUBTYPE_WORDS))
_LONGEST = max(map(len, _SUBTYPE_WORDS))


_LISTED = re.compile(r", (?:and/or |and |or )?| and/or | and | or ")
_SINGULAR = {PLURALS[t]: t for t in TYPE_WORDS} | {t: t for t in TYPE_WORDS}
_NOUN_ZONE = {"token": "token", "tokens": "token", "card": "card", "cards": "card", "spell": "stack",
              "spells": "stack"}


def parse_filters(lowered: str, pos: int, plural: bool) -> Iterator[tuple[dict[str, Any], int]]:
    """Every filter phrase starting at `pos` (longest first), each checked by writing it back."""
    regex = _filter_regex(plural, _subtypes_named(lowered, pos))
    match = regex.match(lowered, pos)
    if not match or match.end() == pos:
        return
    found = match.groupdict()
    if not found["t1"] and not found["noun"] and not found["subs"]:
        return
    # try the whole match, then shorter ones that end at a word boundary (a suffix may belong outside)
    ends = sorted({match.end(), *(pos + i for i, ch in enumerate(lowered[pos:match.end()]) if ch == " ")},
                  reverse=True)
    for end in ends:
        sub = regex.fullmatch(lowered, pos, end)
        if not sub:
            continue
        selector = _filter_from(sub.groupdict(), plural)
        if selector is not None and any((render_filter(selector, plural, joiner) or "").lower() == lowered[pos:end]
                                        for joiner in SUBTYPE_JOINERS[:len(SUBTYPE_JOINERS) if "subtypes" in selector
                                                                      else 1]):
            yield selector, end


def _filter_from(found: dict[str, str | None], plural: bool) -> dict[str, Any] | None:
    selector: dict[str, Any] = {}
    if found["subs"]:
        selector["subtypes"] = [_SUBTYPES[plural][word] for word in _LISTED.split(found["subs"])]
    noun = _NOUN_ZONE.get(found["noun"] or "", "")
    if noun == "card":
        selector["zone"] = "hand"
    elif noun == "stack":
        selector["zone"] = "stack"
    elif noun == "token":
        selector["token"] = True
    types = [_SINGULAR[t] for t in (found["t1"], found["t2"]) if t]
    if types:
        selector["types"] = types
    elif not noun and not found["subs"]:
        return None
    for word in (found["prefix"] or "").replace(",", " ").split():
        if word.startswith("non-"):
            selector.setdefault("not_subtypes", []).append(_SUBTYPES[False][word[len("non-"):]])
            continue
        for words, fields in PREFIXES:
            if words.strip() == word:
                for key, value in fields.items():
                    if isinstance(value, list):
                        selector[key] = [*selector.get(key, []), *value]
                    else:
                        selector[key] = value
    for index, (_, _, fields) in enumerate(SUFFIXES):
        if found[f"s{index}"]:
            selector.update({key: int(found[f"n{index}"] or 0) if value == "{n}" else value
                             for key, value in fields.items()})
    if selector.get("zone") == "hand" and selector.get("owner") is None and selector.get("controller"):
        return None
    return selector


def filter_primitive(plural: bool, zone: str | None = None) -> Primitive:
    """A filter phrase; with `zone`, only filters of that zone (the zone itself is implied by the words
    around it, as in "a nonland card from it")."""

    def parse(text: str, lowered: str, pos: int, ctx: Any) -> Iterator[tuple[Any, int]]:
        for selector, end in parse_filters(lowered, pos, plural):
            if zone is None or selector.get("zone", "battlefield") == zone:
                yield selector, end

    def render(value: Any, ctx: Any) -> str | None:
        if not isinstance(value, dict) or (zone is not None and value.get("zone", "battlefield") != zone):
            return None
        return render_filter(value, plural)

    return Primitive(parse, render)


def zone_card_primitive(zone: str) -> Primitive:
    """A card phrase of a card in `zone`, a zone the words around it name ("a noncreature card from among
    them" of a library's top cards): the words of a card phrase (`card`, as a hand card's), the zone `zone`."""

    def parse(text: str, lowered: str, pos: int, ctx: Any) -> Iterator[tuple[Any, int]]:
        for selector, end in parse_filters(lowered, pos, plural=False):
            if selector.get("zone", "battlefield") == "hand" and "owner" not in selector:
                yield {**selector, "zone": zone}, end

    def render(value: Any, ctx: Any) -> str | None:
        if not isinstance(value, dict) or value.get("zone") != zone or "owner" in value:
            return None
        return render_filter({**value, "zone": "hand"}, plural=False)

    return Primitive(parse, render)


# -------------------------------------------------------------------------------------- targets

_COUNTED = re.compile(
    r"(?P<upto>up to )?(?P<n>one|two|three|four|five|six|seven|eight|nine|ten) (?P<other>other )?target ")
_WORD_NUMBERS = {word: number for number, word in NUMBER_WORDS.items()}
PLAYER_TARGETS = {"any": "target player", "opponent": "target opponent"}


def render_target(target: dict[str, Any]) -> str | None:
    """`{target: ...}`'s phrase: "target creature", "up to two target creature cards ...", "any target"."""
    rest = dict(target)
    low, high = rest.pop("min", 1), rest.pop("max", 1)
    rest.pop("only_if_promised", None)
    if rest.get("player"):
        return PLAYER_TARGETS.get(rest["player"]) if len(rest) == 1 and (low, high) == (1, 1) else None
    if rest.pop("any_target", False):
        return "any target" if not rest and (low, high) == (1, 1) else None
    # "another target creature", "up to two other target creatures": other than the source (`other`) or
    # than the targets named before it (`other_target`); `compose` tells them apart when reading
    other = rest.pop("other", False)
    other = rest.pop("other_target", False) or other
    if (low, high) == (1, 1):
        phrase = render_filter(rest, plural=False)
        return None if phrase is None else ("another target " if other else "target ") + phrase
    if high not in NUMBER_WORDS or low not in (0, 1, high):
        return None
    phrase = render_filter(rest, plural=high > 1)
    if phrase is None:
        return None
    targets = "other target" if other else "target"
    if low == 1 and high > 1:  # "one or two target creatures", "one, two, or three target creatures"
        if high > 3:
            return None
        return f"{RANGES[high]} {targets} {phrase}"
    return f"{'up to ' if low == 0 else ''}{NUMBER_WORDS[high]} {targets} {phrase}"


RANGES = {2: "one or two", 3: "one, two, or three"}


def _parse_target(text: str, lowered: str, pos: int, ctx: Any) -> Iterator[tuple[Any, int]]:
    for player, words in PLAYER_TARGETS.items():
        if lowered.startswith(words, pos) and not lowered[pos + len(words):pos + len(words) + 1].isalpha():
            yield {"target": {"player": player}}, pos + len(words)
    if lowered.startswith("any target", pos):
        yield {"target": {"any_target": True}}, pos + len("any target")
    for high, words in RANGES.items():
        for other, target in ((False, " target "), (True, " other target ")):
            if lowered.startswith(words + target, pos):
                for selector, end in parse_filters(lowered, pos + len(words) + len(target), plural=True):
                    if not selector.get("other"):
                        yield {"target": {**selector, **({"other": True} if other else {}), "min": 1,
                                          "max": high}}, end
    counted = _COUNTED.match(lowered, pos)
    if counted:
        high = _WORD_NUMBERS[counted.group("n")]
        low = 0 if counted.group("upto") else high
        marked = {"other": True} if counted.group("other") else {}
        for selector, end in parse_filters(lowered, counted.end(), plural=high > 1):
            if not selector.get("other"):
                yield {"target": {**selector, **marked, "min": low, "max": high}}, end
    else:
        for words, marked in (("target ", {}), ("another target ", {"other": True})):
            if lowered.startswith(words, pos):
                for selector, end in parse_filters(lowered, pos + len(words), plural=False):
                    if not selector.get("other"):
                        yield {"target": {**selector, **marked}}, end


def _render_target(value: Any, ctx: Any) -> str | None:
    if not isinstance(value, dict) or set(value) != {"target"}:
        return None
    return render_target(value["target"])


TARGET = Primitive(_parse_target, _render_target)
"""A target subject, `{target: {...}}`."""


def _render_all(value: Any, ctx: Any) -> str | None:
    if not isinstance(value, dict) or set(value) != {"all"}:
        return None
    phrase = render_filter(value["all"], plural=True)
    if phrase is None:
        return None
    owned = any(key in value["all"] for key in ("controller", "owner"))
    return phrase if owned else "all " + phrase  # "creatures you control", "all creatures"


def _parse_all(text: str, lowered: str, pos: int, ctx: Any) -> Iterator[tuple[Any, int]]:
    if lowered.startswith("each ", pos):
        for selector, end in parse_filters(lowered, pos + len("each "), plural=False):
            yield {"all": selector}, end
    start = pos + len("all ") if lowered.startswith("all ", pos) else pos
    for selector, end in parse_filters(lowered, start, plural=True):
        if start != pos or any(key in selector for key in ("controller", "owner", "zone")):
            yield {"all": selector}, end


ALL = Primitive(_parse_all, _render_all)
"""Every matching object, `{all: {...}}`: "all creatures", "each creature", "permanents you control"."""


def count_primitive(article: bool) -> Primitive:
    """A number as a word ("two"); with `article`, also "a"/"an" for one."""

    def parse(text: str, lowered: str, pos: int, ctx: Any) -> Iterator[tuple[Any, int]]:
        for number, word in NUMBER_WORDS.items():
            end = pos + len(word)
            if lowered.startswith(word, pos) and not lowered[end:end + 1].isalpha():
                yield number, end
        if article:
            for word in ("an", "a"):
                end = pos + len(word)
                if lowered.startswith(word, pos) and not lowered[end:end + 1].isalpha():
                    yield 1, end

    def render(value: Any, ctx: Any) -> str | None:
        if not isinstance(value, int) or isinstance(value, bool):
            return None
        if article and value == 1:
            return "a"
        return NUMBER_WORDS.get(value)

    return Primitive(parse, render)


def _parse_digits(text: str, lowered: str, pos: int, ctx: Any) -> Iterator[tuple[Any, int]]:
    match = re.compile(r"[0-9]{1,2}").match(lowered, pos)
    if match:
        yield int(match.group()), match.end()


def _render_digits(value: Any, ctx: Any) -> str | None:
    return str(value) if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


DIGITS = Primitive(_parse_digits, _render_digits)


def _parse_signed(text: str, lowered: str, pos: int, ctx: Any) -> Iterator[tuple[Any, int]]:
    match = re.compile(r"[+-][0-9]{1,2}").match(lowered, pos)
    if match:
        yield int(match.group()), match.end()


def _render_signed(value: Any, ctx: Any) -> str | None:
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    return f"+{value}" if value >= 0 else str(value)


SIGNED = Primitive(_parse_signed, _render_signed)
"""A power or toughness change: "+2", "-1", "+0"."""
