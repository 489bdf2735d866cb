"""The `token_copy` effect."""

from __future__ import annotations

from cardgen.spec.model import TokenCopy
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("token_copy", TokenCopy, subjects=("of",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
