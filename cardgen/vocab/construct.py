"""One effect kind of the spec, declared once: what every part of cardgen needs to know about it.

A construct module (`cardgen/vocab/effects/<kind>.py`) builds one `EffectConstruct` and fills its slots
with decorators, section by section: the subjects it acts on, its phrasings and rules text, its Forge
form and the mapping back, its XMage form and the mapping back, and its resolver handler. The writers,
readers, the canonicaliser, the text check and the resolver ask the registry (`cardgen.vocab`) for these
instead of keeping their own table per kind, so adding an effect is adding one module. Ability kinds
(`cardgen/vocab/abilities/<kind>.py`, an `AbilityConstruct`) and trigger events (`cardgen/vocab/events/
<event>.py`, an `EventConstruct`) are declared the same way.

The slots hold plain callables and data: a construct module never imports an engine writer or the
resolver's dispatch at run time (only the game-state kit below them, and types under TYPE_CHECKING), which
is what keeps `cardgen.vocab` below every consumer in the import layers.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

Slot = Callable[..., Any]


@dataclass(eq=False)
class EffectConstruct:
    """The declaration of one effect kind (`effect: <kind>` in a spec).

    `subjects` names the fields that hold the objects or players the effect acts on, primary subject
    first; it is the one definition every walker uses. `hooks` holds the per-consumer callables and data,
    by slot name; `slot()` registers into it and `hook()` reads it back."""

    kind: str
    model: type
    subjects: tuple[str, ...] = ()
    hooks: dict[str, Any] = field(default_factory=dict)

    def slot(self, name: str) -> Callable[[Slot], Slot]:
        """Decorator: register the decorated function as this construct's `name` hook."""

        def register(function: Slot) -> Slot:
            self.put(name, function)
            return function

        return register

    def put(self, name: str, value: Any) -> None:
        """Register data (or a callable) as the `name` hook; a slot is filled once."""
        if name in self.hooks:
            raise ValueError(f"effect {self.kind!r}: slot {name!r} filled twice")
        self.hooks[name] = value

    def hook(self, name: str, default: Any = None) -> Any:
        return self.hooks.get(name, default)

    def has(self, name: str) -> bool:
        return name in self.hooks


@dataclass(eq=False)
class AbilityConstruct(EffectConstruct):
    """The declaration of one ability kind (`kind: <kind>` in a spec's `abilities`), with the same slots
    as an effect's: its oracle line's phrasing, its Forge line, its XMage ability, its resolver part and
    its validation. `subjects` stays empty: an ability acts through its effects."""


@dataclass(eq=False)
class EventConstruct(EffectConstruct):
    """The declaration of one trigger event (`event: <event>` of a triggered ability): its trigger phrase,
    its Forge `T:Mode$`, its XMage triggered-ability class, and how the resolver sees it happen."""


def discover(package: ModuleType, what: str) -> dict[str, Any]:
    """Every construct of a package of construct modules (each module's `CONSTRUCT`), by kind, in sorted
    module order: listing the package is what lets a new construct be a new file and nothing else."""
    found: dict[str, Any] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        construct = importlib.import_module(f"{package.__name__}.{info.name}").CONSTRUCT
        if construct.kind in found:
            raise ValueError(f"two constructs for {what} {construct.kind!r}")
        found[construct.kind] = construct
    return found
