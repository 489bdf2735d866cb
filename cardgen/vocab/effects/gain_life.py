"""The `gain_life` effect."""

from __future__ import annotations

from cardgen.game.actions import change_life
from cardgen.game.context import Context
from cardgen.game.objects import Entity
from cardgen.spec.model import GainLife
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("gain_life", GainLife, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: GainLife) -> list[Entity]:
    who = ctx.players(effect.who, "who")
    for player in who:
        change_life(ctx.state, player, effect.amount)
    return list(who)
