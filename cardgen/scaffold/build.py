"""From the printings of one card to the data of a spec and of its set's `set.yaml`.

The printed facts are filled in: cost, types, P/T, oracle, printings, the gift kind read from the
oracle's first line, and the printing's official text in other languages where the data has it. The
abilities are drafted from the other oracle lines (`cardgen.scaffold.draft`); the lines that could not be
drafted stay in `todo`, each with a guess of the ability kind and the reason, so the scaffold doubles as
a checklist.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, get_args

from cardgen import vocab
from cardgen.model.card import GiftKind, SetInfo
from cardgen.model.gift import GIFT_KINDS, gift_keyword_text
from cardgen.naming import short_name
from cardgen.scaffold.draft import draft_line
from cardgen.scaffold.sources import SetFacts, SourcePrinting

NUMBER = re.compile(r"^[0-9]{1,4}[a-z]?$")
"""Collector numbers the spec format accepts (the Printing model's pattern)."""

SET_TYPES = frozenset(get_args(SetInfo.model_fields["type"].annotation))


@dataclass(frozen=True, slots=True)
class TodoLine:
    """An oracle line still to be encoded, with the ability kind it most likely is."""

    kind: str
    text: str
    hint: str | None = None
    """A ready-made ability for lines that are fully determined (a keyword, "Equip {3}")."""
    problem: str | None = None
    """Why the line was not drafted (the words the drafter did not understand)."""
    index: int = 0
    """Its place among the oracle lines after the gift line (the TODO comment goes there)."""


@dataclass(slots=True)
class Scaffold:
    """A spec to write: its data (in spec key order), the lines to encode, and notes for the user."""

    spec: dict[str, Any]
    todo: list[TodoLine]
    gift_line: str | None
    drafted: int = 0
    """How many oracle lines were drafted into abilities."""
    notes: list[str] = field(default_factory=list)


def number_key(number: str) -> tuple[int, str]:
    """Sort collector numbers as numbers: 9 < 86 < 309 < 309a."""
    digits = number[: len(number) - len(number.lstrip("0123456789"))]
    return (int(digits) if digits else 1 << 30, number)


def detect_gift(oracle: str) -> tuple[GiftKind | None, str | None]:
    """The gift kind from the oracle's first line ("Gift a tapped Fish (...)"), and that line."""
    first = oracle.split("\n", 1)[0]
    for kind in GIFT_KINDS:
        keyword = gift_keyword_text(kind)
        if first == keyword or first.startswith(keyword + " "):
            return kind, first
    return None, None


def guess_kind(line: str, instant_or_sorcery: bool) -> TodoLine:
    """The ability kind an oracle line most likely needs (a hint for the contributor, not a decision): the
    first ability kind, in `text.order`, whose `text.guess(line, spell)` claims it (True, or the text of
    a ready-made ability for a line that is fully determined: a keyword, "Equip {3}")."""
    for construct in sorted(vocab.ABILITIES.values(), key=lambda c: c.text.order):
        guess = construct.text.guess
        claim = guess(line, instant_or_sorcery) if guess is not None else False
        if claim:
            return TodoLine(construct.kind, line, claim if isinstance(claim, str) else None)
    raise ValueError(f"no ability kind claims the line {line!r}")  # pragma: no cover - spell and static do


_BASIC_MANA = {"Plains": "{W}", "Island": "{U}", "Swamp": "{B}", "Mountain": "{R}", "Forest": "{G}"}


def _intrinsic_mana_reminder(printing: SourcePrinting) -> bool:
    """Whether the card is a basic land whose oracle text is only the reminder of the mana ability its
    basic land types give it ("({T}: Add {G}.)", 305.6): that ability is the type's, not a printed one."""
    symbols = [_BASIC_MANA[subtype] for subtype in printing.subtypes if subtype in _BASIC_MANA]
    if list(printing.types) != ["Land"] or not symbols or len(symbols) != len(printing.subtypes):
        return False
    return printing.oracle == f"({{T}}: Add {' or '.join(symbols)}.)"


def _pt(printing: SourcePrinting) -> str | None:
    if printing.power is None and printing.toughness is None:
        return None
    return f"{printing.power or '0'}/{printing.toughness or '0'}"


def _printing_entry(printing: SourcePrinting, with_variant: bool) -> dict[str, Any]:
    entry: dict[str, Any] = {"set": printing.set_code, "number": printing.number, "rarity": printing.rarity}
    if with_variant and printing.variant:
        entry["variant"] = printing.variant
    return entry


def choose_printings(
    printings: list[SourcePrinting], set_code: str, known_sets: frozenset[str]
) -> tuple[list[SourcePrinting], list[str]]:
    """The printings the spec lists: those in `set_code`, then those in other sets the project already
    has a `set.yaml` for (e.g. a promo reprint), sorted by set then number; duplicates (the same
    set and number twice in the data) dropped. Returns them and notes about what was left out."""
    notes: list[str] = []
    chosen: dict[tuple[str, str], SourcePrinting] = {}
    unsupported: list[str] = []
    unknown_sets: set[str] = set()
    for printing in printings:
        if printing.set_code != set_code and printing.set_code not in known_sets:
            unknown_sets.add(printing.set_code)
            continue
        if not NUMBER.match(printing.number):
            unsupported.append(f"{printing.set_code} {printing.number}")
            continue
        chosen.setdefault((printing.set_code, printing.number), printing)
    ordered = sorted(chosen.values(), key=lambda p: (p.set_code != set_code, p.set_code, number_key(p.number)))
    if unsupported:
        notes.append(
            "left out printings whose collector number the spec format cannot express: "
            + ", ".join(sorted(unsupported))
        )
    if unknown_sets:
        notes.append(
            "also printed in " + ", ".join(sorted(unknown_sets)) + " (no set.yaml there): add the set and the "
            "printing by hand if an engine should get it"
        )
    return ordered, notes


_MODE_LINE = re.compile(r"^(?:• |(?:\{P\})+ — )")
"""A mode's line of a modal ability (700.2): its bullet, or its pawprints (700.2h)."""


def _with_modes(lines: list[str]) -> list[str]:
    """The oracle's lines with each modal ability's modes joined to its choosing line: one ability."""
    out: list[str] = []
    for line in lines:
        if _MODE_LINE.match(line) and out:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out


def build_scaffold(printings: list[SourcePrinting], set_code: str, known_sets: frozenset[str]) -> Scaffold:
    """The spec for a card from its printings (at least one in `set_code`)."""
    listed, notes = choose_printings(printings, set_code, known_sets)
    if not any(p.set_code == set_code for p in listed):
        raise ValueError(f"no printing in {set_code} with a collector number the spec format accepts")
    first = listed[0]
    per_set: dict[str, int] = {}
    for printing in listed:
        per_set[printing.set_code] = per_set.get(printing.set_code, 0) + 1

    spec: dict[str, Any] = {"name": first.name}
    if first.mana_cost:
        spec["mana_cost"] = first.mana_cost
    spec["types"] = list(first.types)
    if first.supertypes:
        spec["supertypes"] = list(first.supertypes)
    if first.subtypes:
        spec["subtypes"] = list(first.subtypes)
    pt = _pt(first)
    if pt:
        spec["pt"] = pt
    gift, gift_line = detect_gift(first.oracle)
    if gift:
        spec["gift"] = gift
    elif first.oracle.startswith("Gift "):
        notes.append("the first oracle line starts with 'Gift' but names no known gift kind: set `gift:` by hand")
    # A variant tells printings in the same set apart; a lone printing in its set needs none.
    spec["printings"] = [_printing_entry(p, per_set[p.set_code] > 1) for p in listed]
    if _intrinsic_mana_reminder(first):
        spec["oracle"] = ""  # as the project's basic lands: nothing printed but what the land type means
        notes.append("the oracle text is only the reminder of the basic land type's intrinsic mana ability "
                     "(rule 305.6): the spec has no ability and an empty oracle")
    elif first.oracle:
        spec["oracle"] = first.oracle

    instant_or_sorcery = "Instant" in first.types or "Sorcery" in first.types
    oracle = spec.get("oracle", "")
    body = _with_modes(oracle.split("\n")[1:] if gift_line else oracle.split("\n"))
    todo: list[TodoLine] = []
    abilities: list[dict[str, Any]] = []
    taken: set[str] = set()
    for index, line in enumerate(line for line in body if line.strip()):
        keywords = _keyword_list(line, first.name, instant_or_sorcery, taken)
        if keywords is not None:  # "Flying, vigilance": one keyword ability each, on one printed line
            abilities.extend(keywords)
            continue
        guess = guess_kind(line, instant_or_sorcery)
        drafted = draft_line(line, first.name, spell=instant_or_sorcery, kind_guess=guess.kind, taken=taken,
                             short=short_name(first.name) if "Legendary" in first.supertypes else None)
        if drafted.ability is not None:
            abilities.append(drafted.ability)
            continue
        # The TODO comment's place among the abilities (a line of keywords gave several).
        todo.append(TodoLine(guess.kind, line, guess.hint, drafted.problem, len(abilities) + len(todo)))
        notes.append(f"oracle line {index + (2 if gift_line else 1)} was not drafted: {drafted.problem}; "
                     "write its ability by hand (the TODO comment in the file)")
    spec["abilities"] = abilities
    if first.translations:
        # the printed text of the printing the spec is drafted from, in each language the data has it
        spec["translations"] = {t.language: {"name": t.name, "type_line": t.type_line, "text": list(t.text)}
                                for t in first.translations}
    return Scaffold(spec=spec, todo=todo, gift_line=gift_line, notes=notes, drafted=len(abilities))


def _keyword_list(line: str, name: str, spell: bool, taken: set[str]) -> list[dict[str, Any]] | None:
    """The keyword abilities of a line of several keywords ("Flying, vigilance"), each drafted as the
    line it would be on its own ("Vigilance"); None unless every part is a keyword ability."""
    parts = line.split(", ")
    if len(parts) < 2 or any(not part or part != part.strip() for part in parts):
        return None
    out = []
    for part in parts:
        alone = part[:1].upper() + part[1:]
        drafted = draft_line(alone, name, spell=spell, kind_guess="keyword", taken=taken)
        if drafted.ability is None or drafted.ability.get("kind") != "keyword":
            return None
        out.append(drafted.ability)
    return out


def set_data(printings: list[SourcePrinting], set_code: str) -> tuple[dict[str, Any] | None, str | None]:
    """`set.yaml` data for `set_code` from what the card data says, or None and why not.

    MTGJSON gives the set's own name, date and type; Scryfall card objects carry `set_name`,
    `released_at` (the printing's date; the earliest is taken) and `set_type`. Set types the spec does
    not name (draft_innovation, box, ...) become `supplemental`.
    """
    facts = [p.set_facts for p in printings if p.set_code == set_code]
    names = sorted({f.name for f in facts if f.name})
    dates = sorted({f.release_date for f in facts if f.release_date})
    kinds = sorted({f.type for f in facts if f.type})
    missing = [label for label, values in (("name", names), ("release date", dates), ("set type", kinds)) if not values]
    if missing:
        return None, f"the card data does not give the set's {', '.join(missing)}"
    kind = kinds[0] if kinds[0] in SET_TYPES else "supplemental"
    return {"name": names[0], "code": set_code, "release_date": dates[0], "type": kind}, None


__all__ = ["Scaffold", "SetFacts", "TodoLine", "build_scaffold", "detect_gift", "guess_kind", "set_data"]
