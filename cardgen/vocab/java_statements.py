"""The statements of a generated XMage method body, as plain data (`_statements.java.j2` writes them).

The generated sequence effect's `apply` (`cardgen.engines.xmage.sequence`) and the steps effect
constructs declare for it (`xmage.sequence.step`), and the card constructor's ability blocks
(`lower_parts.Block`, built by `lower` and the constructs' `xmage_*` hooks), are lists of these
statements: Python chooses the statement forms and lays out their expressions (`java_expr.fmt`, which
needs the column a statement starts at, so an expression is held as its laid-out text); the template
writes the statement around it, one macro per form, indented by its nesting. The module sits in the
vocabulary layer so a construct can build statements without importing the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Do:
    """`<expression>;`: a call statement (`controller.moveCards(...)`, `cards.retainZone(...)`)."""

    expression: str
    form: ClassVar[str] = "do"


@dataclass(frozen=True, slots=True)
class Local:
    """`<java_type> <name> = <value>;`: a local declaration."""

    java_type: str
    name: str
    value: str
    form: ClassVar[str] = "local"


@dataclass(frozen=True, slots=True)
class Assign:
    """`<name> = <value>;`: a local declared before is given a new value (the constructor's `ability`)."""

    name: str
    value: str
    form: ClassVar[str] = "assign"


@dataclass(frozen=True, slots=True)
class NullGuard:
    """`if (<name> == null) { return false; }`: the method gives up when a looked-up object is gone."""

    name: str
    form: ClassVar[str] = "null_guard"


@dataclass(frozen=True, slots=True)
class If:
    """`if (<condition>) { <body> }`, with `else { <otherwise> }` when `otherwise` is not empty."""

    condition: str
    body: tuple[Statement, ...]
    otherwise: tuple[Statement, ...] = ()
    form: ClassVar[str] = "if"


@dataclass(frozen=True, slots=True)
class ForEach:
    """`for (<java_type> <name> : <items>) { <body> }`."""

    java_type: str
    name: str
    items: str
    body: tuple[Statement, ...]
    form: ClassVar[str] = "for_each"


Statement = Do | Local | Assign | NullGuard | If | ForEach
"""One statement of a method body, one template macro per form."""

__all__ = ["Assign", "Do", "ForEach", "If", "Local", "NullGuard", "Statement"]
