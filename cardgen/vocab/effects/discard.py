"""The `discard` effect."""

from __future__ import annotations

from cardgen.spec.model import Discard
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("discard", Discard, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("discard {n:cards}", {"effect": "discard", "amount": V("n", 1)}),
        Form("{who:player_sg} discards {n:cards}", {"effect": "discard", "who": V("who"), "amount": V("n", 1)}),
    ],
})


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
