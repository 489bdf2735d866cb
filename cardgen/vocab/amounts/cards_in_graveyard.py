"""The `cards_in_graveyard` amount: "the number of creature cards in your graveyard", counted as the effect
resolves.

`amount: {count: cards_in_graveyard, type: creature}` ("Each opponent loses X life, where X is the number of
creature cards in your graveyard", Season of Loss). "Your graveyard" is the graveyard of the controller of
the spell or ability (109.5); the count is taken as the effect that uses it resolves (608.2h), so a card
put there by an earlier part of the same spell counts (and the resolving spell itself, still on the stack
until its last step, 608.2n, does not). A card type of the card itself (205.2a), not of a permanent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import AmountBase
from cardgen.vocab.construct import AmountConstruct, AmountRule, AmountText, ForgeAmount, XMageAmount
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.xmage.java_expr import Expr
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.game.context import Context


GraveyardType = Literal["artifact", "creature", "enchantment", "land"]
"""The card types counted: those XMage has a ready-made card filter of (`_XMAGE_FILTERS`)."""


# ------------------------------------------------------------------------------------------ the spec model

class CardsInGraveyardCount(AmountBase):
    """As many as the cards of one card type in the graveyard of the spell or ability's controller."""

    count: Literal["cards_in_graveyard"]
    type: GraveyardType


# ------------------------------------------------------------------------------------ text and phrasing

_TYPES = {word: word for word in ("artifact", "creature", "enchantment", "land")}

_PHRASINGS = {
    # "loses X life, where X is the number of creature cards in your graveyard": an effect's `where_x`
    "where_x": [Form("the number of {t:graveyard_type} cards in your graveyard",
                     {"count": "cards_in_graveyard", "type": V("t")})],
    # "create a 1/1 ... token for each creature card in your graveyard": after what is counted
    "for_each": [Form(" for each {t:graveyard_type} card in your graveyard",
                      {"count": "cards_in_graveyard", "type": V("t")})],
    "graveyard_type": [Form(word, value) for word, value in _TYPES.items()],
}


# ------------------------------------------------------------------------------------------------ Forge

_FORGE_PREFIX = "Count$ValidGraveyard "
"""Forge's count of the cards in graveyards matching a valid expression (AbilityUtils.xCount:
`ValidGraveyard <valid>`, the cards of every graveyard that match it for the ability's controller), the
controller's own by `YouOwn`, as Forge's own Season of Loss writes `Count$ValidGraveyard Creature.YouOwn`."""


def _forge(w: object, amount: CardsInGraveyardCount) -> str:
    return f"{_FORGE_PREFIX}{amount.type.capitalize()}.YouOwn"


def _forge_read(value: str) -> dict[str, Any] | None:
    if not value.startswith(_FORGE_PREFIX) or not value.endswith(".YouOwn"):
        return None
    word = value[len(_FORGE_PREFIX):-len(".YouOwn")].lower()
    return {"count": "cards_in_graveyard", "type": word} if word in _TYPES else None


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FILTERS = {"artifact": "FILTER_CARD_ARTIFACTS", "creature": "FILTER_CARD_CREATURES",
                  "enchantment": "FILTER_CARD_ENCHANTMENTS", "land": "FILTER_CARD_LANDS"}
"""The `StaticFilters` card filter of each type counted (their messages, "creature cards", are what
`getMessage` prints: "the number of creature cards in your graveyard")."""


def _xmage(w: CardLowering, amount: CardsInGraveyardCount) -> Expr:
    """`new CardsInControllerGraveyardCount(StaticFilters.FILTER_CARD_CREATURES)`: the cards of the controller's
    graveyard matching the filter (`calculate`), as XMage's own Season of Loss writes it."""
    filters = w.use("StaticFilters")
    return w.new(w.use("CardsInControllerGraveyardCount"), w.Raw(f"{filters}.{_XMAGE_FILTERS[amount.type]}"))


def _xmage_read(value: Any) -> dict[str, Any] | None:
    flat = value.flat() if hasattr(value, "flat") else None
    for word, field in _XMAGE_FILTERS.items():
        if flat == f"new CardsInControllerGraveyardCount(StaticFilters.{field})":
            return {"count": "cards_in_graveyard", "type": word}
    return None


# --------------------------------------------------------------------------------------------- resolver

def _evaluate(ctx: Context, amount: CardsInGraveyardCount) -> int:
    """The cards of that type in the graveyard of the resolving spell or ability's controller, now (608.2h)."""
    state = ctx.state
    return sum(1 for oid in state.players[ctx.controller].graveyard
               if state.obj(oid).chars.is_type(amount.type))


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AmountConstruct(
    kind="cards_in_graveyard", model=CardsInGraveyardCount,
    text=AmountText(phrasings=_PHRASINGS),
    forge=ForgeAmount(write=_forge, read=_forge_read),
    xmage=XMageAmount(write=_xmage, read=_xmage_read),
    rule=AmountRule(evaluate=_evaluate),
)
