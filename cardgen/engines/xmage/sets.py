"""Set registration: the `cards.add(new SetCardInfo(...))` lines of XMage's set classes.

XMage lists a set's printings in its set class (`Mage.Sets/src/mage/sets/<SetClass>.java`), one line per
printing, sorted, with a graphic-info argument (`NON_FULL_USE_VARIOUS`) when a set prints a name more
than once, and the printing's frame or art where XMage records it (`RETRO_ART`, `FULL_ART`). For a set
XMage already has, the lines go to `<SetClass>.cards.txt` next to where the class lives - `cardgen install`
inserts them into the existing class; for a set XMage lacks, the whole class is written. Which sets exist
comes from `known_sets.txt` (read from XMage, see `refresh`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardgen.engines.xmage import data
from cardgen.engines.xmage.java_text import DEFAULT_AUTHOR, java_string
from cardgen.model.card import Card, Printing, SetInfo
from cardgen.naming import class_name as derive_class_name
from cardgen.naming import fold, letter

if TYPE_CHECKING:  # validation asks this module for set class names without rendering anything
    import jinja2

SETS_ROOT = "Mage.Sets/src/mage/sets"
SET_TYPES = {"expansion": "EXPANSION", "core": "CORE", "commander": "SUPPLEMENTAL", "promo": "PROMOTIONAL",
             "supplemental": "SUPPLEMENTAL", "masters": "SUPPLEMENTAL", "funny": "JOKE_SET", "test": "CUSTOM_SET"}


@dataclass(frozen=True, slots=True)
class SetFile:
    path: str
    text: str


def set_class_name(info: SetInfo) -> str:
    """XMage's class for the set: the existing one, or one named after the set (code appended when that
    name, compared casefolded, is taken by another set XMage has)."""
    known = data.known_sets().get(info.code)
    if known is not None:
        return known[0]
    name = derive_class_name(info.name) or f"Set{info.code}"
    return f"{name}{info.code}" if fold(name) in _known_set_classes() else name


@functools.cache
def _known_set_classes() -> frozenset[str]:
    return frozenset(fold(cls) for cls, _ in data.known_sets().values())


def rarity(card: Card, printing: Printing) -> str:
    if "Basic" in card.supertypes and "Land" in card.types:
        return "LAND"
    return printing.rarity.upper()


@dataclass(frozen=True, slots=True)
class SetCardLine:
    """One `cards.add(new SetCardInfo(...))` line (`_set_lines.java.j2` writes it): the card's name (raw
    text), its collector number as XMage writes it (`bare`: a plain integer, else a string literal), its
    `Rarity` constant, the class (a generated class's full name, or a framework class's such as
    `mage.cards.basiclands.Forest`) and the graphic-info constant, if any."""

    name: str
    number: str
    bare: bool
    rarity: str
    card_class: str
    graphic: str | None

    def sort_key(self) -> tuple[str, str, str, str, str]:
        """XMage's order of these lines: sorted by their text, which is name (as its literal), number,
        rarity, class, graphic in that order - each field compared as written, a closing quote or the
        `,` after it ending it (both sort before any letter or digit, so a shorter field sorts first
        exactly as the whole line does)."""
        number = self.number if self.bare else java_string(self.number)
        return java_string(self.name), number, self.rarity, self.card_class, self.graphic or ""


@dataclass(frozen=True, slots=True)
class SetClass:
    """A whole set class for a set XMage lacks (`set_class.java.j2`): its class name, name and code (raw
    text), release date, `SetType` constant, whether it has boosters, its card lines."""

    name: str
    set_name: str
    code: str
    year: int
    month: int
    day: int
    set_type: str
    boosters: bool
    lines: tuple[SetCardLine, ...]
    author: str = DEFAULT_AUTHOR


def card_line(card: Card, card_class: str, printing: Printing, several: bool) -> SetCardLine:
    """One printing's line; the number is written bare when it is a plain integer. `card_class` is a
    generated class's simple name or a framework class's full name (`mage.cards.basiclands.Forest`)."""
    bare = printing.number == "0" or (printing.number.isdigit() and not printing.number.startswith("0"))
    graphic = None
    if printing.frame == "retro":
        graphic = "RETRO_ART_USE_VARIOUS" if several else "RETRO_ART"
    elif printing.variant == "full_art":
        graphic = "FULL_ART_USE_VARIOUS" if several else "FULL_ART"
    elif several:
        graphic = "NON_FULL_USE_VARIOUS"
    fqn = card_class if "." in card_class else f"mage.cards.{letter(card_class)}.{card_class}"
    return SetCardLine(card.name, printing.number, bare, rarity(card, printing), fqn, graphic)


def registration_lines(info: SetInfo, cards: Iterable[tuple[Card, str]]) -> list[SetCardLine]:
    """The set's lines for the given (card, class name) pairs, in XMage's order (`SetCardLine.sort_key`)."""
    lines = []
    for card, card_class in cards:
        printings = [p for p in card.printings if p.set == info.code]
        for printing in printings:
            lines.append(card_line(card, card_class, printing, len(printings) > 1))
    return sorted(lines, key=SetCardLine.sort_key)


def set_files(env: jinja2.Environment, info: SetInfo, cards: list[tuple[Card, str]]) -> SetFile:
    lines = registration_lines(info, cards)
    cls = set_class_name(info)
    if info.code in data.known_sets():
        text = env.get_template("set_cards.txt.j2").render(set_class=cls, code=info.code, lines=lines)
        return SetFile(f"{SETS_ROOT}/{cls}.cards.txt", text)
    date = info.release_date
    set_class = SetClass(cls, info.name, info.code, date.year, date.month, date.day, SET_TYPES[info.type],
                         info.type not in ("promo", "test"), tuple(lines), info.author or DEFAULT_AUTHOR)
    text = env.get_template("set_class.java.j2").render(set=set_class)
    return SetFile(f"{SETS_ROOT}/{cls}.java", text)
