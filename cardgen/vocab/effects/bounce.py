"""The `bounce` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import Bounce
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("bounce", Bounce, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_remembers", True)
CONSTRUCT.put("forge_moves_to", "hand")


@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Bounce) -> tuple[str, Params]:
    return w.zone_change(e.what, "Hand")


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
