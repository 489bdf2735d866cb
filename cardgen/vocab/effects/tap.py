"""The `tap` effect."""

from __future__ import annotations

from cardgen.spec.model import Tap
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("tap", Tap, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
