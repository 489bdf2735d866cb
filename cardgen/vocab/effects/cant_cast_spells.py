"""The `cant_cast_spells` effect."""

from __future__ import annotations

from cardgen.game.actions import start_effect
from cardgen.game.context import Context
from cardgen.game.objects import ContinuousEffect, Entity
from cardgen.spec.model import CantCastSpells
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("cant_cast_spells", CantCastSpells, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: CantCastSpells) -> list[Entity]:
    """A player-wide effect for its duration; casting asks for it before a spell is put on the stack."""
    who = ctx.players(effect.who, "who")
    start_effect(ctx.state, ContinuousEffect(
        kind="cant_cast", controller=ctx.controller, duration=effect.duration,
        timestamp=ctx.state.new_timestamp(), players=tuple(who)), "")
    return list(who)
