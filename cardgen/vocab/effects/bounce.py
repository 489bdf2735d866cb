"""The `bounce` effect."""

from __future__ import annotations

from cardgen.game import zones
from cardgen.game.context import Context
from cardgen.game.objects import Entity
from cardgen.spec.model import Bounce
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("bounce", Bounce, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Bounce) -> list[Entity]:
    """Return permanents or spells to their owner's hand."""
    moved = [zones.move(ctx.state, obj.oid, "hand") for obj in ctx.objects(effect.what, "what")
             if obj.zone in ("battlefield", "stack")]
    return [obj.oid for obj in moved if obj is not None]
