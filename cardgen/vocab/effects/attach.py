"""The `attach` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Attach
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("attach", Attach, subjects=("to", "what"))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Attach) -> tuple[str, Params]:
    params: Params = [] if e.what == "self" else [("Object", w.defined(e.what)[0][1])]
    return "Attach", [*params, *w.defined(e.to)]


@CONSTRUCT.slot("forge_read:Attach")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    obj = r.bag.get("Object")
    what = "self" if obj is None else r.defined(obj, player=False)[0]
    return [{"effect": "attach", "what": what, "to": to} for to in r.subject(player=False, default=None)]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
