"""The `ref` subject: what an earlier effect acted on ("that creature", "its controller")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import RefSubject
from cardgen.vocab.subject import SubjectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = SubjectConstruct("ref", RefSubject)


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_defined")
def _forge_defined(w: EffectWriter, subject: RefSubject, player: bool) -> Params:
    return [("Defined", w.ref_defined(subject, player))]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
