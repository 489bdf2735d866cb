"""The typed shell of a generated XMage card class: package, imports, filter fields, constructor
arguments, the statement blocks `lower` wrote, the package-private classes after it.

`render` fills it; `templates/xmage/card.java.j2` writes it (the class, its constructor, its copy
constructor and `copy()`), `_filters.java.j2` its filter fields. The fields hold data - raw text the
template writes as Java literals (`java_string`, `doc_string`), XMage constant names, fully qualified
import names - except what a Java layout step has already laid out: an expression `jast.fmt` broke over
lines, and the statement lines of the blocks (`lower` writes those).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardgen.engines.xmage.filters import FilterTable
from cardgen.engines.xmage.jast import WIDTH, Str, call, fmt, new

FIELD_INDENT = 4
WRAPPED_INDENT = 12
"""Where XMage continues a field declaration broken before its `=`."""


@dataclass(frozen=True, slots=True)
class FilterDeclaration:
    """`private static final <java_class> <name> = <created>;`, broken before the `=` when too long."""

    java_class: str
    name: str
    created: str
    """The `new <java_class>("<message>")` expression, laid out by `jast.fmt`."""
    wrapped: bool


@dataclass(frozen=True, slots=True)
class FilterFields:
    """A class's filter fields, then the one static block that adds their predicates (`statics`: each
    `filter.add(...)` call, laid out, without its `;`)."""

    fields: tuple[FilterDeclaration, ...] = ()
    statics: tuple[str, ...] = ()

    @classmethod
    def of(cls, table: FilterTable | None) -> FilterFields:
        if table is None:
            return cls()
        fields = []
        statics = []
        for entry in table.fields:
            created = new(entry.java_class, Str(entry.message))
            inline = fmt(created, FIELD_INDENT, offset=len(entry.declaration) + 3)
            wrapped = FIELD_INDENT + len(entry.declaration) + 3 + len(inline.split("\n")[0]) > WIDTH
            laid_out = fmt(created, WRAPPED_INDENT, offset=2) if wrapped else inline
            fields.append(FilterDeclaration(entry.java_class, entry.name, laid_out, wrapped))
            statics += [fmt(call(entry.name, "add", predicate), 8) for predicate in entry.predicates]
        return cls(tuple(fields), tuple(statics))


@dataclass(frozen=True, slots=True)
class InnerClass:
    """A package-private class after the card class: the template that writes it and its context."""

    name: str
    template: str
    context: dict[str, Any]
    filters: FilterFields = field(default_factory=FilterFields)

    def template_context(self) -> dict[str, Any]:
        return {"name": self.name, **self.context, "filters": self.filters}


@dataclass(slots=True)
class CardClass:
    """One card's class, `mage.cards.<letter>.<name>`: `card_types` are `CardType` constants, `mana_cost`
    the printed cost (empty for none), `header` and `blocks` the constructor's statements, `inner` the
    text of each class after it."""

    letter: str
    name: str
    card_name: str
    framework_imports: list[str]
    jdk_imports: list[str]
    filters: FilterFields
    card_types: tuple[str, ...]
    mana_cost: str
    header: list[str]
    blocks: list[Any]
    inner: list[str]
