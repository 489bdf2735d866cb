"""Set registration: the `cards.add(new SetCardInfo(...))` lines of XMage's set classes.

XMage lists a set's printings in its set class (`Mage.Sets/src/mage/sets/<SetClass>.java`), one line per
printing, sorted, with a graphic-info argument (`NON_FULL_USE_VARIOUS`) when a set prints a name more
than once. For a set XMage already has, the lines go to `<SetClass>.cards.txt` next to where the class
lives - `cardgen install` inserts them into the existing class; for a set XMage lacks, the whole class is
written. Which sets exist comes from `known_sets.txt` (read from XMage, see `refresh`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardgen.engines.xmage import data
from cardgen.engines.xmage.java import java_string
from cardgen.naming import class_name as derive_class_name
from cardgen.naming import fold, letter
from cardgen.spec.model import Card, Printing, SetInfo

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


def card_line(card: Card, card_class: str, printing: Printing, several: bool) -> str:
    """One `cards.add(...)` line; the number is written bare when it is a plain integer. `card_class` is
    a generated class's simple name or a framework class's full name (`mage.cards.basiclands.Forest`)."""
    number = printing.number if printing.number.isdigit() and not printing.number.startswith("0") \
        else java_string(printing.number)
    if printing.number == "0":
        number = "0"
    graphic = ""
    if printing.variant == "full_art":
        graphic = ", FULL_ART_USE_VARIOUS" if several else ", FULL_ART"
    elif several:
        graphic = ", NON_FULL_USE_VARIOUS"
    fqn = card_class if "." in card_class else f"mage.cards.{letter(card_class)}.{card_class}"
    return (f"cards.add(new SetCardInfo({java_string(card.name)}, {number}, Rarity.{rarity(card, printing)}, "
            f"{fqn}.class{graphic}));")


def registration_lines(info: SetInfo, cards: Iterable[tuple[Card, str]]) -> list[str]:
    """The set's lines for the given (card, class name) pairs, in XMage's order (sorted)."""
    lines = []
    for card, card_class in cards:
        printings = [p for p in card.printings if p.set == info.code]
        for printing in printings:
            lines.append(card_line(card, card_class, printing, len(printings) > 1))
    return sorted(lines)


def set_files(env: jinja2.Environment, info: SetInfo, cards: list[tuple[Card, str]]) -> SetFile:
    lines = registration_lines(info, cards)
    cls = set_class_name(info)
    if info.code in data.known_sets():
        text = env.get_template("set_cards.txt.j2").render(set_class=cls, code=info.code, lines=lines)
        return SetFile(f"{SETS_ROOT}/{cls}.cards.txt", text)
    date = info.release_date
    text = env.get_template("set_class.java.j2").render(
        set_class=cls, name=java_string(info.name), code=java_string(info.code),
        year=date.year, month=date.month, day=date.day, set_type=SET_TYPES[info.type], lines=lines,
        boosters=info.type not in ("promo", "test"),
    )
    return SetFile(f"{SETS_ROOT}/{cls}.java", text)
