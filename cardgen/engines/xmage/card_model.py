"""The typed shell of a generated XMage card class: package, imports, filter fields, constructor
arguments, the statement blocks `lower` wrote, the package-private classes after it.

`render` fills it; `templates/xmage/card.java.j2` writes it (the class, its constructor, its copy
constructor and `copy()`, then each class after it by its form's `write` macro), `_filters.java.j2` its
filter fields. The fields hold data - raw text the template writes as Java literals (`java_string`,
`doc_string`), XMage constant names, fully qualified import names - except what a Java layout step has
already laid out: an expression `java_expr.fmt` broke over lines, held in the statements
(`cardgen.vocab.java_statements`) of the ability blocks and of a sequence effect's `apply` (`lower`,
`sequence` and the construct hooks choose those; `_statements.java.j2` writes them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardgen.engines.xmage.filters import FilterTable
from cardgen.engines.xmage.java_expr import WIDTH, Str, call, fmt, new
from cardgen.vocab.java_statements import Statement

FIELD_INDENT = 4
WRAPPED_INDENT = 12
"""Where XMage continues a field declaration broken before its `=`."""


@dataclass(frozen=True, slots=True)
class FilterDeclaration:
    """`private static final <java_class> <name> = <created>;`, broken before the `=` when too long."""

    java_class: str
    name: str
    created: str
    """The `new <java_class>("<message>")` expression, laid out by `java_expr.fmt`."""
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
class TokenClass:
    """`final class <name> extends TokenImpl` (`token.java.j2`): a token the card creates that XMage has
    no class for. `token_name` and `description` are raw text; `card_types`, `supertypes` are enum
    constant names, `colors` the setters of its color, `subtypes` `SubType` constants, `abilities` the
    keyword abilities as flat Java expressions."""

    name: str
    token_name: str
    description: str
    card_types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: str | None = None
    toughness: str | None = None
    abilities: tuple[str, ...] = ()
    template: str = "token.java.j2"


@dataclass(frozen=True, slots=True)
class SequenceEffectClass:
    """`class <name> extends OneShotEffect` (`sequence_effect.java.j2`): effects that hand objects from one
    step to the next. `static_text` is the literal `java_expr.split_string` laid out; `body` the statements of
    `apply` (`_statements.java.j2` writes them); `filters` the class's own filter fields."""

    name: str
    static_text: str
    body: tuple[Statement, ...]
    filters: FilterFields = field(default_factory=FilterFields)
    template: str = "sequence_effect.java.j2"


@dataclass(frozen=True, slots=True)
class FixedClass:
    """A class whose text only its name varies: the gift target adjuster, the fourth-and-later target
    pointer, the "whenever you give a gift" trigger, the can't-cast effect (`template` writes it)."""

    name: str
    template: str


InnerClass = TokenClass | SequenceEffectClass | FixedClass
"""A package-private class after the card class, one form each, each written by its `template`."""


@dataclass(frozen=True, slots=True)
class CardHeader:
    """The constructor's first statements: `SuperType` constants, `SubType` constants (as written, with
    their class), printed power and toughness (None for a card without them)."""

    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: str | None = None
    toughness: str | None = None

    def __bool__(self) -> bool:
        return bool(self.supertypes or self.subtypes or self.power is not None)


@dataclass(slots=True)
class CardClass:
    """One card's class, `mage.cards.<letter>.<name>`: `card_types` are `CardType` constants, `mana_cost`
    the printed cost (empty for none), `header` the constructor's first statements, `blocks` one block
    per ability (its statements, built by `lower`), `inner` the classes after it."""

    letter: str
    name: str
    card_name: str
    author: str
    """The `@author` of the class (the spec's, else `DEFAULT_AUTHOR`)."""
    framework_imports: list[str]
    jdk_imports: list[str]
    filters: FilterFields
    card_types: tuple[str, ...]
    mana_cost: str
    header: CardHeader
    blocks: list[Any]
    inner: list[InnerClass]
