"""The subtypes of rule 205.3 by kind, and how oracle text says one in the plural ("Mice you control").

A filter names objects by subtype ("target Rabbit", "Bat, Lizard, Rat, or Squirrel card", "other Mice you
control"): the phrasing must know which words are subtypes to read them, and their plurals to write them.
The list is `cardgen/data/subtypes.txt` (written with the XMage data files by
`python -m cardgen.engines.xmage.refresh`: XMage's `SubType` enum is kept current with every set), read on
first use only.
"""

from __future__ import annotations

import functools
from pathlib import Path

DATA_FILE = Path(__file__).resolve().parents[1] / "data" / "subtypes.txt"

IRREGULAR_PLURALS: dict[str, str] = {
    "Mouse": "Mice", "Elf": "Elves", "Dwarf": "Dwarves", "Wolf": "Wolves", "Werewolf": "Werewolves",
    "Ox": "Oxen", "Cyclops": "Cyclopes", "Homunculus": "Homunculi", "Locus": "Loci", "Fungus": "Fungi",
    "Hero": "Heroes",
    # the same word in the plural ("Merfolk you control", "Fish")
    **{word: word for word in ("Fish", "Jellyfish", "Starfish", "Sheep", "Elk", "Deer", "Djinn", "Merfolk",
                               "Treefolk", "Kithkin", "Moonfolk", "Kor", "Vedalken", "Samurai", "Equipment",
                               "Plains")},
}
"""Plurals English does not form by its rule (`plural`); oracle text: "Other Mice you control get +1/+1"."""


@functools.cache
def kinds() -> dict[str, str]:
    """Every subtype -> its kind: creature, artifact, enchantment, land, planeswalker, spell, battle."""
    found: dict[str, str] = {}
    for line in DATA_FILE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, kind = line.split("\t")
            found[name] = kind
    return found


def plural(subtype: str) -> str:
    """"Rabbit" -> "Rabbits", "Mouse" -> "Mice", "Fox" -> "Foxes", "Faerie" -> "Faeries"."""
    if subtype in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[subtype]
    if subtype.endswith(("s", "x", "z", "ch", "sh")):
        return subtype + "es"
    if subtype.endswith("y") and subtype[-2:-1] not in ("a", "e", "i", "o", "u"):
        return subtype[:-1] + "ies"
    return subtype + "s"


@functools.cache
def printed(plural_form: bool) -> dict[str, str]:
    """Each subtype's printed form in the singular or the plural, lower case -> the subtype; one word only
    (the names of several words are Planeswalker and Universes Beyond types no card's filter names)."""
    return {(plural(name) if plural_form else name).lower(): name for name in kinds() if " " not in name}
