"""The `mill` effect."""

from __future__ import annotations

from cardgen.game import zones
from cardgen.game.context import Context
from cardgen.game.events import Milled
from cardgen.game.objects import Entity
from cardgen.spec.model import Mill
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("mill", Mill, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Mill) -> list[Entity]:
    state = ctx.state
    who = ctx.players(effect.who, "who")
    for player in who:
        for oid in list(state.players[player].library[:effect.amount]):
            state.emit(Milled(player, state.obj(oid).name))
            zones.move(state, oid, "graveyard")
    return list(who)
