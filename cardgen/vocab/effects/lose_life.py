"""The `lose_life` effect."""

from __future__ import annotations

from cardgen.game.actions import change_life
from cardgen.game.context import Context
from cardgen.game.objects import Entity
from cardgen.spec.model import LoseLife
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("lose_life", LoseLife, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: LoseLife) -> list[Entity]:
    who = ctx.players(effect.who, "who")
    for player in who:
        change_life(ctx.state, player, -effect.amount)
    return list(who)
