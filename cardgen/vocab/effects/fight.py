"""The `fight` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import Fight, TargetSubject
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("fight", Fight, subjects=("what", "other"))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Fight) -> tuple[str, Params]:
    if isinstance(e.what, TargetSubject) or not isinstance(e.other, TargetSubject):
        raise w.error("fight is written as `what` (not a target) fighting `other` (a target)")
    fighter = [("Defined", "Self")] if e.what == "self" else w.defined(e.what)
    return "Fight", [*fighter, *w.target(e.other.target)]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
