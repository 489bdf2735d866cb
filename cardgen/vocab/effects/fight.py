"""The `fight` effect."""

from __future__ import annotations

from cardgen.spec.model import Fight
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("fight", Fight, subjects=("what", "other"))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
