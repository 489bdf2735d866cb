"""The `creatures_died` amount: "for each creature that died under your control this turn", counted as the
effect resolves.

`amount: {count: creatures_died}` ("Draw a card for each creature that died under your control this
turn", Season of Loss). A creature dies when it is put into a graveyard from the battlefield (700.4); it
died under the control of the player who controlled it then (its last known information, 608.2h), a token
as well as a card. "This turn" is the turn in which the effect resolves; "your" is the controller of the
spell or ability (109.5). A creature an earlier part of the same spell made die (a sacrifice it made
players do) has died by the time the count is taken (608.2h).
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

class CreaturesDiedCount(AmountBase):
    """As many as the creatures that died under the control of the spell or ability's controller this turn."""

    count: Literal["creatures_died"]


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    # "draw a card for each creature that died under your control this turn": the `cards` rule
    "cards": [Form("a card for each creature that died under your control this turn", {"count": "creatures_died"})],
    # "create a 1/1 ... token for each creature that died under your control this turn": after what is counted
    "for_each": [Form(" for each creature that died under your control this turn", {"count": "creatures_died"})],
}


# ------------------------------------------------------------------------------------------------ Forge

FORGE_COUNT = "Count$ThisTurnEntered_Graveyard_from_Battlefield_Creature.YouCtrl"
"""The creatures put into a graveyard from the battlefield this turn that were the controller's
(AbilityUtils.xCount: `ThisTurnEntered_<to>_from_<from>_<valid>`, CardUtil.getThisTurnEntered, the cards
each zone recorded as added this turn from that zone as they last existed there, matched by `valid`), as
Forge's own Season of Loss writes it."""


def _forge(w: object, amount: CreaturesDiedCount) -> str:
    return FORGE_COUNT


def _forge_read(value: str) -> dict[str, Any] | None:
    return {"count": "creatures_died"} if value == FORGE_COUNT else None


# ------------------------------------------------------------------------------------------------ XMage

XMAGE_VALUE = "CreaturesYouControlDiedCount.instance"
"""XMage's count of the creatures that died under the controller's control this turn (`calculate`: the
game's default CreaturesDiedWatcher, which counts each creature permanent that died by its controller then),
as XMage's own Season of Loss writes it."""


def _xmage(w: CardLowering, amount: CreaturesDiedCount) -> Expr:
    return w.Raw(f"{w.use('CreaturesYouControlDiedCount')}.instance")


def _xmage_read(value: Any) -> dict[str, Any] | None:
    flat = value.flat() if hasattr(value, "flat") else None
    return {"count": "creatures_died"} if flat == XMAGE_VALUE else None


# --------------------------------------------------------------------------------------------- resolver

def _evaluate(ctx: Context, amount: CreaturesDiedCount) -> int:
    """The creatures that died this turn under the control of the resolving spell or ability's controller."""
    return ctx.state.players[ctx.controller].creatures_died_this_turn


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AmountConstruct(
    kind="creatures_died", model=CreaturesDiedCount,
    text=AmountText(phrasings=_PHRASINGS),
    forge=ForgeAmount(write=_forge, read=_forge_read),
    xmage=XMageAmount(write=_xmage, read=_xmage_read, dynamic=True),
    rule=AmountRule(evaluate=_evaluate),
)
