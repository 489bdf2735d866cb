"""The `pump` effect."""

from __future__ import annotations

from cardgen.spec.model import Pump
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("pump", Pump, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("{w:object_sg}{a:also} gets {p:signed}/{t:signed}{d:duration}",
             {"effect": "pump", "what": V("w"), "power": V("p", 0), "toughness": V("t", 0),
              "duration": V("d", "end_of_turn")}),
        Form("{w:subject_pl}{a:also} get {p:signed}/{t:signed}{d:duration}",
             {"effect": "pump", "what": V("w"), "power": V("p", 0), "toughness": V("t", 0),
              "duration": V("d", "end_of_turn")}),
    ],
    "clause": [  # with the keywords "it" / "they" gain in the same clause
        Form("{w:object_sg} gets {p:signed}/{t:signed} and gains {k:keywords}{d:duration}",
             [{"effect": "pump", "what": V("w"), "power": V("p", 0), "toughness": V("t", 0),
               "duration": V("d", "end_of_turn")},
              {"effect": "gain_keyword", "what": {"backref": "it"}, "keywords": V("k"),
               "duration": V("d", "end_of_turn")}]),
        Form("{w:subject_pl} get {p:signed}/{t:signed} and gain {k:keywords}{d:duration}",
             [{"effect": "pump", "what": V("w"), "power": V("p", 0), "toughness": V("t", 0),
               "duration": V("d", "end_of_turn")},
              {"effect": "gain_keyword", "what": {"backref": "them"}, "keywords": V("k"),
               "duration": V("d", "end_of_turn")}]),
    ],
})


CONSTRUCT.put("text_antecedents", ("what",))


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
