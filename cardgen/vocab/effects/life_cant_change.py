"""The `life_cant_change` effect."""

from __future__ import annotations

from cardgen.spec.model import LifeCantChange
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("life_cant_change", LifeCantChange, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("your life total can't change{d:this_turn}",
             {"effect": "life_cant_change", "duration": V("d", "end_of_turn")}),
    ],
})


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
