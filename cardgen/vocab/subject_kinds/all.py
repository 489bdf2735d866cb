"""The `all` subject: every object that matches a filter, not targeted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.model.parts import AllSubject
from cardgen.vocab.construct import ForgeSubject, SubjectConstruct, SubjectRule

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity, GameObject
    from cardgen.game.state import GameState


# ------------------------------------------------------------------------------------------------ Forge

def _forge_defined(w: EffectWriter, subject: AllSubject, player: bool) -> Params:
    return [("Defined", "Valid " + w.valid(subject.all))]


def _forge_affected(b: ScriptBuilder, subject: AllSubject) -> str:
    return b.valid(subject.all)


# --------------------------------------------------------------------------------------------- resolver

def _resolve(ctx: Context, value: AllSubject, field_name: str) -> list[Entity]:
    from cardgen.game import filters
    return [obj.oid for obj in filters.select(ctx.state, value.all, ctx.controller, ctx.source)]


def _static_affects(state: GameState, source: GameObject, value: AllSubject, obj: GameObject, you: str) -> bool:
    from cardgen.game import filters
    return filters.matches(state, obj, value.all, you, source.oid)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = SubjectConstruct(
    kind="all", model=AllSubject,
    forge=ForgeSubject(
        defined=_forge_defined,
        affected=_forge_affected,
    ),
    rule=SubjectRule(
        resolve=_resolve,
        static_affects=_static_affects,
    ),
)
