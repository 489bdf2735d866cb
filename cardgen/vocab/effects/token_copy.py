"""The `token_copy` effect."""

from __future__ import annotations

from cardgen.spec.model import TokenCopy
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.forms import form

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

# --------------------------------------------------------------------------------------------- resolver
