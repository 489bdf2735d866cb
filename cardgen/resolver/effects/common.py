"""Small rules actions several handlers share: life changes, damage, destruction."""

from __future__ import annotations

from cardgen.resolver import continuous, zones
from cardgen.resolver.events import (
    DamageDealt,
    DamagePrevented,
    Destroyed,
    LifeGained,
    LifeLost,
    LifeUnchanged,
)
from cardgen.resolver.objects import Entity, GameObject
from cardgen.resolver.state import GameState


def change_life(state: GameState, player: str, delta: int) -> None:
    """Gain or lose life, unless the player's life total can't change (Perch Protection)."""
    if delta == 0:
        return
    if continuous.player_has(state, player, "life_cant_change"):
        state.emit(LifeUnchanged(player, delta))
        return
    state.players[player].life += delta
    state.emit(LifeGained(player, delta) if delta > 0 else LifeLost(player, -delta))


def entity_name(state: GameState, entity: Entity) -> str:
    return entity if isinstance(entity, str) else state.obj(entity).name


def deal_damage(state: GameState, source_name: str, source: GameObject | None, entity: Entity,
                amount: int) -> None:
    """Damage to a player (life loss) or a permanent (marked damage, 120.3); protection prevents it."""
    if amount <= 0:
        return
    keywords = continuous.view(state, source).keywords if source and not source.gone else frozenset()
    if isinstance(entity, str):
        if state.players[entity].lost:
            return
        if continuous.player_has(state, entity, "protection"):
            state.emit(DamagePrevented(source_name, entity, amount))
            return
        state.emit(DamageDealt(source_name, entity, amount))
        change_life(state, entity, -amount)
    else:
        target = state.live(entity)
        if target is None or target.zone != "battlefield" or target.phased_out:
            return
        if continuous.view(state, target).protection:
            state.emit(DamagePrevented(source_name, target.name, amount))
            return
        state.emit(DamageDealt(source_name, target.name, amount))
        target.damage += amount
        if "deathtouch" in keywords:
            target.deathtouch_damage = True
    if "lifelink" in keywords and source is not None:
        change_life(state, continuous.controller_of(state, source), amount)


def destroy(state: GameState, oid: int) -> GameObject | None:
    """Destroy a permanent (701.8) unless it is indestructible; returns the graveyard object."""
    obj = state.live(oid)
    if obj is None or obj.zone != "battlefield" or obj.phased_out:
        return None
    seen = continuous.view(state, obj)
    if "indestructible" in seen.keywords:
        return None
    state.emit(Destroyed(obj.name, seen.controller))
    return zones.move(state, oid, "graveyard")
