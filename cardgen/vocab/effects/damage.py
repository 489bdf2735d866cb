"""The `damage` effect."""

from __future__ import annotations

from cardgen.spec.model import Damage
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("damage", Damage, subjects=("to",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
