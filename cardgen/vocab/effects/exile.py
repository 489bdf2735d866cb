"""The `exile` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Exile
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("exile", Exile, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_remembers", True)
CONSTRUCT.put("forge_moves_to", "exile")


@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Exile) -> tuple[str, Params]:
    return w.zone_change(e.what, "Exile")


@CONSTRUCT.slot("forge_read:ChangeZone")
def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """Known objects moved to exile, nothing added (ChangeZone is shared: see `read_apis`)."""
    move = r.zone_change()
    if move.hidden or move.destination != "exile" or move.counters or move.under != "owner":
        return None
    return [{"effect": "exile", "what": what} for what in move.objects]


@CONSTRUCT.slot("forge_read:ChangeZoneAll")
def _forge_read_all(r: NodeReader) -> list[dict[str, Any]] | None:
    move = r.zone_change_all()
    if move.destination != "exile":
        return None
    return [{"effect": "exile", "what": what} for what in move.objects]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
