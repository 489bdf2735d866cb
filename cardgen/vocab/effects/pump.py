"""The `pump` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Pump
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
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
    return w.pump_ability(e.what, extra, e.duration)


@CONSTRUCT.slot("forge_read_pump")
def _forge_read(r: NodeReader, subject: Any, timing: dict[str, str]) -> dict[str, Any] | None:
    """The P/T change of a Pump (`NumAtt$`, `NumDef$`), read before its keywords."""
    power, toughness = r.bag.take_int("NumAtt", 0), r.bag.take_int("NumDef", 0)
    if not (power or toughness):
        return None
    return {"effect": "pump", "what": subject, **r.nonzero(power=power, toughness=toughness), **timing}


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
