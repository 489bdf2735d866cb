"""The `give_gift` effect."""

from __future__ import annotations

from cardgen.spec.model import GiveGift
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("give_gift", GiveGift, subjects=())


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_from_keyword", True)
"""Forge gives the gift from `K:Gift` (and `SVar:GiftAbility`): the effect is not written as an ability."""


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
