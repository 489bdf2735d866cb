"""The `enters` trigger event: "When this enters"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.vocab.construct import EventConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.jast import Expr
    from cardgen.engines.xmage.lower import CardLowering

CONSTRUCT = EventConstruct("enters", object)


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_trigger")
def _forge(b: ScriptBuilder, intervening_if: str | None) -> tuple[str, Params]:
    """`Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self[+PromisedGift]`."""
    valid = {"promised": "Card.Self+PromisedGift", "not_promised": "Card.Self+!PromisedGift",
             None: "Card.Self"}[intervening_if]
    return "ChangesZone", [("Origin", "Any"), ("Destination", "Battlefield"), ("ValidCard", valid)]


# ------------------------------------------------------------------------------------------------ XMage

@CONSTRUCT.slot("xmage_trigger")
def _xmage(w: CardLowering, effect: Expr) -> Any:
    return w.new(w.use("EntersBattlefieldTriggeredAbility"), effect)
