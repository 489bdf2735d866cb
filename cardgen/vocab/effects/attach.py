"""The `attach` effect."""

from __future__ import annotations

from cardgen.spec.model import Attach
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("attach", Attach, subjects=("to", "what"))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("attach {s:self} to {t:object_sg}", {"effect": "attach", "to": V("t")}),
        Form("attach it to {t:object_sg}", {"effect": "attach", "to": V("t")}, parse_only=True),
    ],
})


CONSTRUCT.put("text_antecedents", ("what", "to"))


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
