"""The `draw` effect."""

from __future__ import annotations

from cardgen.game import zones
from cardgen.game.context import Context
from cardgen.game.objects import Entity
from cardgen.spec.model import Draw
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("draw", Draw, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Draw) -> list[Entity]:
    who = ctx.players(effect.who, "who")
    for player in who:
        zones.draw(ctx.state, player, effect.amount)
    return list(who)
