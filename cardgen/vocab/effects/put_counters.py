"""The `put_counters` effect."""

from __future__ import annotations

from cardgen.game.context import Context
from cardgen.game.events import CountersAdded
from cardgen.game.objects import Entity
from cardgen.spec.model import PutCounters
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

CONSTRUCT = EffectConstruct("put_counters", PutCounters, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("put a {c:counter_kind} counter on {w:object}",
             {"effect": "put_counters", "what": V("w"), "counter": V("c")}),
        Form("put {n:count} {c:counter_kind} counters on {w:object}",
             {"effect": "put_counters", "what": V("w"), "counter": V("c"), "amount": V("n", 1)}),
    ],
})


CONSTRUCT.put("text_antecedents", ("what",))


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "AddCountersTargetEffect", "counter"),
    form("all", "AddCountersAllEffect", "counter", "filter"),
    form("self", "AddCountersSourceEffect", "counter"),
    form("enchanted", "AddCountersAttachedEffect", "counter", "text:enchanted creature"),
    form("equipped", "AddCountersAttachedEffect", "counter", "text:equipped creature"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: PutCounters) -> list[Entity]:
    objects = ctx.permanents(effect.what, "what")
    for obj in objects:
        obj.counters[effect.counter] = obj.counters.get(effect.counter, 0) + effect.amount
        ctx.state.emit(CountersAdded(obj.name, effect.counter, effect.amount))
    return [obj.oid for obj in objects]
