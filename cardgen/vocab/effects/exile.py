"""The `exile` effect."""

from __future__ import annotations

from cardgen.spec.model import Exile
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("exile", Exile, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [Form("exile {w:object}", {"effect": "exile", "what": V("w")})],
})


CONSTRUCT.put("text_antecedents", ("what",))


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
