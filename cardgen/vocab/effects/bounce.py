"""The `bounce` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Bounce
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("bounce", Bounce, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_remembers", True)
CONSTRUCT.put("forge_moves_to", "hand")


@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Bounce) -> tuple[str, Params]:
    return w.zone_change(e.what, "Hand")


_FORGE_ORIGINS = (None, "battlefield", "stack")
"""Where a bounce's object is: a permanent, a spell, or (no `Origin$`) wherever the object is."""


@CONSTRUCT.slot("forge_read:ChangeZone")
def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """Known objects moved to their owner's hand from the battlefield or the stack (ChangeZone is shared:
    see `read_apis`)."""
    move = r.zone_change()
    if move.hidden or move.destination != "hand" or move.origin not in _FORGE_ORIGINS or move.counters:
        return None
    return [{"effect": "bounce", "what": what} for what in move.objects]


@CONSTRUCT.slot("forge_read:ChangeZoneAll")
def _forge_read_all(r: NodeReader) -> list[dict[str, Any]] | None:
    move = r.zone_change_all()
    if move.destination != "hand" or move.origin not in _FORGE_ORIGINS[1:]:
        return None
    return [{"effect": "bounce", "what": what} for what in move.objects]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
