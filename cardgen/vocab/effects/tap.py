"""The `tap` effect."""

from __future__ import annotations

from cardgen.game import continuous
from cardgen.game.context import Context
from cardgen.game.events import Tapped
from cardgen.game.objects import Entity
from cardgen.spec.model import Tap
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("tap", Tap, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Tap) -> list[Entity]:
    """Every subject counts as acted on; only an untapped one becomes tapped (and is logged)."""
    objects = ctx.permanents(effect.what, "what")
    for obj in objects:
        if not obj.tapped:
            obj.tapped = True
            ctx.state.emit(Tapped(obj.name, continuous.controller_of(ctx.state, obj)))
    return [obj.oid for obj in objects]
