"""The `exile` effect."""

from __future__ import annotations

from cardgen.game import zones
from cardgen.game.context import Context
from cardgen.game.objects import Entity
from cardgen.spec.model import Exile
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("exile", Exile, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Exile) -> list[Entity]:
    """Returns the new objects in exile (400.7), which later effects (`{ref: ...}`) can find there."""
    moved = [zones.move(ctx.state, obj.oid, "exile") for obj in ctx.objects(effect.what, "what")]
    return [obj.oid for obj in moved if obj is not None]
