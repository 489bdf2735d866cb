"""The `all` subject: every object that matches a filter, not targeted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import AllSubject
from cardgen.vocab.subject import SubjectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = SubjectConstruct("all", AllSubject)


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_defined")
def _forge_defined(w: EffectWriter, subject: AllSubject, player: bool) -> Params:
    return [("Defined", "Valid " + w.valid(subject.all))]


@CONSTRUCT.slot("forge_affected")
def _forge_affected(b: ScriptBuilder, subject: AllSubject) -> str:
    return b.valid(subject.all)


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
