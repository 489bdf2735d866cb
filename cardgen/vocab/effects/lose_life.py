"""The `lose_life` effect."""

from __future__ import annotations

from cardgen.spec.model import LoseLife
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("lose_life", LoseLife, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
