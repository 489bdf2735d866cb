"""The `draw` effect."""

from __future__ import annotations

from cardgen.spec.model import Draw
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("draw", Draw, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("draw {n:cards}", {"effect": "draw", "amount": V("n", 1)}),
        Form("{who:player_sg} draws {n:cards}", {"effect": "draw", "who": V("who"), "amount": V("n", 1)}),
    ],
})


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
