"""The `delayed_trigger` effect."""

from __future__ import annotations

from cardgen.spec.model import DelayedTrigger
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("delayed_trigger", DelayedTrigger, subjects=())


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
