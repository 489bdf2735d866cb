"""The `may_cast_from_exile` effect."""

from __future__ import annotations

from cardgen.spec.model import MayCastFromExile
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("may_cast_from_exile", MayCastFromExile, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

@CONSTRUCT.slot("xmage_needs_sequence")
def _xmage_needs_sequence(effect: MayCastFromExile) -> bool:
    """No framework effect does this step: it is always written in the generated sequence effect."""
    return True

# --------------------------------------------------------------------------------------------- resolver
