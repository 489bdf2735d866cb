"""The `attach` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import Attach
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.forms import form

if TYPE_CHECKING:
    from cardgen.engines.xmage.lower import CardLowering, Host

CONSTRUCT = EffectConstruct("attach", Attach, subjects=("to", "what"))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "AttachEffect", "const:Outcome.BoostCreature", when="attach_self"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

@CONSTRUCT.slot("xmage_when:attach_self")
def _xmage_attach_self(w: CardLowering, host: Host, effect: Attach, zone: str | None) -> bool:
    """`AttachEffect` attaches the source itself."""
    return effect.what == "self"

# --------------------------------------------------------------------------------------------- resolver
