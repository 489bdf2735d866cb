"""The `bounce` effect."""

from __future__ import annotations

from cardgen.spec.model import Bounce
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("bounce", Bounce, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("return {w:object_sg} to its owner's hand", {"effect": "bounce", "what": V("w")}),
        Form("return {w:object_pl} to their owners' hands", {"effect": "bounce", "what": V("w")}),
    ],
})


CONSTRUCT.put("text_antecedents", ("what",))


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
