"""The `may_cast_from_exile` effect."""

from __future__ import annotations

from cardgen.game.context import Context
from cardgen.game.events import CastPermission
from cardgen.game.objects import Entity
from cardgen.spec.model import MayCastFromExile
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("may_cast_from_exile", MayCastFromExile, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: MayCastFromExile) -> list[Entity]:
    """For as long as the card remains exiled (a new object once it leaves, 400.7) its controller may
    cast it. Mana is abstracted, so `any_mana` needs nothing more."""
    granted: list[Entity] = []
    for obj in ctx.objects(effect.what, "what"):
        if obj.zone == "exile":
            ctx.state.cast_permissions[obj.oid] = ctx.controller
            ctx.state.emit(CastPermission(ctx.controller, obj.name))
            granted.append(obj.oid)
    return granted
