"""The `draw` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import Draw
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("draw", Draw, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Draw) -> tuple[str, Params]:
    return "Draw", [*w.defined(e.who, player=True), *w.number("NumCards", e.amount)]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
