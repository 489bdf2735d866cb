"""The `return_card` effect."""

from __future__ import annotations

from cardgen.spec.model import ReturnCard
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("return_card", ReturnCard, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
