"""The `promised` condition: "if the gift was promised" (702.174k)."""

from __future__ import annotations

from cardgen.vocab.construct import ConditionConstruct, ConditionRule, ConditionText, ForgeCondition, XMageCondition
from cardgen.vocab.pattern import Form

# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "prefix": [Form("if the gift was promised, ", {"condition": "promised"})],
    "suffix": [Form(" if the gift was promised", {"condition": "promised"})],
    "intervening": [Form("if the gift was promised, ", "promised")],
    "as_long_as": [Form("as long as the gift was promised, ", "promised")],
}


# --------------------------------------------------------------------------------------------- resolver

def _holds(promised: bool) -> bool:
    return promised


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = ConditionConstruct(
    kind="promised",
    text=ConditionText(words="the gift was promised", phrasings=_PHRASINGS),
    forge=ForgeCondition(compare="EQ1", default_compare=None, valid="+PromisedGift"),
    xmage=XMageCondition(condition="GiftWasPromisedCondition.TRUE"),
    rule=ConditionRule(holds=_holds),
)
