"""The `target` subject: a new target, chosen as the spell is cast or the ability is put on the stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import TargetSubject
from cardgen.vocab.subject import SubjectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = SubjectConstruct("target", TargetSubject)


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_defined")
def _forge_defined(w: EffectWriter, subject: TargetSubject, player: bool) -> Params:
    return w.target(subject.target)


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
