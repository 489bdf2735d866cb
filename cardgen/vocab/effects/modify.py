"""The `modify` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import Modify
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
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


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
