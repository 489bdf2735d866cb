"""The `draw` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Draw
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("draw", Draw, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Draw) -> tuple[str, Params]:
    return "Draw", [*w.defined(e.who, player=True), *w.number("NumCards", e.amount)]


@CONSTRUCT.slot("forge_read:Draw")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    amount = r.bag.take_int("NumCards", 1)
    return [r.with_amount({"effect": "draw", "who": who}, amount=amount)
            for who in r.subject(player=True, default="you")]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
