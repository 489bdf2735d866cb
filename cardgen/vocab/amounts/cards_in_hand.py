"""The `cards_in_hand` amount: "the number of cards in your hand", counted as the effect resolves.

`amount: {count: cards_in_hand}` ("Draw cards equal to the number of cards in your hand", "Create a 1/1
... token for each card in your hand"). "Your" is the controller of the spell or ability (109.5); the
count is taken as the effect that uses it resolves (608.2h), so the card being cast, on the stack by then,
is not counted, and cards drawn by an earlier effect of the same spell are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import AmountBase
from cardgen.vocab.construct import AmountConstruct, AmountRule, AmountText, ForgeAmount, XMageAmount
from cardgen.vocab.pattern import Form

if TYPE_CHECKING:
    from cardgen.engines.xmage.java_expr import Expr
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.game.context import Context


# ------------------------------------------------------------------------------------------ the spec model

class CardsInHandCount(AmountBase):
    """As many as the cards in the hand of the controller of the spell or ability."""

    count: Literal["cards_in_hand"]


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    # "draw cards equal to the number of cards in your hand": the `cards` rule says a number of cards
    "cards": [Form("cards equal to the number of cards in your hand", {"count": "cards_in_hand"})],
    # "create a Treasure token for each card in your hand": after what is counted
    "for_each": [Form(" for each card in your hand", {"count": "cards_in_hand"})],
}


# ------------------------------------------------------------------------------------------------ Forge

FORGE_COUNT = "Count$InYourHand"
"""Forge's count of the cards in the controller's hand (AbilityUtils.xCount falls through to
getCardListForXCount: `InYourHand` adds the cards of the player's hand, and the count is their number)."""


def _forge(w: object, amount: CardsInHandCount) -> str:
    return FORGE_COUNT


def _forge_read(value: str) -> dict[str, Any] | None:
    return {"count": "cards_in_hand"} if value == FORGE_COUNT else None


# ------------------------------------------------------------------------------------------------ XMage

XMAGE_MEMBERS = ("ANY", "ANY_SINGULAR")
"""The members of XMage's `CardsInControllerHandCount` that count every card of the controller's hand
(their messages: "cards in your hand", "card in your hand"); the first is written."""


def _xmage(w: CardLowering, amount: CardsInHandCount) -> Expr:
    """`CardsInControllerHandCount.ANY`: XMage's dynamic value of the cards in the controller's hand
    (`calculate`: the size of the controller's hand)."""
    return w.Raw(f"{w.use('CardsInControllerHandCount')}.{XMAGE_MEMBERS[0]}")


def _xmage_read(value: Any) -> dict[str, Any] | None:
    flat = value.flat() if hasattr(value, "flat") else None
    members = {f"CardsInControllerHandCount.{member}" for member in XMAGE_MEMBERS}
    return {"count": "cards_in_hand"} if flat in members else None


# --------------------------------------------------------------------------------------------- resolver

def _evaluate(ctx: Context, amount: CardsInHandCount) -> int:
    """The cards in the hand of the controller of the resolving spell or ability, now (608.2h)."""
    return len(ctx.state.players[ctx.controller].hand)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AmountConstruct(
    kind="cards_in_hand", model=CardsInHandCount,
    text=AmountText(phrasings=_PHRASINGS),
    forge=ForgeAmount(write=_forge, read=_forge_read),
    xmage=XMageAmount(write=_xmage, read=_xmage_read),
    rule=AmountRule(evaluate=_evaluate),
)
