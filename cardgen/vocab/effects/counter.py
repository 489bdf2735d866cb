"""The `counter` effect."""

from __future__ import annotations

from cardgen.spec.model import CounterSpell
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("counter", CounterSpell, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
