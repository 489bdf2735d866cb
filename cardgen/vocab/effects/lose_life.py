"""The `lose_life` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import LoseLife
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("lose_life", LoseLife, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: LoseLife) -> tuple[str, Params]:
    return "LoseLife", [*w.defined(e.who, player=True), ("LifeAmount", str(e.amount))]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
