"""The `each_end_step` trigger event: "At the beginning of each end step"."""

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
    """`Mode$ Phase | Phase$ End of Turn | TriggerZones$ Battlefield`."""
    if intervening_if:
        raise b.error(f"an intervening 'if the gift was promised' on a {CONSTRUCT.kind} trigger has no Forge "
                      "form here")
    return "Phase", [("Phase", "End of Turn"), ("TriggerZones", "Battlefield")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    if bag.get("Phase") != "End of Turn" or bag.has("ValidPlayer"):
        return None  # another step's or player's (`beginning_of`)
    if bag.get("TriggerZones") != "Battlefield":
        raise r.error("FG201", f"T: a phase trigger other than 'at the beginning of each end step': {value}")
    return {"event": CONSTRUCT.kind}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: Any) -> Any:
    return w.new(w.use("BeginningOfEndStepTriggeredAbility"), w.const("TargetController.ANY"), effect,
                 w.Raw("false"))


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    """`new BeginningOfEndStepTriggeredAbility(TargetController.ANY, effect, false)`."""
    if value.cls == "BeginningOfEndStepTriggeredAbility" and len(value.args) == 3 \
            and value.args[0].flat() == "TargetController.ANY" and value.args[2] == r.Raw("false"):
        return value.args[1]
    return None


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="each_end_step",
    text=EventText(
        phrasings={"trigger": [Form("at the beginning of each end step", "each_end_step")]},
        order=2,
        trigger_phrase="At the beginning of each end step, ",
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"Phase": _forge_read},
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
    ),
    rule=EventRule(
        # Every permanent notices the beginning of each end step.
        happening=happenings.END_STEP,
    ),
)
