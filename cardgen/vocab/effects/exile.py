"""The `exile` effect."""

from __future__ import annotations

from cardgen.spec.model import Exile
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("exile", Exile, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
