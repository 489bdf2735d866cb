"""Small rules actions several effect handlers share (and state-based actions reuse): life changes, damage,
destruction, attaching, starting a continuous effect.

They live in the game-state kit rather than beside one handler because more than one construct's `resolve`
slot performs them, and `cardgen.resolver.sba` asks the same question an attaching effect does.
"""

from __future__ import annotations

from cardgen.game import continuous, filters, triggers, zones
from cardgen.game.events import (
    CountersRemoved,
    DamageDealt,
    DamagePrevented,
    Destroyed,
    EffectCreated,
    LifeGained,
    LifeLost,
    LifeUnchanged,
    Untapped,
)
from cardgen.game.objects import ContinuousEffect, Entity, GameObject
from cardgen.game.state import GameState


def change_life(state: GameState, player: str, delta: int) -> None:
    """Gain or lose life, unless the player's life total can't change (Perch Protection)."""
    if delta == 0:
        return
    if continuous.player_has(state, player, "life_cant_change"):
        state.emit(LifeUnchanged(player, delta))
        return
    who = state.players[player]
    who.life += delta
    if delta > 0:
        who.life_gained_this_turn += delta
    else:
        who.life_lost_this_turn -= delta
    state.emit(LifeGained(player, delta) if delta > 0 else LifeLost(player, -delta))
    triggers.life_changed(state, player, delta)


def untap(state: GameState, obj: GameObject) -> None:
    """A tapped permanent becomes untapped, unless it has a stun counter (122.1d: "If a permanent with a
    stun counter on it would become untapped, instead remove a stun counter from it"), whatever untaps it:
    its controller's untap step or an effect."""
    if not obj.tapped:
        return
    if obj.counters.get("stun", 0) > 0:
        obj.counters["stun"] -= 1
        if obj.counters["stun"] == 0:
            del obj.counters["stun"]
        state.emit(CountersRemoved(obj.name, "stun", 1))
        return
    obj.tapped = False
    state.emit(Untapped(obj.name, continuous.controller_of(state, obj)))


def entity_name(state: GameState, entity: Entity) -> str:
    return entity if isinstance(entity, str) else state.obj(entity).name


def deal_damage(state: GameState, source_name: str, source: GameObject | None, entity: Entity,
                amount: int) -> None:
    """Damage to a player (life loss) or a permanent (marked damage, 120.3); protection prevents it."""
    if amount <= 0:
        return
    if source is None:
        keywords: frozenset[str] = frozenset()
    else:  # a source that left deals damage as it last was (608.2h)
        keywords = source.last_keywords if source.gone else continuous.view(state, source).keywords
    if isinstance(entity, str):
        if state.players[entity].lost:
            return
        if continuous.player_has(state, entity, "protection"):
            state.emit(DamagePrevented(source_name, entity, amount))
            return
        state.emit(DamageDealt(source_name, entity, amount))
        change_life(state, entity, -amount)
        if source is not None:
            triggers.damaged_player(state, source, entity)
    else:
        target = state.live(entity)
        if target is None or target.zone != "battlefield" or target.phased_out:
            return
        if continuous.view(state, target).protection:
            state.emit(DamagePrevented(source_name, target.name, amount))
            return
        state.emit(DamageDealt(source_name, target.name, amount))
        target.damage += amount
        if amount > 0:
            target.damaged_turn = state.turn_number
        if "deathtouch" in keywords:
            target.deathtouch_damage = True
    if "lifelink" in keywords and source is not None:
        change_life(state, source.controller if source.gone else continuous.controller_of(state, source), amount)


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


def can_attach(state: GameState, attachment: GameObject, host: GameObject) -> bool:
    """An Equipment can be attached only to a creature, an Aura only to what it can enchant, neither to
    itself nor to something with protection from everything (301.5c, 303.4, 702.16)."""
    if host.oid == attachment.oid or host.zone != "battlefield" or host.phased_out:
        return False
    if continuous.view(state, host).protection:
        return False
    enchant = attachment.chars.enchant
    if enchant is not None:
        return filters.matches(state, host, enchant.filter, continuous.controller_of(state, attachment))
    if "Equipment" in attachment.chars.subtypes:
        return host.chars.is_type("creature")
    return False


def start_effect(state: GameState, effect: ContinuousEffect, detail: str) -> None:
    """Begin a continuous effect of a resolving spell or ability and log it with the names of what it
    affects (its objects, then its players) and `detail`, the change it makes."""
    continuous.add_effect(state, effect)
    affected: tuple[Entity, ...] = (*effect.objects, *effect.players)
    names = tuple(entity_name(state, e) for e in affected)
    state.emit(EffectCreated(effect.kind, names, detail, effect.duration))
