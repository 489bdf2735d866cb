"""The `untap` effect."""

from __future__ import annotations

from cardgen.game import continuous
from cardgen.game.context import Context
from cardgen.game.events import Untapped
from cardgen.game.objects import Entity
from cardgen.spec.model import Untap
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("untap", Untap, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Untap) -> list[Entity]:
    """Every subject counts as acted on; only a tapped one becomes untapped (and is logged)."""
    objects = ctx.permanents(effect.what, "what")
    for obj in objects:
        if obj.tapped:
            obj.tapped = False
            ctx.state.emit(Untapped(obj.name, continuous.controller_of(ctx.state, obj)))
    return [obj.oid for obj in objects]
