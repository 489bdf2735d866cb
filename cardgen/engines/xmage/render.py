"""Render one card spec to the text of its XMage class file (templates under `templates/xmage/`).

`lower` decides the Java; this module turns its parts into the typed shell of the class
(`card_model.CardClass`: import lists, filter fields, constructor arguments, the blocks under their oracle
comments, and the typed models of the package-private classes after the card class), which
`card.java.j2` writes (each class after it by the `write` macro of its form's template).
"""

from __future__ import annotations

import jinja2

from cardgen.engines.xmage.card_model import CardClass, FilterFields
from cardgen.engines.xmage.imports import NameClashError
from cardgen.engines.xmage.java_text import DEFAULT_AUTHOR, comment, java_string
from cardgen.engines.xmage.lower import CardLowering
from cardgen.engines.xmage.names import class_name_problem
from cardgen.engines.xmage.problems import BAD_CLASS_NAME, BAD_CONSTRUCTOR, Unsupported
from cardgen.model.card import Card
from cardgen.naming import class_name as derive_class_name
from cardgen.naming import letter
from cardgen.render.environment import make_environment

PACKAGE_ROOT = "Mage.Sets/src/mage/cards"


def environment() -> jinja2.Environment:
    return make_environment("xmage", {"java_comment": comment, "java_string": java_string, "doc_string": doc_string})


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


def render_card(card: Card, env: jinja2.Environment | None = None) -> str:
    """The Java source of the card's class. Raises `Unsupported` for what XMage can't express."""
    from cardgen.engines.xmage.constructors import mismatches

    env = env or environment()
    text = _tidy(env.get_template("card.java.j2").render(card=card_class(card)))
    wrong = mismatches(text)
    if wrong:  # a class XMage's compiler would refuse is never written
        raise Unsupported("the class would not compile against XMage's framework: " + "; ".join(map(str, wrong)),
                          code=BAD_CONSTRUCTOR)
    return text


def card_class(card: Card) -> CardClass:
    """The card's class as `lower` decides it, with the typed models of the classes after it."""
    name = card_class_name(card)
    lowering = CardLowering(card, name)
    try:
        for simple in ("CardImpl", "CardSetInfo", "CardType", "UUID"):
            lowering.use(simple)
        lowering.lower()
    except NameClashError as error:
        raise Unsupported(f"the class name {error.args[0]} clashes with an XMage class this card uses",
                          code=BAD_CLASS_NAME) from None
    return CardClass(
        letter=letter(name),
        name=name,
        card_name=card.name,
        author=card.author or DEFAULT_AUTHOR,
        framework_imports=lowering.imports.framework(),
        jdk_imports=lowering.imports.jdk(),
        filters=FilterFields.of(lowering.filters),
        card_types=tuple(card_type.upper() for card_type in card.types),
        mana_cost=str(card.mana_cost) if card.mana_cost is not None else "",
        header=lowering.header,
        blocks=lowering.blocks,
        inner=list(lowering.inner),
    )


def _tidy(text: str) -> str:
    """One trailing newline, no trailing spaces, LF only (byte-identical output on every platform)."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"

