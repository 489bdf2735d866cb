"""Effects on players: draw, discard, mill, gain or lose life, and player-wide restrictions with a duration."""

from __future__ import annotations

from cardgen.resolver import continuous, zones
from cardgen.resolver.context import Context
from cardgen.resolver.effects import handles
from cardgen.resolver.effects.common import change_life
from cardgen.resolver.events import Discarded, EffectCreated, Milled
from cardgen.resolver.objects import ContinuousEffect, Entity
from cardgen.spec.model import CantCastSpells, Discard, Draw, GainLife, LifeCantChange, LoseLife, Mill


def _players(ctx: Context, value: object, field: str) -> list[str]:
    return [e for e in ctx.subject(value, field) if isinstance(e, str) and not ctx.state.players[e].lost]


@handles("draw")
def draw(ctx: Context, effect: Draw) -> list[Entity]:
    who = _players(ctx, effect.who, "who")
    for player in who:
        zones.draw(ctx.state, player, effect.amount)
    return list(who)


GROUP_DISCARD = "card to discard, each player at once"
"""The purpose of a discard choice made by each player of a group (each opponent, each player): all
choose, then all discard (101.4); scenario tests name it apart from one player's own discard."""


@handles("discard")
def discard(ctx: Context, effect: Discard) -> list[Entity]:
    """Each player chooses the cards they discard (by default the discarding player chooses), then all
    discard at once (101.4)."""
    state = ctx.state
    who = _players(ctx, effect.who, "who")
    group = effect.who in ("each_player", "each_opponent")
    purpose = GROUP_DISCARD if group else "card to discard"
    chosen: list[tuple[str, list[int]]] = []
    for player in who:
        hand = list(state.players[player].hand)
        picked = hand if len(hand) <= effect.amount else \
            [int(oid) for oid in state.chooser.choose(player, hand, effect.amount, purpose)]
        chosen.append((player, picked))
    for player, picked in chosen:
        for oid in picked:
            state.emit(Discarded(player, state.obj(oid).name))
            zones.move(state, oid, "graveyard")
    return list(who)


@handles("mill")
def mill(ctx: Context, effect: Mill) -> list[Entity]:
    state = ctx.state
    who = _players(ctx, effect.who, "who")
    for player in who:
        for oid in list(state.players[player].library[:effect.amount]):
            state.emit(Milled(player, state.obj(oid).name))
            zones.move(state, oid, "graveyard")
    return list(who)


@handles("lose_life")
def lose_life(ctx: Context, effect: LoseLife) -> list[Entity]:
    who = _players(ctx, effect.who, "who")
    for player in who:
        change_life(ctx.state, player, -effect.amount)
    return list(who)


@handles("gain_life")
def gain_life(ctx: Context, effect: GainLife) -> list[Entity]:
    who = _players(ctx, effect.who, "who")
    for player in who:
        change_life(ctx.state, player, effect.amount)
    return list(who)


def _player_effect(ctx: Context, kind: str, who: list[str], duration: str) -> None:
    state = ctx.state
    continuous.add_effect(state, ContinuousEffect(
        kind=kind, controller=ctx.controller, duration=duration,  # type: ignore[arg-type]
        timestamp=state.new_timestamp(), players=tuple(who)))
    state.emit(EffectCreated(kind, tuple(who), "", duration))


@handles("life_cant_change")
def life_cant_change(ctx: Context, effect: LifeCantChange) -> list[Entity]:
    who = _players(ctx, effect.who, "who")
    _player_effect(ctx, "life_cant_change", who, effect.duration)
    return list(who)


@handles("cant_cast_spells")
def cant_cast_spells(ctx: Context, effect: CantCastSpells) -> list[Entity]:
    who = _players(ctx, effect.who, "who")
    _player_effect(ctx, "cant_cast", who, effect.duration)
    return list(who)
