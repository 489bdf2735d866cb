"""The `life_cant_change` effect."""

from __future__ import annotations

from cardgen.spec.model import LifeCantChange
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("life_cant_change", LifeCantChange, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
