"""The `destroy` effect."""

from __future__ import annotations

from cardgen.spec.model import Destroy
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("destroy", Destroy, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
