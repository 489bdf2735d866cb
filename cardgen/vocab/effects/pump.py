"""The `pump` effect."""

from __future__ import annotations

from cardgen.game.actions import start_effect
from cardgen.game.context import Context
from cardgen.game.objects import ContinuousEffect, Entity
from cardgen.spec.model import Pump
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("pump", Pump, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Pump) -> list[Entity]:
    """The affected set is locked in as the effect begins (611.2c)."""
    objects = [obj for obj in ctx.permanents(effect.what, "what") if obj.chars.is_type("creature")]
    if objects:
        start_effect(ctx.state, ContinuousEffect(
            kind="pump", controller=ctx.controller, duration=effect.duration,
            timestamp=ctx.state.new_timestamp(), objects=tuple(obj.oid for obj in objects),
            power=effect.power, toughness=effect.toughness), f"{effect.power:+d}/{effect.toughness:+d}")
    return [obj.oid for obj in objects]
