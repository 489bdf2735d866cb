"""The `target` subject: a new target, chosen as the spell is cast or the ability is put on the stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.model.parts import TargetSubject
from cardgen.vocab.construct import ForgeSubject, SubjectConstruct, SubjectRule

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity


# ------------------------------------------------------------------------------------------------ Forge

def _forge_defined(w: EffectWriter, subject: TargetSubject, player: bool) -> Params:
    return w.target(subject.target)


# --------------------------------------------------------------------------------------------- resolver

def _resolve(ctx: Context, value: TargetSubject, field_name: str) -> list[Entity]:
    """The targets chosen for this field, already re-checked for legality as the effect resolves."""
    return list(ctx.targets.get(ctx.path + (field_name,), []))


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = SubjectConstruct(
    kind="target", model=TargetSubject,
    forge=ForgeSubject(defined=_forge_defined),
    rule=SubjectRule(resolve=_resolve),
)
