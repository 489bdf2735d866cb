"""The `discard` effect."""

from __future__ import annotations

from cardgen.spec.model import Discard
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("discard", Discard, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
