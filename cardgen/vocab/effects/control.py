"""The `control` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Control
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.xmage.lower import CardLowering

CONSTRUCT = EffectConstruct("control", Control, subjects=("affected",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

@CONSTRUCT.slot("xmage_static")
def _xmage_static(w: CardLowering, static: Control) -> list[Any]:
    """"You control enchanted creature": `ControlEnchantedEffect`."""
    if static.affected != "enchanted":
        raise w.Unsupported("`control` renders for `enchanted` only (ControlEnchantedEffect)")
    return [w.new(w.use("ControlEnchantedEffect"))]

# --------------------------------------------------------------------------------------------- resolver
