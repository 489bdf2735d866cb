"""The `gain_keyword` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import GainKeyword
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("gain_keyword", GainKeyword, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: GainKeyword) -> tuple[str, Params]:
    return w.pump(e.what, [("KW", w.keywords(e.keywords))], e.duration)


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
