"""The `gain_life` effect."""

from __future__ import annotations

from cardgen.spec.model import GainLife
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("gain_life", GainLife, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
