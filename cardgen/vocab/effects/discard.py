"""The `discard` effect."""

from __future__ import annotations

from cardgen.spec.model import Discard
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.xmage_forms import form

CONSTRUCT = EffectConstruct("discard", Discard, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "DiscardTargetEffect", "amount"),
    form("you", "DiscardControllerEffect", "amount"),
    form("each_player", "DiscardEachPlayerEffect", "amount", "const:false"),
    form("each_opponent", "DiscardEachPlayerEffect", "const:TargetController.OPPONENT", amount=1),
    form("each_opponent", "DiscardEachPlayerEffect", "static_amount", "const:false",
         "const:TargetController.OPPONENT"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"DiscardTargetEffect", "DiscardControllerEffect", "DiscardEachPlayerEffect"}))

# --------------------------------------------------------------------------------------------- resolver
