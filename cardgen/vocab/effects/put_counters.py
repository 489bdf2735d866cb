"""The `put_counters` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import PutCounters
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("put_counters", PutCounters, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


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


# --------------------------------------------------------------------------------------------- resolver
