"""The `not_promised` condition: "if the gift wasn't promised" (702.174k)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.vocab.construct import ConditionConstruct, ConditionRule, ConditionText, ForgeCondition, XMageCondition
from cardgen.vocab.pattern import Form

if TYPE_CHECKING:
    from cardgen.engines.xmage.java_expr import Expr
    from cardgen.engines.xmage.lower import CardLowering

WORDS = "the gift wasn't promised"

# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "prefix": [Form("if the gift wasn't promised, ", {"condition": "not_promised"}),
               Form("if the gift was not promised, ", {"condition": "not_promised"}, parse_only=True)],
    "suffix": [Form(" if the gift wasn't promised", {"condition": "not_promised"})],
    "intervening": [Form("if the gift wasn't promised, ", "not_promised")],
    "as_long_as": [Form("as long as the gift wasn't promised, ", "not_promised")],
}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage_intervening(w: CardLowering) -> Expr:
    """XMage prints a trigger's condition with its `toString()`, and GiftWasPromisedCondition.FALSE says
    "the gift was not promised": "wasn't", as the card prints it, is the message of an InvertCondition of
    TRUE (the framework's own decorator)."""
    return w.new(w.use("InvertCondition"), w.const("GiftWasPromisedCondition.TRUE"), w.Str(WORDS))


# --------------------------------------------------------------------------------------------- resolver

def _holds(promised: bool) -> bool:
    return not promised


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = ConditionConstruct(
    kind="not_promised",
    text=ConditionText(words=WORDS, phrasings=_PHRASINGS),
    forge=ForgeCondition(compare="EQ0", default_compare="EQ0", valid="+!PromisedGift"),
    xmage=XMageCondition(condition="GiftWasPromisedCondition.FALSE", intervening=_xmage_intervening),
    rule=ConditionRule(holds=_holds),
)
