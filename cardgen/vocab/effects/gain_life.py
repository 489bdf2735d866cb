"""The `gain_life` effect."""

from __future__ import annotations

from cardgen.spec.model import GainLife
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("gain_life", GainLife, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("you gain {n:number} life", {"effect": "gain_life", "amount": V("n")}),
        Form("{who:player_sg} gains {n:number} life", {"effect": "gain_life", "who": V("who"), "amount": V("n")}),
    ],
})


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
