"""The `create_token` effect."""

from __future__ import annotations

from cardgen.spec.model import CreateToken
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("create_token", CreateToken, subjects=("controller",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
