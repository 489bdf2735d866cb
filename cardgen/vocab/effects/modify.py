"""The `modify` effect."""

from __future__ import annotations

from cardgen.spec.model import Modify
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("modify", Modify, subjects=("affected",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
