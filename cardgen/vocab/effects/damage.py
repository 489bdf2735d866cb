"""The `damage` effect."""

from __future__ import annotations

from cardgen.spec.model import Damage
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.xmage_forms import form

CONSTRUCT = EffectConstruct("damage", Damage, subjects=("to",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "DamageTargetEffect", "amount"),
    form("controller", "DamageTargetControllerEffect", "amount"),
    form("all", "DamageAllEffect", "amount", "filter"),
    form("you", "DamageControllerEffect", "amount"),
    form("each_player", "DamagePlayersEffect", "amount"),
    form("each_opponent", "DamagePlayersEffect", "amount", "const:TargetController.OPPONENT"),
    form("self", "DamageSelfEffect", "amount"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"DamageTargetEffect"}))

# --------------------------------------------------------------------------------------------- resolver
