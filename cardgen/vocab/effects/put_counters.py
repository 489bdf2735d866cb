"""The `put_counters` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.model.card import PutCounters
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity

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

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: PutCounters) -> tuple[str, Params]:
    extra: Params = [("CounterType", w.counter_type(e.counter)), *w.number("CounterNum", e.amount)]
    if (selector := w.all_of(e.what)) is not None:
        return "PutCounterAll", [("ValidCards", w.valid(selector)), *extra]
    return "PutCounter", [*w.defined(e.what), *extra]


@CONSTRUCT.slot("forge_read:PutCounter")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    return _forge_read_counters(r, r.subject(player=False, default="self"))


@CONSTRUCT.slot("forge_read:PutCounterAll")
def _forge_read_all(r: NodeReader) -> list[dict[str, Any]]:
    return _forge_read_counters(r, [r.all_of("ValidCards")])


def _forge_read_counters(r: NodeReader, subjects: list[Any]) -> list[dict[str, Any]]:
    kind = r.bag.get("CounterType") or ""
    counter = r.counter_type(kind)
    if counter is None:
        raise r.error("FG203", f"CounterType$ {kind}")
    amount = r.bag.take_int("CounterNum", 1)
    return [r.with_amount({"effect": "put_counters", "what": what, "counter": counter}, amount=amount)
            for what in subjects]


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
    from cardgen.game.events import CountersAdded
    objects = ctx.permanents(effect.what, "what")
    for obj in objects:
        obj.counters[effect.counter] = obj.counters.get(effect.counter, 0) + effect.amount
        ctx.state.emit(CountersAdded(obj.name, effect.counter, effect.amount))
    return [obj.oid for obj in objects]
