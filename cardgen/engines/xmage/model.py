"""The model of one card's XMage class, or why XMage's framework cannot be told the card.

`card_class` is what the export renders (`render.render_card` writes it with `card.java.j2`) and what
`cardgen validate` asks (`cardgen.engines.refusals`): one function both read, so the two cannot disagree on
which cards XMage refuses. It imports no template library; `render.checked_text` writes the model and checks
its constructor calls (XMG105), for export and validate alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.diagnostics import Diagnostic
from cardgen.engines.xmage.card_model import CardClass, FilterFields
from cardgen.engines.xmage.imports import NameClashError
from cardgen.engines.xmage.java_text import DEFAULT_AUTHOR
from cardgen.engines.xmage.lower import CardLowering
from cardgen.engines.xmage.names import class_name_problem
from cardgen.engines.xmage.problems import BAD_CLASS_NAME, Unsupported
from cardgen.model.card import Card
from cardgen.naming import class_name as derive_class_name
from cardgen.naming import letter

if TYPE_CHECKING:
    from cardgen.model.catalog import LoadedCard

PACKAGE_ROOT = "Mage.Sets/src/mage/cards"


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


def refusal(problem: Unsupported, loaded: LoadedCard) -> Diagnostic:
    """The diagnostic of a card XMage refuses, as export and validate both report it: at the spec node the
    problem names, the card's name first."""
    found = problem.diagnostic(str(loaded.path), loaded.positions)
    return Diagnostic(found.code, f"{loaded.card.name}: {found.message}", found.location, found.rule)


__all__ = ["PACKAGE_ROOT", "card_class", "card_class_name", "card_path", "refusal"]
