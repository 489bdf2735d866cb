"""The `exile` effect."""

from __future__ import annotations

from cardgen.spec.model import Exile
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.forms import form

CONSTRUCT = EffectConstruct("exile", Exile, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "ExileTargetEffect"),
    form("all", "ExileAllEffect", "filter"),
    form("self", "ExileSpellEffect", when="spell"),
    form("self", "ExileSourceEffect", when="permanent"),
))
CONSTRUCT.put("xmage_moves_objects", True)

# --------------------------------------------------------------------------------------------- resolver
