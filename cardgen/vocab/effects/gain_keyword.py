"""The `gain_keyword` effect."""

from __future__ import annotations

from cardgen.spec.model import GainKeyword
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("gain_keyword", GainKeyword, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
