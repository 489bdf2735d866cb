"""The `lose_life` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import LoseLife
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("lose_life", LoseLife, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: LoseLife) -> tuple[str, Params]:
    return "LoseLife", [*w.defined(e.who, player=True), ("LifeAmount", str(e.amount))]


@CONSTRUCT.slot("forge_read:LoseLife")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    amount = r.bag.take_int("LifeAmount", 0)
    return [{"effect": "lose_life", "who": who, "amount": amount} for who in r.subject(player=True, default="you")]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
