"""The `mill` effect."""

from __future__ import annotations

from cardgen.spec.model import Mill
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("mill", Mill, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("mill {n:cards}", {"effect": "mill", "amount": V("n", 1)}),
        Form("{who:player_sg} mills {n:cards}", {"effect": "mill", "who": V("who"), "amount": V("n", 1)}),
    ],
})


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
