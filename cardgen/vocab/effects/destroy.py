"""The `destroy` effect."""

from __future__ import annotations

from cardgen.game.actions import destroy
from cardgen.game.context import Context
from cardgen.game.objects import Entity
from cardgen.spec.model import Destroy
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("destroy", Destroy, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Destroy) -> list[Entity]:
    """Returns the graveyard objects: an indestructible permanent is not destroyed and is not recorded."""
    moved = [destroy(ctx.state, obj.oid) for obj in ctx.objects(effect.what, "what")]
    return [obj.oid for obj in moved if obj is not None]
