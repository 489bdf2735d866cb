"""The `bounce` effect."""

from __future__ import annotations

from cardgen.spec.model import Bounce
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.forms import form

CONSTRUCT = EffectConstruct("bounce", Bounce, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "ReturnToHandTargetEffect", when="on_battlefield_or_stack"),
    form("all", "ReturnToHandFromBattlefieldAllEffect", "filter"),
    form("self", "ReturnToHandSourceEffect", "const:true"),
))
CONSTRUCT.put("xmage_moves_objects", True)

# --------------------------------------------------------------------------------------------- resolver
