"""The `protection` effect."""

from __future__ import annotations

from cardgen.spec.model import Protection
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("protection", Protection, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("{w:object_sg}{a:also} gains protection from everything{d:duration}",
             {"effect": "protection", "what": V("w"), "duration": V("d", "end_of_turn")}),
        Form("{w:subject_pl}{a:also} gain protection from everything{d:duration}",
             {"effect": "protection", "what": V("w"), "duration": V("d", "end_of_turn")}),
    ],
})


CONSTRUCT.put("text_antecedents", ("what",))


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
