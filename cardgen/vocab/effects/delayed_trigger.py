"""The `delayed_trigger` effect."""

from __future__ import annotations

from cardgen.game.context import Context
from cardgen.game.events import DelayedTriggerCreated
from cardgen.game.objects import DelayedTrigger as DelayedAbility
from cardgen.game.objects import Entity
from cardgen.spec.model import DelayedTrigger
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("delayed_trigger", DelayedTrigger, subjects=())


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: DelayedTrigger) -> list[Entity]:
    """"At the beginning of the next end step": this turn's, unless that end step has begun (603.7)."""
    state = ctx.state
    started = state.step in ("end", "cleanup")
    state.delayed.append(DelayedAbility(
        controller=ctx.controller, source=ctx.source, source_name=ctx.source_name,
        effects=list(effect.effects), not_before_turn=state.turn_number + (1 if started else 0),
        promised=ctx.promised, gift_recipient=ctx.recipient, refs=dict(ctx.refs)))
    state.emit(DelayedTriggerCreated(ctx.controller, ctx.source_name, effect.at))
    return []
