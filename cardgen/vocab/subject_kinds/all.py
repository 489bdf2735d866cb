"""The `all` subject: every object that matches a filter, not targeted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.model.card import AllSubject
from cardgen.vocab.subject import SubjectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity, GameObject
    from cardgen.game.state import GameState

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

@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, value: AllSubject, field_name: str) -> list[Entity]:
    from cardgen.game import filters
    return [obj.oid for obj in filters.select(ctx.state, value.all, ctx.controller, ctx.source)]


@CONSTRUCT.slot("static_affects")
def _static_affects(state: GameState, source: GameObject, value: AllSubject, obj: GameObject, you: str) -> bool:
    from cardgen.game import filters
    return filters.matches(state, obj, value.all, you, source.oid)
