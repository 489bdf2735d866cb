"""The `draw` effect."""

from __future__ import annotations

from cardgen.spec.model import Draw
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("draw", Draw, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
