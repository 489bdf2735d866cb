"""The `untap` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import Untap
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("untap", Untap, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Untap) -> tuple[str, Params]:
    if (selector := w.all_of(e.what)) is not None:
        return "UntapAll", [("ValidCards", w.valid(selector))]
    return "Untap", w.defined(e.what)


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
