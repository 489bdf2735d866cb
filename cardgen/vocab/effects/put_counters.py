"""The `put_counters` effect."""

from __future__ import annotations

from cardgen.game.context import Context
from cardgen.game.events import CountersAdded
from cardgen.game.objects import Entity
from cardgen.spec.model import PutCounters
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("put_counters", PutCounters, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: PutCounters) -> list[Entity]:
    objects = ctx.permanents(effect.what, "what")
    for obj in objects:
        obj.counters[effect.counter] = obj.counters.get(effect.counter, 0) + effect.amount
        ctx.state.emit(CountersAdded(obj.name, effect.counter, effect.amount))
    return [obj.oid for obj in objects]
