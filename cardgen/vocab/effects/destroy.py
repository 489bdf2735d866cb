"""The `destroy` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import AllSubject, Destroy
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("destroy", Destroy, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_remember_param", "RememberDestroyed")
CONSTRUCT.put("forge_moves_to", "graveyard")


@CONSTRUCT.slot("forge_remembers")
def _forge_remembers(e: Destroy) -> bool:
    """Destroying all: later effects reach the destroyed objects through Forge's remembered list."""
    return isinstance(e.what, AllSubject)


@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Destroy) -> tuple[str, Params]:
    if (selector := w.all_of(e.what)) is not None:
        return "DestroyAll", [("ValidCards", w.valid(selector))]
    return "Destroy", w.defined(e.what)


@CONSTRUCT.slot("forge_read:Destroy")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    return [{"effect": "destroy", "what": what} for what in r.subject(player=False, default="self")]


@CONSTRUCT.slot("forge_read:DestroyAll")
def _forge_read_all(r: NodeReader) -> list[dict[str, Any]]:
    return [{"effect": "destroy", "what": r.all_of("ValidCards")}]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
