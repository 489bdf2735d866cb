"""The Java class names the XMage backend derives, and the names they may never take.

A card's class is `mage.cards.<letter>.<Class>`; its package-private helper classes are `<Class><Role>`
(`<Class>Effect`, `<Class>Effect2`, ...) in the same package, so they share a namespace with every other
card of that letter. A class may not be a Java keyword, shadow `java.lang`, or take the simple name of a
class the generated code imports or extends (`Card Impl` -> `CardImpl`, `Uuid` -> `UUID` on a
case-insensitive file system): javac would resolve the import to the card itself.

The classes the backend can import are listed in `importable.txt`, and `Imports.use` refuses any other,
so validation can refuse every clashing name from the card name alone, without lowering the card.
"""

from __future__ import annotations

import functools

from cardgen.engines.xmage.data import DATA_DIR, JDK_CLASSES
from cardgen.engines.xmage.java_text import is_identifier
from cardgen.naming import fold

HELPER_ROLES: tuple[str, ...] = ("CantCastEffect", "Effect", "Target", "TargetAdjuster", "TargetPointer", "Token",
                                 "TriggeredAbility")
"""The suffixes of a card's helper classes (`CardLowering.local_class` takes no other)."""

JAVA_LANG = frozenset({
    "Boolean", "Byte", "CharSequence", "Character", "Class", "Comparable", "Deprecated", "Double", "Enum", "Error",
    "Exception", "Float", "FunctionalInterface", "Integer", "Iterable", "Long", "Math", "Number", "Object",
    "Override", "Record", "Runnable", "RuntimeException", "Short", "String", "StringBuilder", "SuppressWarnings",
    "System", "Thread", "Throwable", "Void",
})
"""`java.lang` names a generated class must not take: the file would shadow them (`@Override` among them)."""


@functools.cache
def importable() -> frozenset[str]:
    """Simple names of the XMage framework classes generated code may import (see `importable.txt`)."""
    listed: set[str] = set()
    for data_file in ("importable.txt", "known_tokens.txt"):  # a token class is imported where one fits
        text = (DATA_DIR / data_file).read_text(encoding="utf-8")
        listed.update(line.split("\t", 1)[0] for line in text.splitlines() if line and not line.startswith("#"))
    return frozenset(listed)


@functools.cache
def _taken() -> dict[str, str]:
    """Folded name -> what it is, for every name a generated class may not take."""
    taken = {fold(name): f"the XMage class {name} that generated code imports or extends" for name in importable()}
    taken.update({fold(name): f"java.util.{name}" for name in JDK_CLASSES})
    taken.update({fold(name): f"java.lang.{name}" for name in JAVA_LANG})
    return taken


def class_name_problem(name: str, *, card: bool) -> str | None:
    """Why `name` cannot be a generated class (None when it can). `card`: a card class, which XMage files
    under `mage.cards.<first letter>`, so it must start with an ASCII letter."""
    if not name:
        return "gives no Java class name (it has no ASCII letters or digits)"
    if not is_identifier(name):
        return f"gives `{name}`, which is not a Java class name (a keyword?)"
    if card and not (name[0].isascii() and name[0].isalpha()):
        return (f"gives the class name `{name}`: XMage files a card's class under `mage.cards.<first letter>`, "
                "so the name must start with a letter")
    clash = taken_class_name(name)
    if clash is not None:
        return f"gives the class name `{name}`, which would clash with {clash}"
    return None


def taken_class_name(name: str) -> str | None:
    """What a generated class named `name` would clash with (a class it imports, `java.lang`), if anything."""
    return _taken().get(fold(name))
