"""The `phase_out` effect."""

from __future__ import annotations

from cardgen.spec.model import PhaseOut
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("phase_out", PhaseOut, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("{w:object_sg} phases out", {"effect": "phase_out", "what": V("w")}),
        Form("{w:object_pl} phase out", {"effect": "phase_out", "what": V("w")}),
    ],
})


CONSTRUCT.put("text_antecedents", ("what",))


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
