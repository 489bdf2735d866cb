"""The `gain_life` effect."""

from __future__ import annotations

from cardgen.spec.model import GainLife
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.xmage_forms import form

CONSTRUCT = EffectConstruct("gain_life", GainLife, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("you", "GainLifeEffect", "amount"),
    form("target", "GainLifeTargetEffect", "amount"),
    form("each_player", "GainLifeAllEffect", "amount"),
    form("each_opponent", "GainLifeAllEffect", "amount", "const:TargetController.OPPONENT"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"GainLifeEffect"}))

# --------------------------------------------------------------------------------------------- resolver
