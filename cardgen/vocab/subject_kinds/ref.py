"""The `ref` subject: what an earlier effect acted on ("that creature", "its controller")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.model.parts import RefSubject
from cardgen.vocab.construct import ForgeSubject, SubjectConstruct, SubjectRule

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity, GameObject
    from cardgen.game.state import GameState


# ------------------------------------------------------------------------------------------------ Forge

def _forge_defined(w: EffectWriter, subject: RefSubject, player: bool) -> Params:
    return [("Defined", w.ref_defined(subject, player))]


# --------------------------------------------------------------------------------------------- resolver

def _resolve(ctx: Context, value: RefSubject, field_name: str) -> list[Entity]:
    """What the effect named `ref` acted on, by 400.7: an object that changed zones since is a new object,
    so "that creature" no longer finds it, while "that creature's controller" (or owner) uses last known
    information; `filter` and `choose` narrow what is left."""
    from cardgen.game import continuous, filters
    from cardgen.game.choices import note_forced
    state = ctx.state
    found: list[Entity] = []
    for entity in ctx.refs.get(value.ref, []):
        if isinstance(entity, str):
            found.append(entity)
            continue
        obj = state.objects[entity]
        if value.relation == "owner":
            found.append(obj.owner)
        elif value.relation == "controller":
            live = state.live(entity)
            before = _left_battlefield(state, entity)
            if before is not None:  # moved off the battlefield by the earlier effect: its controller there (608.2h)
                found.append(before.controller)
            else:
                found.append(continuous.controller_of(state, live) if live else obj.controller)
        elif not obj.gone and (value.filter is None or filters.matches(state, obj, value.filter, ctx.controller)):
            found.append(entity)
    unique = list(dict.fromkeys(found))
    if value.choose is not None and len(unique) > value.choose:
        unique = state.chooser.choose(ctx.controller, unique, value.choose, f"ref {value.ref}")
    elif value.choose is not None:
        note_forced(state.chooser, ctx.controller, unique, value.choose, f"ref {value.ref}")
    return unique


def _left_battlefield(state: GameState, entity: int) -> GameObject | None:
    """The permanent `entity` was before an effect moved it off the battlefield ("Exile target nonland
    permanent. Its controller draws a card."): the object as it last existed there (608.2h), None when
    `entity` is on the battlefield or didn't come from it."""
    obj = state.objects[entity]
    if obj.zone == "battlefield":
        return None
    before = next((state.objects[old] for old, new in state.successors.items() if new == entity), None)
    return before if before is not None and before.zone == "battlefield" else None


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = SubjectConstruct(
    kind="ref", model=RefSubject,
    forge=ForgeSubject(defined=_forge_defined),
    rule=SubjectRule(resolve=_resolve),
)
