"""The `tap` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Tap
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("tap", Tap, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Tap) -> tuple[str, Params]:
    if (selector := w.all_of(e.what)) is not None:
        return "TapAll", [("ValidCards", w.valid(selector))]
    return "Tap", w.defined(e.what)


@CONSTRUCT.slot("forge_read:Tap")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    return [{"effect": "tap", "what": what} for what in r.subject(player=False, default="self")]


@CONSTRUCT.slot("forge_read:TapAll")
def _forge_read_all(r: NodeReader) -> list[dict[str, Any]]:
    return [{"effect": "tap", "what": r.all_of("ValidCards")}]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
