"""The `modify` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Modify
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.read_model import Bag
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("modify", Modify, subjects=("affected",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_static")
def _forge(b: ScriptBuilder, e: Modify) -> Params:
    params: Params = []
    if e.power:
        params.append(("AddPower", str(e.power)))
    if e.toughness:
        params.append(("AddToughness", str(e.toughness)))
    if e.add_keywords:
        params.append(("AddKeyword", b.keywords(e.add_keywords)))
    if e.remove_keywords:
        params.append(("RemoveKeyword", b.keywords(e.remove_keywords)))
    if e.condition is not None:  # StaticAbility.checkConditions reads IsPresent$
        params.append(("IsPresent", "Card.Self+PromisedGift"))
        if e.condition == "not_promised":
            params.append(("PresentCompare", "EQ0"))
    return params


@CONSTRUCT.slot("forge_read_continuous")
def _forge_read(r: ScriptReader, bag: Bag, affected: Any) -> dict[str, Any] | None:
    """P/T and keyword changes of an `S:Mode$ Continuous` line, and the promise they may depend on."""
    modify: dict[str, Any] = {"effect": "modify", "affected": affected}
    power, toughness = bag.take_int("AddPower", 0), bag.take_int("AddToughness", 0)
    if power:
        modify["power"] = power
    if toughness:
        modify["toughness"] = toughness
    for key, field_name in (("AddKeyword", "add_keywords"), ("RemoveKeyword", "remove_keywords")):
        words = bag.get(key)
        if words:
            modify[field_name] = [r.keyword(word) for word in words.split(" & ")]
    present = bag.get("IsPresent")
    if present is not None:
        compare = bag.get("PresentCompare") or "GE1"
        if present != "Card.Self+PromisedGift" or compare not in ("GE1", "EQ1", "EQ0"):
            raise r.error("FG201", f"S: IsPresent$ {present} | PresentCompare$ {compare}: only the promise "
                                   "of this card (Card.Self+PromisedGift) is read")
        modify["condition"] = "not_promised" if compare == "EQ0" else "promised"
    return modify if len(modify) > 2 + ("condition" in modify) else None


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
