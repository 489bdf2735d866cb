"""The `phase_out` effect."""

from __future__ import annotations

from cardgen.spec.model import PhaseOut
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.forms import form

CONSTRUCT = EffectConstruct("phase_out", PhaseOut, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "PhaseOutTargetEffect"),
))

# --------------------------------------------------------------------------------------------- resolver
