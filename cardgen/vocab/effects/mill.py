"""The `mill` effect."""

from __future__ import annotations

from cardgen.spec.model import Mill
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.xmage_forms import form

CONSTRUCT = EffectConstruct("mill", Mill, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "MillCardsTargetEffect", "amount"),
    form("you", "MillCardsControllerEffect", "amount"),
    form("each_player", "MillCardsEachPlayerEffect", "amount", "const:TargetController.ANY"),
    form("each_opponent", "MillCardsEachPlayerEffect", "amount", "const:TargetController.OPPONENT"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({
    "MillCardsTargetEffect", "MillCardsControllerEffect", "MillCardsEachPlayerEffect",
}))

# --------------------------------------------------------------------------------------------- resolver
