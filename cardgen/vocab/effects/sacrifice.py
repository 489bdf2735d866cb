"""The `sacrifice` effect."""

from __future__ import annotations

from cardgen.spec.model import Sacrifice
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.forms import form

CONSTRUCT = EffectConstruct("sacrifice", Sacrifice, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "SacrificeEffect", "sacrifice_filter", "amount", "pretext"),
    form("each_player", "SacrificeAllEffect", "amount", "sacrifice_filter"),
    form("each_opponent", "SacrificeOpponentsEffect", "amount", "sacrifice_filter"),
    form("you", "SacrificeControllerEffect", "sacrifice_filter", "amount", "text:"),
))

# --------------------------------------------------------------------------------------------- resolver
