"""Forge edition files (`res/editions/<Set Name>.txt`): a `[metadata]` block and the set's card list.

Forge lists each printing as `<collector number> <rarity letter> <name>` (artist credits, which a spec
does not carry, are optional). Regular printings go under `[cards]`; in an expansion, alternate versions go
under a section named after the treatment (`[borderless]`, `[showcase]`, `[extended art]`, `[promo]`), while
a Commander set keeps every printing in `[cards]`. Each section is sorted by collector number read as a
number, as Forge sorts them. (Checked against Forge's own Bloomburrow, Bloomburrow Commander and Duskmourn
Commander edition files.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cardgen.engines.forge.syntax import unsafe_reason
from cardgen.model.card import Card, SetInfo

RARITY_LETTERS: dict[str, str] = {
    "common": "C", "uncommon": "U", "rare": "R", "mythic": "M", "special": "S", "bonus": "S",
}
BASIC_LAND_LETTER = "L"
"""Forge marks basic lands with their own rarity letter."""

SECTIONS: dict[str | None, str] = {
    None: "cards", "full_art": "cards", "borderless": "borderless", "showcase": "showcase",
    "extended_art": "extended art", "promo": "promo",
}
SECTION_ORDER = ("cards", "borderless", "showcase", "extended art", "promo")
FLAT_SET_TYPES = frozenset({"commander"})
"""Set types whose Forge edition lists every printing under `[cards]`, treatments included: Forge's
`Bloomburrow Commander.txt` and `Duskmourn House of Horror Commander.txt` keep the extended-art reprints
of the deck cards (BLC 41-72, DSC 41-67) and the borderless ones in `[cards]`; only expansions such as
`Bloomburrow.txt` split `[borderless]`, `[showcase]`, `[extended art]` and `[promo]` out."""

SET_TYPES: dict[str, str] = {
    "expansion": "Expansion", "core": "Core", "commander": "Commander", "promo": "Promo",
    "supplemental": "Other", "masters": "Reprint", "funny": "Funny", "test": "Other",
}
"""Spec set type -> Forge `CardEdition.Type` (as Forge prints it in `Type=`)."""
NOT_ON_SCRYFALL = frozenset({"test"})
"""Set types with no Scryfall set, so no `ScryfallCode=` line (a set code is Scryfall's, upper-cased, as
Forge writes it: `ScryfallCode=BLB`)."""


@dataclass(frozen=True, slots=True)
class EditionLine:
    number: str
    rarity: str
    name: str


@dataclass
class EditionSection:
    title: str
    lines: list[EditionLine] = field(default_factory=list)


@dataclass
class EditionModel:
    """The render context of `templates/forge/edition.txt.j2`."""

    code: str
    date: str
    name: str
    type: str
    sections: list[EditionSection]
    scryfall_code: str | None = None
    """`ScryfallCode=`, which Forge's own edition files carry after `Type=` (Bloomburrow.txt:
    `ScryfallCode=BLB`) and CardEdition's reader takes for the set's Scryfall code (its default: `Code`);
    None for a set Scryfall does not have (the test set)."""


def collector_sort_key(number: str) -> tuple[int, str]:
    """Forge's natural order: `9` < `10` < `10a`."""
    match = re.match(r"([0-9]*)(.*)", number)
    assert match is not None
    digits, rest = match.groups()
    return (int(digits) if digits else 10**9, rest)


def rarity_letter(card: Card, rarity: str) -> str:
    if "Basic" in card.supertypes and "Land" in card.types:
        return BASIC_LAND_LETTER
    return RARITY_LETTERS[rarity]


def edition_file_name(info: SetInfo) -> str:
    """`editions/<Set Name>.txt`, with characters that are unsafe in a path dropped."""
    name = re.sub(r"[\\/:*?\"<>|\x00-\x1f]", "", info.name).strip().lstrip(".") or info.code
    return f"editions/{name}.txt"


def build_edition(info: SetInfo, cards: list[Card]) -> EditionModel:
    """The edition of `info` listing every printing of `cards` in that set."""
    for text, what in ((info.name, "set name"), (info.code, "set code")):
        reason = unsafe_reason(text)
        if reason:
            raise ValueError(f"the {what} {reason}")
    by_section: dict[str, list[EditionLine]] = {}
    for card in cards:
        for printing in card.printings:
            if printing.set != info.code:
                continue
            section = "cards" if info.type in FLAT_SET_TYPES else SECTIONS[printing.variant]
            by_section.setdefault(section, []).append(
                EditionLine(printing.number, rarity_letter(card, printing.rarity), card.name))
    sections = [
        EditionSection(title, sorted(by_section.get(title, []),
                                     key=lambda line: (collector_sort_key(line.number), line.name)))
        for title in SECTION_ORDER if title in by_section or title == "cards"
    ]
    return EditionModel(code=info.code, date=info.release_date.isoformat(), name=info.name,
                        type=SET_TYPES[info.type], sections=sections,
                        scryfall_code=None if info.type in NOT_ON_SCRYFALL else info.code)
