"""The `you_give_gift` trigger event: "Whenever you give a gift" (702.174c)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.game import happenings
from cardgen.vocab.construct import EventConstruct, EventRule, EventText, ForgeEvent, XMageEvent
from cardgen.vocab.pattern import Form

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.read_model import Bag
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.java_expr import Expr
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.engines.xmage.reader import ClassReader


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, intervening_if: str | None, event: Any) -> tuple[str, Params]:
    """`Mode$ GiveGift | ValidPlayer$ You | TriggerZones$ Battlefield`."""
    if intervening_if:
        raise b.error(f"an intervening 'if the gift was promised' on a {CONSTRUCT.kind} trigger has no Forge "
                      "form here")
    return "GiveGift", [("ValidPlayer", "You"), ("TriggerZones", "Battlefield")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any]:
    if bag.get("ValidPlayer") != "You" or bag.get("TriggerZones") != "Battlefield":
        raise r.error("FG201", f"T: a gift trigger other than 'whenever you give a gift': {value}")
    return {"event": CONSTRUCT.kind}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: Any) -> Any:
    """A package-private `TriggeredAbilityImpl` (XMage has no framework class for the gift event)."""
    return w.new(w.gift_trigger_class(), effect)


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    """A class of the card's own extending `TriggeredAbilityImpl` that checks `GAVE_GIFT`."""
    local = r.locals.get(value.cls)
    if local is not None and local.superclass == "TriggeredAbilityImpl" and len(value.args) == 1 \
            and "GAVE_GIFT" in r.text(local.node):
        return value.args[0]
    return None


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="you_give_gift",
    text=EventText(
        phrasings={"trigger": [Form("whenever you give a gift", "you_give_gift")]},
        order=1,
        trigger_phrase="Whenever you give a gift, ",
    ),
    forge=ForgeEvent(
        trigger=_forge,
        # A card that triggers on giving a gift wants gift cards in the deck.
        deck_hints=(("DeckNeeds", "Keyword", "Gift"),),
        reads={"GiveGift": _forge_read},
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
    ),
    rule=EventRule(
        # The giver's permanents notice that they gave a gift (702.174c).
        happening=happenings.GIFT_GIVEN,
    ),
)
