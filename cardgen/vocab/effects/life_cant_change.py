"""The `life_cant_change` effect."""

from __future__ import annotations

from cardgen.game.actions import start_effect
from cardgen.game.context import Context
from cardgen.game.objects import ContinuousEffect, Entity
from cardgen.spec.model import LifeCantChange
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

CONSTRUCT = EffectConstruct("life_cant_change", LifeCantChange, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("your life total can't change{d:this_turn}",
             {"effect": "life_cant_change", "duration": V("d", "end_of_turn")}),
    ],
})


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("you", "LifeTotalCantChangeControllerEffect", "duration"),
))
CONSTRUCT.put("xmage_continuous", True)

# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: LifeCantChange) -> list[Entity]:
    """A player-wide effect for its duration; `change_life` asks for it before any gain or loss."""
    who = ctx.players(effect.who, "who")
    start_effect(ctx.state, ContinuousEffect(
        kind="life_cant_change", controller=ctx.controller, duration=effect.duration,
        timestamp=ctx.state.new_timestamp(), players=tuple(who)), "")
    return list(who)
