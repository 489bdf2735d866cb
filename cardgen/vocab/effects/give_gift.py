"""The `give_gift` effect."""

from __future__ import annotations

from cardgen.spec.model import GiveGift
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("give_gift", GiveGift, subjects=())


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("canonical_derived", True)  # a written-out gift is derived anyway (702.174b)


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
