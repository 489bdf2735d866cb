"""The `put_counters` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import PutCounters
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("put_counters", PutCounters, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: PutCounters) -> tuple[str, Params]:
    extra: Params = [("CounterType", w.counter(e.counter)), *w.number("CounterNum", e.amount)]
    if (selector := w.all_of(e.what)) is not None:
        return "PutCounterAll", [("ValidCards", w.valid(selector)), *extra]
    return "PutCounter", [*w.defined(e.what), *extra]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
