"""The `untap` effect."""

from __future__ import annotations

from cardgen.spec.model import Untap
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.xmage_forms import form

CONSTRUCT = EffectConstruct("untap", Untap, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "UntapTargetEffect"),
    form("all", "UntapAllEffect", "filter"),
    form("self", "UntapSourceEffect"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"UntapTargetEffect"}))

# --------------------------------------------------------------------------------------------- resolver
