"""The `tap` effect."""

from __future__ import annotations

from cardgen.spec.model import Tap
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.xmage_forms import form

CONSTRUCT = EffectConstruct("tap", Tap, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "TapTargetEffect"),
    form("all", "TapAllEffect", "filter"),
    form("self", "TapSourceEffect"),
    form("enchanted", "TapEnchantedEffect"),
    form("equipped", "TapEnchantedEffect", "text:equipped creature"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"TapTargetEffect", "TapEnchantedEffect"}))

# --------------------------------------------------------------------------------------------- resolver
