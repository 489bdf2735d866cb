"""The `damage` effect."""

from __future__ import annotations

from cardgen.game.actions import deal_damage
from cardgen.game.context import Context
from cardgen.game.objects import Entity
from cardgen.spec.model import Damage
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("damage", Damage, subjects=("to",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Damage) -> list[Entity]:
    """The spell or ability's source deals the damage (its last known characteristics if it left)."""
    state = ctx.state
    source = state.objects.get(ctx.source)
    hit = ctx.subject(effect.to, "to")
    for entity in hit:
        deal_damage(state, ctx.source_name, source, entity, effect.amount)
    return hit
