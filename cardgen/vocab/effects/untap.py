"""The `untap` effect."""

from __future__ import annotations

from cardgen.spec.model import Untap
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("untap", Untap, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
