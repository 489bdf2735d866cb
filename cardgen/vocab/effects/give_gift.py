"""The `give_gift` effect."""

from __future__ import annotations

from cardgen.spec.model import GiveGift
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("give_gift", GiveGift, subjects=())


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_gift_ability", True)

# --------------------------------------------------------------------------------------------- resolver
