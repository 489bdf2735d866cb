"""The `discard` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Discard
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("discard", Discard, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Discard) -> tuple[str, Params]:
    # Mode$ TgtChoose: each discarding player chooses their own cards (DiscardEffect.resolve)
    return "Discard", [*w.defined(e.who, player=True), *w.number("NumCards", e.amount), ("Mode", "TgtChoose")]


@CONSTRUCT.slot("forge_read:Discard")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    if r.bag.get("Mode") != "TgtChoose":
        raise r.error("FG201", "Discard other than Mode$ TgtChoose (the discarding player chooses)")
    amount = r.bag.take_int("NumCards", 1)
    return [r.with_amount({"effect": "discard", "who": who}, amount=amount)
            for who in r.subject(player=True, default="you")]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
