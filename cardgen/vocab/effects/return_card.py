"""The `return_card` effect."""

from __future__ import annotations

from cardgen.spec.model import ReturnCard
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.forms import form

CONSTRUCT = EffectConstruct("return_card", ReturnCard, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "ReturnFromGraveyardToHandTargetEffect", when="from_graveyard", to="hand"),
    form("target", "ReturnToHandTargetEffect", when="from_exile", to="hand"),
    form("target", "ReturnFromGraveyardToBattlefieldTargetEffect",
         when="from_own_graveyard_or_under_you", to="battlefield", counters=[]),
    form("target", "ReturnFromGraveyardToBattlefieldWithCounterTargetEffect", "counters",
         when="from_own_graveyard_or_under_you", to="battlefield"),
    form("target", "ReturnToBattlefieldUnderOwnerControlTargetEffect", "const:false", "const:false",
         when="from_exile", to="battlefield", under="owner", counters=[]),
    form("target", "ReturnToBattlefieldUnderOwnerControlWithCounterTargetEffect", "counters",
         when="one_counter_from_exile", to="battlefield", under="owner"),
    form("target", "ReturnToBattlefieldUnderYourControlTargetEffect",
         when="from_exile", to="battlefield", under="you", counters=[]),
))
CONSTRUCT.put("xmage_moves_objects", True)

# --------------------------------------------------------------------------------------------- resolver
