"""The `reveal_and_exile` effect."""

from __future__ import annotations

from cardgen.spec.model import RevealAndExile
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("reveal_and_exile", RevealAndExile, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_moves_objects", True)

@CONSTRUCT.slot("xmage_needs_sequence")
def _xmage_needs_sequence(effect: RevealAndExile) -> bool:
    """No framework effect does this step: it is always written in the generated sequence effect."""
    return True

# --------------------------------------------------------------------------------------------- resolver
