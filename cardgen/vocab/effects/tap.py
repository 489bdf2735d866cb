"""The `tap` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import Tap
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("tap", Tap, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Tap) -> tuple[str, Params]:
    if (selector := w.all_of(e.what)) is not None:
        return "TapAll", [("ValidCards", w.valid(selector))]
    return "Tap", w.defined(e.what)


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
