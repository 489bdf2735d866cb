"""The `attach` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import Attach
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("attach", Attach, subjects=("to", "what"))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Attach) -> tuple[str, Params]:
    params: Params = [] if e.what == "self" else [("Object", w.defined(e.what)[0][1])]
    return "Attach", [*params, *w.defined(e.to)]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
