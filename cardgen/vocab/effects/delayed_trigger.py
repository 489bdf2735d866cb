"""The `delayed_trigger` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import DelayedTrigger
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
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


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
