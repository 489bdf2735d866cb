"""The `protection` effect."""

from __future__ import annotations

from cardgen.spec.model import Protection
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.forms import form

CONSTRUCT = EffectConstruct("protection", Protection, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "GainAbilityTargetEffect", "from_everything", "duration", against="everything"),
    form("all", "GainAbilityAllEffect", "from_everything", "duration", "filter", against="everything"),
    form("you", "GainAbilityControllerEffect", "from_everything", "duration", against="everything"),
    form("self", "GainAbilitySourceEffect", "from_everything", "duration", against="everything"),
))
CONSTRUCT.put("xmage_continuous", True)
CONSTRUCT.put("xmage_pointer_stable", True)

# --------------------------------------------------------------------------------------------- resolver
