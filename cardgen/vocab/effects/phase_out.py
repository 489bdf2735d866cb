"""The `phase_out` effect."""

from __future__ import annotations

from cardgen.spec.model import PhaseOut, TargetSubject
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.forms import form

CONSTRUCT = EffectConstruct("phase_out", PhaseOut, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "PhaseOutTargetEffect"),
))

@CONSTRUCT.slot("xmage_needs_sequence")
def _xmage_needs_sequence(effect: PhaseOut) -> bool:
    """`PhaseOutTargetEffect` takes a target; other objects phase out in the sequence effect."""
    return not isinstance(effect.what, TargetSubject)

# --------------------------------------------------------------------------------------------- resolver
