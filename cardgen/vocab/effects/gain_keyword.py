"""The `gain_keyword` effect."""

from __future__ import annotations

from cardgen.game.actions import start_effect
from cardgen.game.context import Context
from cardgen.game.objects import ContinuousEffect, Entity
from cardgen.spec.model import GainKeyword
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("gain_keyword", GainKeyword, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: GainKeyword) -> list[Entity]:
    """Permanents and players alike gain the keywords (hexproof for you and your creatures)."""
    objects, players = ctx.permanents_and_players(effect.what, "what")
    if objects or players:
        start_effect(ctx.state, ContinuousEffect(
            kind="keywords", controller=ctx.controller, duration=effect.duration,
            timestamp=ctx.state.new_timestamp(), objects=tuple(obj.oid for obj in objects),
            players=tuple(players), keywords=tuple(effect.keywords)), ",".join(effect.keywords))
    return [*(obj.oid for obj in objects), *players]
