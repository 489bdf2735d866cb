"""The `lose_life` effect."""

from __future__ import annotations

from cardgen.spec.model import LoseLife
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.xmage_forms import form

CONSTRUCT = EffectConstruct("lose_life", LoseLife, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("you", "LoseLifeSourceControllerEffect", "amount"),
    form("target", "LoseLifeTargetEffect", "amount"),
    form("controller", "LoseLifeTargetControllerEffect", "amount"),
    form("each_player", "LoseLifeAllPlayersEffect", "amount"),
    form("each_opponent", "LoseLifeOpponentsEffect", "amount"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"LoseLifeSourceControllerEffect"}))

# --------------------------------------------------------------------------------------------- resolver
