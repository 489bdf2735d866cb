"""The `destroy` effect."""

from __future__ import annotations

from cardgen.spec.model import Destroy
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.forms import form

CONSTRUCT = EffectConstruct("destroy", Destroy, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "DestroyTargetEffect"),
    form("all", "DestroyAllEffect", "filter"),
    form("self", "DestroySourceEffect"),
))
CONSTRUCT.put("xmage_moves_objects", True)

# --------------------------------------------------------------------------------------------- resolver
