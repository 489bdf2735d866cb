"""The `bounce` effect."""

from __future__ import annotations

from cardgen.spec.model import Bounce
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("bounce", Bounce, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
