"""The `pump` effect."""

from __future__ import annotations

from cardgen.spec.model import Pump
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("pump", Pump, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
