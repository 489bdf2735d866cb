"""Effects that change permanents or players without moving them: +N/+N, keywords, protection,
counters, tapping, attaching, phasing, and delayed triggers."""

from __future__ import annotations

from cardgen.resolver import continuous, filters
from cardgen.resolver.context import Context
from cardgen.resolver.effects import handles
from cardgen.resolver.effects.common import entity_name
from cardgen.resolver.events import (
    Attached,
    CountersAdded,
    DelayedTriggerCreated,
    EffectCreated,
    PhasedOut,
    Tapped,
    Untapped,
)
from cardgen.resolver.objects import ContinuousEffect, DelayedTrigger, Entity, GameObject
from cardgen.resolver.state import GameState
from cardgen.spec.model import (
    Attach,
    GainKeyword,
    PhaseOut,
    Protection,
    Pump,
    PutCounters,
    Tap,
    Untap,
)
from cardgen.spec.model import (
    DelayedTrigger as DelayedTriggerEffect,
)


def _permanents(ctx: Context, value: object, field: str) -> list[GameObject]:
    found = (ctx.state.live(e) for e in ctx.subject(value, field) if isinstance(e, int))
    return [obj for obj in found if obj is not None and obj.zone == "battlefield" and not obj.phased_out]


def _add(ctx: Context, effect: ContinuousEffect, detail: str) -> None:
    state = ctx.state
    continuous.add_effect(state, effect)
    names = tuple(entity_name(state, e) for e in (*effect.objects, *effect.players))
    state.emit(EffectCreated(effect.kind, names, detail, effect.duration))


def _split(ctx: Context, value: object, field: str) -> tuple[list[GameObject], list[str]]:
    entities = ctx.subject(value, field)
    players = [e for e in entities if isinstance(e, str) and not ctx.state.players[e].lost]
    return _permanents(ctx, value, field), players


@handles("pump")
def pump(ctx: Context, effect: Pump) -> list[Entity]:
    """The affected set is locked in as the effect begins (611.2c)."""
    objects = [obj for obj in _permanents(ctx, effect.what, "what") if obj.chars.is_type("creature")]
    if objects:
        _add(ctx, ContinuousEffect(
            kind="pump", controller=ctx.controller, duration=effect.duration,
            timestamp=ctx.state.new_timestamp(), objects=tuple(obj.oid for obj in objects),
            power=effect.power, toughness=effect.toughness), f"{effect.power:+d}/{effect.toughness:+d}")
    return [obj.oid for obj in objects]


@handles("gain_keyword")
def gain_keyword(ctx: Context, effect: GainKeyword) -> list[Entity]:
    objects, players = _split(ctx, effect.what, "what")
    if objects or players:
        _add(ctx, ContinuousEffect(
            kind="keywords", controller=ctx.controller, duration=effect.duration,
            timestamp=ctx.state.new_timestamp(), objects=tuple(obj.oid for obj in objects),
            players=tuple(players), keywords=tuple(effect.keywords)), ",".join(effect.keywords))
    return [*(obj.oid for obj in objects), *players]


@handles("protection")
def protection(ctx: Context, effect: Protection) -> list[Entity]:
    objects, players = _split(ctx, effect.what, "what")
    if objects or players:
        _add(ctx, ContinuousEffect(
            kind="protection", controller=ctx.controller, duration=effect.duration,
            timestamp=ctx.state.new_timestamp(), objects=tuple(obj.oid for obj in objects),
            players=tuple(players)), effect.against)
    return [*(obj.oid for obj in objects), *players]


@handles("put_counters")
def put_counters(ctx: Context, effect: PutCounters) -> list[Entity]:
    objects = _permanents(ctx, effect.what, "what")
    for obj in objects:
        obj.counters[effect.counter] = obj.counters.get(effect.counter, 0) + effect.amount
        ctx.state.emit(CountersAdded(obj.name, effect.counter, effect.amount))
    return [obj.oid for obj in objects]


@handles("tap")
def tap(ctx: Context, effect: Tap) -> list[Entity]:
    objects = _permanents(ctx, effect.what, "what")
    for obj in objects:
        if not obj.tapped:
            obj.tapped = True
            ctx.state.emit(Tapped(obj.name, continuous.controller_of(ctx.state, obj)))
    return [obj.oid for obj in objects]


@handles("untap")
def untap(ctx: Context, effect: Untap) -> list[Entity]:
    objects = _permanents(ctx, effect.what, "what")
    for obj in objects:
        if obj.tapped:
            obj.tapped = False
            ctx.state.emit(Untapped(obj.name, continuous.controller_of(ctx.state, obj)))
    return [obj.oid for obj in objects]


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


@handles("attach")
def attach(ctx: Context, effect: Attach) -> list[Entity]:
    movers = _permanents(ctx, effect.what, "what")
    hosts = _permanents(ctx, effect.to, "to")
    if not movers or not hosts:
        return []
    mover, host = movers[0], hosts[0]
    if not can_attach(ctx.state, mover, host):
        return []
    mover.attached_to = host.oid
    mover.timestamp = ctx.state.new_timestamp()
    ctx.state.emit(Attached(mover.name, host.name))
    return [host.oid]


@handles("phase_out")
def phase_out(ctx: Context, effect: PhaseOut) -> list[Entity]:
    """Phasing out also phases out everything attached (indirect phasing, 702.26g)."""
    state = ctx.state
    objects = _permanents(ctx, effect.what, "what")
    chosen = {obj.oid for obj in objects}
    attached = [obj for obj in state.permanents() if obj.attached_to in chosen and obj.oid not in chosen]
    for obj in [*objects, *attached]:
        controller = continuous.controller_of(state, obj)
        obj.phased_out = True
        obj.phased_out_controller = controller
        state.emit(PhasedOut(obj.name, controller))
    return [obj.oid for obj in objects]


@handles("delayed_trigger")
def delayed_trigger(ctx: Context, effect: DelayedTriggerEffect) -> list[Entity]:
    """"At the beginning of the next end step": this turn's, unless that end step has begun (603.7)."""
    state = ctx.state
    started = state.step in ("end", "cleanup")
    state.delayed.append(DelayedTrigger(
        controller=ctx.controller, source=ctx.source, source_name=ctx.source_name,
        effects=list(effect.effects), not_before_turn=state.turn_number + (1 if started else 0),
        promised=ctx.promised, gift_recipient=ctx.recipient, refs=dict(ctx.refs)))
    state.emit(DelayedTriggerCreated(ctx.controller, ctx.source_name, effect.at))
    return []
