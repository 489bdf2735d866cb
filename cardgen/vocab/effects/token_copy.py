"""The `token_copy` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import TokenCopy
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("token_copy", TokenCopy, subjects=("of",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: TokenCopy) -> tuple[str, Params]:
    params = [*w.defined(e.of), *w.number("NumCopies", e.amount)]
    if e.set_pt:
        power, toughness = e.set_pt.split("/")
        params += [("SetPower", power), ("SetToughness", toughness)]
    return "CopyPermanent", params


@CONSTRUCT.slot("forge_read:CopyPermanent")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    amount = r.bag.take_int("NumCopies", 1)
    power, toughness = r.bag.get("SetPower"), r.bag.get("SetToughness")
    effects = []
    for of in r.subject(player=False, default="self"):
        effect = r.with_amount({"effect": "token_copy", "of": of}, amount=amount)
        if power is not None or toughness is not None:
            effect["set_pt"] = f"{power}/{toughness}"
        effects.append(effect)
    return effects


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
