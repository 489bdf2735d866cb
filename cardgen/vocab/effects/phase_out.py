"""The `phase_out` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import PhaseOut
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("phase_out", PhaseOut, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: PhaseOut) -> tuple[str, Params]:
    return "Phases", w.defined(e.what)


@CONSTRUCT.slot("forge_read:Phases")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    return [{"effect": "phase_out", "what": what} for what in r.subject(player=False, default="self")]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
