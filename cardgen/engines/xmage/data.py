"""The facts about XMage this backend relies on, read from the data files next to this module.

`known_classes.txt`, `subtypes.txt` and `known_sets.txt` are generated from an XMage checkout by
`cardgen.engines.xmage.refresh` (their headers name the commit). Nothing here touches the network or an
XMage checkout, so rendering and the tests run anywhere.
"""

from __future__ import annotations

import functools
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent

JDK_CLASSES: dict[str, str] = {
    name.rsplit(".", 1)[1]: name
    for name in ("java.util.ArrayList", "java.util.LinkedHashSet", "java.util.List", "java.util.Set",
                 "java.util.UUID")
}
"""The few JDK classes generated code uses; everything else must be an XMage framework class."""


def _rows(name: str) -> list[list[str]]:
    text = (DATA_DIR / name).read_text(encoding="utf-8")
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


def header_commit(name: str = "known_classes.txt") -> str:
    """The XMage commit a data file was read from (its first header line ends with it)."""
    first = (DATA_DIR / name).read_text(encoding="utf-8").splitlines()[0]
    return first.rsplit(" ", 1)[1]


@functools.cache
def rule_text_replacing() -> frozenset[str]:
    """The triggered-ability classes that print "it" for a leading `{this}` of their effects' text
    (`rule_text_replacing.txt`)."""
    return frozenset(row[0] for row in _rows("rule_text_replacing.txt"))


@functools.cache
def known_classes() -> frozenset[str]:
    """Fully-qualified names of XMage framework classes (the `Mage` module)."""
    return frozenset(row[0] for row in _rows("known_classes.txt"))


@functools.cache
def class_index() -> dict[str, str]:
    """Simple name -> fully-qualified name. Simple names are unique in the framework (checked by a test),
    so generated code can name a class by its simple name alone."""
    index: dict[str, str] = {}
    for fqn in sorted(known_classes()):
        index.setdefault(fqn.rsplit(".", 1)[1], fqn)
    return index


@functools.cache
def subtypes() -> dict[str, str]:
    """Printed subtype -> `SubType` constant (`Raccoon` -> `RACCOON`)."""
    return {row[0]: row[1] for row in _rows("subtypes.txt")}


@functools.cache
def subtype_descriptions() -> dict[str, str]:
    """`SubType` constant -> printed subtype (the reader's direction)."""
    return {constant: description for description, constant in subtypes().items()}


@functools.cache
def known_sets() -> dict[str, tuple[str, str]]:
    """Set code -> (set class name, set name) for every set XMage already has."""
    return {row[0]: (row[1], row[2]) for row in _rows("known_sets.txt")}


@functools.cache
def static_filters() -> frozenset[str]:
    """The `StaticFilters` field names of the XMage commit in `static_filters.txt`."""
    return frozenset(row[0] for row in _rows("static_filters.txt"))


@functools.cache
def known_tokens() -> dict[str, dict[str, object]]:
    """XMage token class -> the spec `TokenDef` fields it has (`known_tokens.txt`)."""
    def words(cell: str) -> list[str]:
        return [word for word in cell.split(",") if word]

    return {row[0]: {"name": row[1], "colors": words(row[2]), "types": words(row[3]), "subtypes": words(row[4]),
                     "pt": row[5] or None, "keywords": words(row[6]) if len(row) > 6 else []}
            for row in _rows("known_tokens.txt")}


@functools.cache
def static_filter_messages() -> dict[str, str]:
    """`StaticFilters` field -> its message, where the file records one."""
    return {row[0]: row[2] for row in _rows("static_filters.txt") if len(row) > 2 and row[2]}
