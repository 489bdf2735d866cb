"""The `untap` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Untap
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("untap", Untap, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Untap) -> tuple[str, Params]:
    if (selector := w.all_of(e.what)) is not None:
        return "UntapAll", [("ValidCards", w.valid(selector))]
    return "Untap", w.defined(e.what)


@CONSTRUCT.slot("forge_read:Untap")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    return [{"effect": "untap", "what": what} for what in r.subject(player=False, default="self")]


@CONSTRUCT.slot("forge_read:UntapAll")
def _forge_read_all(r: NodeReader) -> list[dict[str, Any]]:
    return [{"effect": "untap", "what": r.all_of("ValidCards")}]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
