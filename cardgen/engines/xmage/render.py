"""Render one card spec to the text of its XMage class file (templates under `templates/xmage/`).

`lower` decides the Java; this module turns its parts into template contexts: import lists, filter
sections, the blocks under their oracle comments, and the package-private classes after the card class.
"""

from __future__ import annotations

from typing import Any

import jinja2

from cardgen.engines.xmage.filters import FilterTable
from cardgen.engines.xmage.imports import NameClashError
from cardgen.engines.xmage.jast import WIDTH, Str, call, fmt, new
from cardgen.engines.xmage.java import comment, java_string
from cardgen.engines.xmage.lower import CardLowering
from cardgen.engines.xmage.names import class_name_problem
from cardgen.engines.xmage.problems import BAD_CLASS_NAME, Unsupported
from cardgen.naming import class_name as derive_class_name
from cardgen.naming import letter
from cardgen.render.environment import make_environment
from cardgen.spec.model import Card

PACKAGE_ROOT = "Mage.Sets/src/mage/cards"


def environment() -> jinja2.Environment:
    return make_environment("xmage", {"java_comment": comment, "java_string": java_string})


def card_class_name(card: Card) -> str:
    """The card's class name, or a diagnostic when the name yields no usable Java identifier (the same
    rule `cardgen validate` applies, see `cardgen.derived`)."""
    name = derive_class_name(card.name)
    problem = class_name_problem(name, card=True)
    if problem is not None:
        raise Unsupported(f"the card name {card.name!r} {problem}", code=BAD_CLASS_NAME)
    return name


def card_path(card: Card) -> str:
    name = card_class_name(card)
    return f"{PACKAGE_ROOT}/{letter(name)}/{name}.java"


def doc_string(text: str) -> str:
    """`text` as a string literal fit for a `/** ... */` comment: escaped like a literal, and `/` written
    `\\/` so that no `*/` can end the comment early (the reader undoes both)."""
    return java_string(text).replace("/", "\\/")


def filter_section(table: FilterTable) -> dict[str, list[str]]:
    declarations = []
    statics = []
    for entry in table.fields:
        created = fmt(new(entry.java_class, Str(entry.message)), 4, offset=len(entry.declaration) + 3)
        if 4 + len(entry.declaration) + 3 + len(created.split("\n")[0]) > WIDTH:  # XMage breaks before the `=`
            created = fmt(new(entry.java_class, Str(entry.message)), 12, offset=2)
            declarations.append(f"{entry.declaration}\n{' ' * 12}= {created};")
        else:
            declarations.append(f"{entry.declaration} = {created};")
        for predicate in entry.predicates:
            statics.append(fmt(call(entry.name, "add", predicate), 8) + ";")
    return {"declarations": declarations, "statics": statics}


def render_card(card: Card, env: jinja2.Environment | None = None) -> str:
    """The Java source of the card's class. Raises `Unsupported` for what XMage can't express."""
    env = env or environment()
    name = card_class_name(card)
    lowering = CardLowering(card, name)
    try:
        for simple in ("CardImpl", "CardSetInfo", "CardType", "UUID"):
            lowering.use(simple)
        lowering.lower()
    except NameClashError as error:
        raise Unsupported(f"the class name {error.args[0]} clashes with an XMage class this card uses",
                          code=BAD_CLASS_NAME) from None
    inner_texts = []
    for inner in lowering.inner:
        context: dict[str, Any] = {"name": inner.name, **inner.context}
        context["filters"] = filter_section(inner.filters) if inner.filters else {"declarations": [], "statics": []}
        inner_texts.append(env.get_template(inner.template).render(context).rstrip("\n") + "\n")
    types = [f"CardType.{card_type.upper()}" for card_type in card.types]
    text = env.get_template("card.java.j2").render(
        letter=letter(name),
        class_name=name,
        card_name=doc_string(card.name),
        imports_framework=lowering.imports.framework(),
        imports_jdk=lowering.imports.jdk(),
        filters=filter_section(lowering.filters),
        card_types=types,
        mana_cost=java_string(str(card.mana_cost) if card.mana_cost is not None else ""),
        header=lowering.header,
        blocks=lowering.blocks,
        inner_classes=inner_texts,
    )
    return _tidy(text)


def _tidy(text: str) -> str:
    """One trailing newline, no trailing spaces, LF only (byte-identical output on every platform)."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"

