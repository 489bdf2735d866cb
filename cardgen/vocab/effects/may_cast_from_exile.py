"""The `may_cast_from_exile` effect."""

from __future__ import annotations

from cardgen.spec.model import MayCastFromExile
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("may_cast_from_exile", MayCastFromExile, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("you may cast {w:object_sg} for as long as it remains exiled{m:any_mana}",
             {"effect": "may_cast_from_exile", "what": V("w"), "any_mana": V("m", False)}),
    ],
    "any_mana": [Form("", False), Form(", and mana of any type can be spent to cast it", True)],
})


CONSTRUCT.put("text_antecedents", ("what",))


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
