"""The `life_cant_change` effect."""

from __future__ import annotations

from cardgen.spec.model import LifeCantChange
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.xmage_forms import form

CONSTRUCT = EffectConstruct("life_cant_change", LifeCantChange, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("you", "LifeTotalCantChangeControllerEffect", "duration"),
))
CONSTRUCT.put("xmage_continuous", True)

# --------------------------------------------------------------------------------------------- resolver
