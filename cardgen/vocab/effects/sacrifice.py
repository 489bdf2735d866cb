"""The `sacrifice` effect."""

from __future__ import annotations

from cardgen.spec.model import Sacrifice
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("sacrifice", Sacrifice, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
