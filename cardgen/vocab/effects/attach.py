"""The `attach` effect."""

from __future__ import annotations

from cardgen.spec.model import Attach
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.xmage_forms import form

CONSTRUCT = EffectConstruct("attach", Attach, subjects=("to", "what"))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "AttachEffect", "const:Outcome.BoostCreature", what="self"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

# --------------------------------------------------------------------------------------------- resolver
