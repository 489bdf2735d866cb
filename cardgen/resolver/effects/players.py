"""Effects on players: draw, gain or lose life, and player-wide restrictions with a duration."""

from __future__ import annotations

from cardgen.resolver import continuous, zones
from cardgen.resolver.context import Context
from cardgen.resolver.effects import handles
from cardgen.resolver.effects.common import change_life
from cardgen.resolver.events import EffectCreated
from cardgen.resolver.objects import ContinuousEffect, Entity
from cardgen.spec.model import CantCastSpells, Draw, GainLife, LifeCantChange, LoseLife


def _players(ctx: Context, value: object, field: str) -> list[str]:
    return [e for e in ctx.subject(value, field) if isinstance(e, str) and not ctx.state.players[e].lost]


@handles("draw")
def draw(ctx: Context, effect: Draw) -> list[Entity]:
    who = _players(ctx, effect.who, "who")
    for player in who:
        zones.draw(ctx.state, player, effect.amount)
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
