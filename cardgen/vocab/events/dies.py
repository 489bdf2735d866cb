"""The `dies` trigger event: "When this creature dies" (700.4: put into a graveyard from the battlefield).

A leaves-the-battlefield ability (603.6c, 603.10a) "looks back in time": it triggers from the permanent as it
last existed on the battlefield, under its controller then, and its effects use that last known information
(608.2h: "it deals damage", "its power"), although the card is in the graveyard by then. A token dies too
(it goes to the graveyard, then ceases to exist, 704.5d)."""

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
    """`Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | ValidCard$ Card.Self`
    (TriggerChangesZone; Forge looks back in time for a trigger leaving the battlefield), as Forge's own
    "when this creature dies" cards are written."""
    if intervening_if:
        raise b.error(f"an intervening 'if the gift was promised' on a {CONSTRUCT.kind} trigger has no Forge "
                      "form here")
    return "ChangesZone", [("Origin", "Battlefield"), ("Destination", "Graveyard"), ("ValidCard", "Card.Self")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    if bag.get("Origin") != "Battlefield" or bag.get("Destination") != "Graveyard":
        return None  # another zone change: `enters`, `permanent_enters`
    if (bag.peek("ValidCard") or "").startswith("Card.Self,"):
        return None  # this one or another: `this_or_another_dies`
    if bag.get("ValidCard") != "Card.Self":
        raise r.error("FG201", f"T: a dies trigger of another card than this one: {value}")
    bag.get("TriggerZones")
    return {"event": CONSTRUCT.kind}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: Any) -> Any:
    return w.new(w.use("DiesSourceTriggeredAbility"), effect)


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    """`new DiesSourceTriggeredAbility(effect)` (`, false`: not optional)."""
    if value.cls == "DiesSourceTriggeredAbility" and len(value.args) in (1, 2):
        if len(value.args) == 2 and value.args[1] != r.Raw("false"):
            raise r.ReadError("optional triggers are not read", node=node)
        return value.args[0]
    return None


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="dies",
    text=EventText(
        phrasings={"trigger": [Form("when {s:self} dies", "dies")]},
        order=8,
        trigger_phrase="When {this} dies, ",
        # "When this creature dies, it deals ...": its "it" is the creature (a bite by the source itself is its
        # damage, `bite`'s `text.normal`)
        names_self=True,
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"ChangesZone": _forge_read},
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
    ),
    rule=EventRule(
        # The creature put into a graveyard from the battlefield notices its own "when this dies", as it last
        # existed on the battlefield (603.10a).
        happening=happenings.DIED,
    ),
)
