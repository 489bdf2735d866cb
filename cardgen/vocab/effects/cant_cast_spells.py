"""The `cant_cast_spells` effect."""

from __future__ import annotations

from cardgen.spec.model import CantCastSpells
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("cant_cast_spells", CantCastSpells, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_continuous", True)

# --------------------------------------------------------------------------------------------- resolver
