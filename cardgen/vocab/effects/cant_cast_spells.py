"""The `cant_cast_spells` effect."""

from __future__ import annotations

from cardgen.spec.model import CantCastSpells
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("cant_cast_spells", CantCastSpells, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("{who:players} can't cast spells{d:this_turn}",
             {"effect": "cant_cast_spells", "who": V("who", "each_player"), "duration": V("d", "end_of_turn")}),
    ],
    "players": [Form("players", "each_player"), Form("your opponents", "each_opponent"), Form("you", "you")],
})


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
