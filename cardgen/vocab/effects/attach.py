"""The `attach` effect."""

from __future__ import annotations

from cardgen.spec.model import Attach
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("attach", Attach, subjects=("to", "what"))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
