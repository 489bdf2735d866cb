"""The `opponents` amount: "for each opponent you have", the number of opponents the controller has.

`amount: {count: opponents}` ("Create a Treasure token for each opponent you have"); in a multiplayer
game, only opponents still in it count (800.4a).
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

class OpponentCount(AmountBase):
    """As many as the opponents the controller of the spell or ability has."""

    count: Literal["opponents"]


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {"for_each": [Form(" for each opponent you have", {"count": "opponents"})]}


# ------------------------------------------------------------------------------------------------ Forge

FORGE_COUNT = "PlayerCountOpponents$Amount"
"""Forge's count of the controller's opponents (CardFactoryUtil.playerXCount: `Amount` is how many players
the `PlayerCount<group>` prefix names)."""


def _forge(w: object, amount: OpponentCount) -> str:
    return FORGE_COUNT


def _forge_read(value: str) -> dict[str, Any] | None:
    return {"count": "opponents"} if value == FORGE_COUNT else None


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, amount: OpponentCount) -> Expr:
    """`OpponentsCount.instance`, XMage's dynamic value of the controller's opponents."""
    return w.Raw(f"{w.use('OpponentsCount')}.instance")


def _xmage_read(value: Any) -> dict[str, Any] | None:
    flat = value.flat() if hasattr(value, "flat") else None
    return {"count": "opponents"} if flat == "OpponentsCount.instance" else None


# --------------------------------------------------------------------------------------------- resolver

def _evaluate(ctx: Context, amount: OpponentCount) -> int:
    """The opponents of the controller still in the game, as `each_opponent` names them."""
    return len(ctx.word("each_opponent"))


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AmountConstruct(
    kind="opponents", model=OpponentCount,
    text=AmountText(phrasings=_PHRASINGS),
    forge=ForgeAmount(write=_forge, read=_forge_read),
    xmage=XMageAmount(write=_xmage, read=_xmage_read),
    rule=AmountRule(evaluate=_evaluate),
)
