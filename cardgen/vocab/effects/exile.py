"""The `exile` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import Exile
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("exile", Exile, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_remembers", True)
CONSTRUCT.put("forge_moves_to", "exile")


@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Exile) -> tuple[str, Params]:
    return w.zone_change(e.what, "Exile")


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
