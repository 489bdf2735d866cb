"""The `control` effect."""

from __future__ import annotations

from cardgen.spec.model import Control
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("control", Control, subjects=("affected",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
