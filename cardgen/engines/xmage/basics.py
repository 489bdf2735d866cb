"""Basic lands: framework classes in XMage (`mage.cards.basiclands.Forest` and its siblings, in the `Mage`
module), never generated. Set lines reference them as XMage's own set classes do, and reading a tree back
turns such a registration into the basic land it stands for."""

from __future__ import annotations

from cardgen.engines.xmage import data
from cardgen.model.card import Card

PACKAGE = "mage.cards.basiclands"
FOLDER = "Mage.Sets/src/mage/cards/basiclands"
"""Where `card_path` points for a basic land: no file is written or expected there."""


def framework_class(card: Card) -> str | None:
    """`mage.cards.basiclands.Forest` when `card` is that basic land exactly (Basic Land - Forest, no
    abilities, no text), else None."""
    fqn = f"{PACKAGE}.{card.name}"
    if (card.types == ["Land"] and card.supertypes == ["Basic"] and card.subtypes == [card.name]
            and not card.abilities and not card.oracle and fqn in data.known_classes()):
        return fqn
    return None


def basic_land(name: str, printings: list[dict[str, str | None]]) -> Card:
    """The spec of the basic land XMage's framework class `name` is (its mana ability is intrinsic, 305.6)."""
    return Card.model_validate({
        "name": name, "types": ["Land"], "supertypes": ["Basic"], "subtypes": [name], "oracle": "",
        "printings": [{k: v for k, v in p.items() if v is not None} for p in printings],
    })
