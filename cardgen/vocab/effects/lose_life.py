"""The `lose_life` effect."""

from __future__ import annotations

from cardgen.spec.model import LoseLife
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("lose_life", LoseLife, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("you lose {n:number} life", {"effect": "lose_life", "amount": V("n")}),
        Form("{who:player_sg} loses {n:number} life", {"effect": "lose_life", "who": V("who"), "amount": V("n")}),
    ],
})


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
