"""The `put_counters` effect."""

from __future__ import annotations

from cardgen.spec.model import PutCounters
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("put_counters", PutCounters, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
