"""The `target` subject: a new target, chosen as the spell is cast or the ability is put on the stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.model.card import TargetSubject
from cardgen.vocab.subject import SubjectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity

CONSTRUCT = SubjectConstruct("target", TargetSubject)


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_defined")
def _forge_defined(w: EffectWriter, subject: TargetSubject, player: bool) -> Params:
    return w.target(subject.target)


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver

@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, value: TargetSubject, field_name: str) -> list[Entity]:
    """The targets chosen for this field, already re-checked for legality as the effect resolves."""
    return list(ctx.targets.get(ctx.path + (field_name,), []))
