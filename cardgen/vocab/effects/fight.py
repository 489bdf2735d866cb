"""The `fight` effect."""

from __future__ import annotations

from cardgen.spec.model import Fight
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("fight", Fight, subjects=("what", "other"))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("{w:object_sg} fights {o:object_sg}", {"effect": "fight", "what": V("w"), "other": V("o")}),
        Form("those creatures fight each other",
             {"effect": "fight", "what": {"backref": "chosen", "index": 0},
              "other": {"backref": "chosen", "index": 1}},
             parse_only=True),
    ],
})


CONSTRUCT.put("text_antecedents", ("what",))


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
