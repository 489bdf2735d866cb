"""The `draw` effect."""

from __future__ import annotations

from cardgen.spec.model import Draw
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.xmage_forms import form

CONSTRUCT = EffectConstruct("draw", Draw, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "DrawCardTargetEffect", "amount"),
    form("you", "DrawCardSourceControllerEffect", "amount"),
    form("each_player", "DrawCardAllEffect", "amount"),
    form("each_opponent", "DrawCardAllEffect", "amount", "const:TargetController.OPPONENT"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"DrawCardSourceControllerEffect", "DrawCardTargetEffect"}))

# --------------------------------------------------------------------------------------------- resolver
