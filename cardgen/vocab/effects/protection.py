"""The `protection` effect."""

from __future__ import annotations

from cardgen.spec.model import Protection
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("protection", Protection, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
