"""The `discard` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import Discard
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("discard", Discard, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Discard) -> tuple[str, Params]:
    # Mode$ TgtChoose: each discarding player chooses their own cards (DiscardEffect.resolve)
    return "Discard", [*w.defined(e.who, player=True), *w.number("NumCards", e.amount), ("Mode", "TgtChoose")]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
