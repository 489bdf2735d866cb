"""The `cant_cast_spells` effect."""

from __future__ import annotations

from cardgen.game.actions import start_effect
from cardgen.game.context import Context
from cardgen.game.objects import ContinuousEffect, Entity
from cardgen.spec.model import CantCastSpells
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("cant_cast_spells", CantCastSpells, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("{who:players} can't cast spells{d:this_turn}",
             {"effect": "cant_cast_spells", "who": V("who", "each_player"), "duration": V("d", "end_of_turn")}),
    ],
    "players": [Form("players", "each_player"), Form("your opponents", "each_opponent"), Form("you", "you")],
})


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
