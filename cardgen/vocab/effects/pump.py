"""The `pump` effect."""

from __future__ import annotations

from cardgen.spec.model import Pump
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.forms import form

CONSTRUCT = EffectConstruct("pump", Pump, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "BoostTargetEffect", "power", "toughness", "duration"),
    form("all", "BoostAllEffect", "power", "toughness", "duration", "filter", "const:false"),
    form("self", "BoostSourceEffect", "power", "toughness", "duration"),
))
# XMage's shorter spellings: read, never written (the table lists them after every written form)
CONSTRUCT.put("xmage_read_forms", (
    form("target", "BoostTargetEffect", "power", "toughness", duration="end_of_turn"),
))
CONSTRUCT.put("xmage_continuous", True)
CONSTRUCT.put("xmage_pointer_stable", True)

# --------------------------------------------------------------------------------------------- resolver
