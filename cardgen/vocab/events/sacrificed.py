"""The `sacrificed` trigger event: "When you sacrifice this artifact" (701.21a: to sacrifice a permanent is
to move it from the battlefield to its owner's graveyard; only its controller can).

A leaves-the-battlefield ability (603.6c, 603.10a): it triggers from the permanent as it last existed on the
battlefield, under its controller then, however it was sacrificed (a cost, an effect, foraging). Forge says it
as `Mode$ Sacrificed` (TriggerSacrificed), XMage as `SacrificeSourceTriggeredAbility`."""

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
    """`Mode$ Sacrificed | ValidPlayer$ You | ValidCard$ Card.Self | TriggerZones$ Battlefield`, as Forge's own
    Carrot Cake and Heaped Harvest say it (TriggerSacrificed.performTest: the card sacrificed matches
    `ValidCard$`, the player who sacrificed it `ValidPlayer$`)."""
    if intervening_if:
        raise b.error(f"an intervening 'if' on a {CONSTRUCT.kind} trigger has no Forge form here")
    return "Sacrificed", [("ValidPlayer", "You"), ("ValidCard", "Card.Self"), ("TriggerZones", "Battlefield")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    if bag.get("ValidCard") != "Card.Self" or bag.get("ValidPlayer") != "You":
        raise r.error("FG201", f"T: a sacrifice trigger other than 'when you sacrifice this permanent': {value}")
    bag.get("TriggerZones")
    return {"event": CONSTRUCT.kind}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: Any) -> Any:
    return w.new(w.use("SacrificeSourceTriggeredAbility"), effect)


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    """`new SacrificeSourceTriggeredAbility(effect)` (`, false`: not optional)."""
    if value.cls == "SacrificeSourceTriggeredAbility" and len(value.args) in (1, 2):
        if len(value.args) == 2 and value.args[1] != r.Raw("false"):
            raise r.ReadError("optional triggers are not read", node=node)
        return value.args[0]
    return None


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="sacrificed",
    text=EventText(
        phrasings={"trigger": [Form("when you sacrifice {s:self}", "sacrificed")]},
        order=8,
        trigger_phrase="When you sacrifice {this}, ",
        names_self=True,
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"Sacrificed": _forge_read},
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
        # new SacrificeSourceTriggeredAbility(effect, true): "you may ..." (603.5)
        optional_arg=1,
    ),
    rule=EventRule(
        # the permanent sacrificed notices it, as it last existed on the battlefield (603.10a)
        happening=happenings.SACRIFICED,
    ),
)
