"""The `delayed_trigger` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import DelayedTrigger
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("delayed_trigger", DelayedTrigger, subjects=())


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: DelayedTrigger) -> tuple[str, Params]:
    effects = list(e.effects)
    handover, remembered = w.hand_over(effects)
    execute = w.sub_chain(effects, "Trig", remembered)
    return "DelayedTrigger", [("Mode", "Phase"), ("Phase", "End of Turn"), ("Execute", execute), *handover]


@CONSTRUCT.slot("forge_read:DelayedTrigger")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    bag = r.bag
    if bag.get("Mode") != "Phase" or bag.get("Phase") != "End of Turn" or bag.has("ValidPlayer"):
        raise r.error("FG201", "only 'at the beginning of the next end step' delayed triggers are read")
    bag.get("TriggerDescription")
    execute = bag.get("Execute")
    if execute is None:
        raise r.error("FG201", "DelayedTrigger without Execute$")
    effects = r.sub_chain(execute, bag.get("RememberObjects"))
    return [{"effect": "delayed_trigger", "at": "next_end_step", "effects": effects}]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
