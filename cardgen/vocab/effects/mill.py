"""The `mill` effect."""

from __future__ import annotations

from cardgen.spec.model import Mill
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("mill", Mill, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
