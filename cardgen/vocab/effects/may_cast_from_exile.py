"""The `may_cast_from_exile` effect."""

from __future__ import annotations

from cardgen.game.context import Context
from cardgen.game.events import CastPermission
from cardgen.game.objects import Entity
from cardgen.spec.model import MayCastFromExile
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("may_cast_from_exile", MayCastFromExile, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("you may cast {w:object_sg} for as long as it remains exiled{m:any_mana}",
             {"effect": "may_cast_from_exile", "what": V("w"), "any_mana": V("m", False)}),
    ],
    "any_mana": [Form("", False), Form(", and mana of any type can be spent to cast it", True)],
})


CONSTRUCT.put("text_antecedents", ("what",))


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
