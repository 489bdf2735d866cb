"""The `pump` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import Pump
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("pump", Pump, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Pump) -> tuple[str, Params]:
    extra: Params = []
    if e.power:
        extra.append(("NumAtt", w.signed(e.power)))
    if e.toughness:
        extra.append(("NumDef", w.signed(e.toughness)))
    return w.pump(e.what, extra, e.duration)


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
