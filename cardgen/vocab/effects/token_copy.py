"""The `token_copy` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import TokenCopy
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.forms import form

if TYPE_CHECKING:
    from cardgen.engines.xmage.lower import CardLowering, Host

CONSTRUCT = EffectConstruct("token_copy", TokenCopy, subjects=("of",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "CreateTokenCopyTargetEffect", amount=1, set_pt=None),
    form("target", "CreateTokenCopyTargetEffect", "const:null", "const:null", "const:false",
         "copy_number", set_pt=None),
    form("target", "CreateTokenCopyTargetEffect", "const:null", "const:null", "const:false",
         "copy_number", "const:false", "const:false", "const:null", "copy_power", "copy_toughness", "const:false",
         when="fixed_pt"),
))

@CONSTRUCT.slot("xmage_when:fixed_pt")
def _xmage_fixed_pt(w: CardLowering, host: Host, effect: TokenCopy, zone: str | None) -> bool:
    """The long constructor sets a fixed power and toughness."""
    return effect.set_pt is not None and "*" not in effect.set_pt

# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"CreateTokenCopyTargetEffect"}))

# --------------------------------------------------------------------------------------------- resolver
