"""The `reveal_and_exile` effect."""

from __future__ import annotations

from cardgen.spec.model import RevealAndExile
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("reveal_and_exile", RevealAndExile, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_moves_objects", True)

# --------------------------------------------------------------------------------------------- resolver
