"""Collect the imports a generated class needs, and only those.

Every class name the context builder writes goes through `Imports.use`, which resolves it against the
list of XMage framework classes (or the few JDK classes allowed) - so a generated file can only import
classes that exist, each exactly once, and nothing unused. Output follows XMage's layout: framework
imports sorted, a blank line, then `java.*`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardgen.engines.xmage.data import JDK_CLASSES, class_index
from cardgen.engines.xmage.names import importable


class UnknownClassError(KeyError):
    """Generated code named a class that is neither a listed XMage framework class (`importable.txt`)
    nor an allowed JDK class (a bug in the backend, caught by the tests)."""


class NameClashError(ValueError):
    """A card's own class names (the card class, its effect/token classes) collide with an imported
    framework class: `Card Impl` would make a class `CardImpl`."""


@dataclass(slots=True)
class Imports:
    """The import set of one generated file. `local` names classes defined in the file itself."""

    local: set[str] = field(default_factory=set)
    used: dict[str, str] = field(default_factory=dict)

    def use(self, simple: str) -> str:
        """Import `simple` (a simple class name) and return the name to write in code."""
        if simple in self.local:
            raise NameClashError(simple)
        fqn = JDK_CLASSES.get(simple) or (class_index().get(simple) if simple in importable() else None)
        if fqn is None:
            raise UnknownClassError(simple)
        self.used[simple] = fqn
        return simple

    def add_local(self, simple: str) -> None:
        """Declare a class defined in this file; clashing with an imported class name is an error."""
        if simple in self.used:
            raise NameClashError(simple)
        self.local.add(simple)

    def merge(self, other: Imports) -> None:
        """Commit the classes a scratch collector gathered (built speculatively, then kept)."""
        for simple in other.used:
            self.use(simple)

    def framework(self) -> list[str]:
        return sorted(fqn for fqn in self.used.values() if not fqn.startswith("java."))

    def jdk(self) -> list[str]:
        return sorted(fqn for fqn in self.used.values() if fqn.startswith("java."))
