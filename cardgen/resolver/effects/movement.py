"""Effects that move objects: destroy, exile, bounce, return, counter, sacrifice, reveal-and-exile, and
the permission to cast an exiled card."""

from __future__ import annotations

from cardgen.resolver import continuous, filters, zones
from cardgen.resolver.context import Context
from cardgen.resolver.effects import handles
from cardgen.resolver.effects.common import destroy as destroy_permanent
from cardgen.resolver.events import CastPermission, Countered, Revealed, Sacrificed
from cardgen.resolver.objects import Entity, GameObject
from cardgen.spec.model import (
    Bounce,
    CounterSpell,
    Destroy,
    Exile,
    MayCastFromExile,
    ReturnCard,
    RevealAndExile,
    Sacrifice,
)


def _objects(ctx: Context, value: object, field: str) -> list[GameObject]:
    found = (ctx.state.live(e) for e in ctx.subject(value, field) if isinstance(e, int))
    return [obj for obj in found if obj is not None and not (obj.zone == "battlefield" and obj.phased_out)]


@handles("destroy")
def destroy(ctx: Context, effect: Destroy) -> list[Entity]:
    moved = [destroy_permanent(ctx.state, obj.oid) for obj in _objects(ctx, effect.what, "what")]
    return [obj.oid for obj in moved if obj is not None]


@handles("exile")
def exile(ctx: Context, effect: Exile) -> list[Entity]:
    moved = [zones.move(ctx.state, obj.oid, "exile") for obj in _objects(ctx, effect.what, "what")]
    return [obj.oid for obj in moved if obj is not None]


@handles("bounce")
def bounce(ctx: Context, effect: Bounce) -> list[Entity]:
    """Return permanents or spells to their owner's hand."""
    moved = [zones.move(ctx.state, obj.oid, "hand") for obj in _objects(ctx, effect.what, "what")
             if obj.zone in ("battlefield", "stack")]
    return [obj.oid for obj in moved if obj is not None]


@handles("return_card")
def return_card(ctx: Context, effect: ReturnCard) -> list[Entity]:
    """From a graveyard or exile to a hand or the battlefield; only permanent cards can be put onto the
    battlefield."""
    state = ctx.state
    counters = {spec.counter: spec.amount for spec in effect.counters}
    moved: list[Entity] = []
    for obj in _objects(ctx, effect.what, "what"):
        if obj.zone not in ("graveyard", "exile"):
            continue
        if effect.to == "battlefield":
            if not obj.chars.is_permanent_card:
                continue
            controller = ctx.controller if effect.under == "you" else obj.owner
            new = zones.move(state, obj.oid, "battlefield", controller=controller, counters=counters)
        else:
            new = zones.move(state, obj.oid, "hand")
        if new is not None:
            moved.append(new.oid)
    return moved


@handles("counter")
def counter(ctx: Context, effect: CounterSpell) -> list[Entity]:
    countered: list[Entity] = []
    for obj in _objects(ctx, effect.what, "what"):
        if obj.zone != "stack":
            continue
        ctx.state.emit(Countered(obj.name, obj.controller, ctx.source_name))
        new = zones.move(ctx.state, obj.oid, "graveyard")
        if new is not None:
            countered.append(new.oid)
    return countered


@handles("sacrifice")
def sacrifice(ctx: Context, effect: Sacrifice) -> list[Entity]:
    """Each player sacrifices permanents they control matching the filter; with `greatest_power` only
    those with the greatest power qualify, and the player chooses among ties."""
    state = ctx.state
    gone: list[Entity] = []
    for player in [e for e in ctx.subject(effect.who, "who") if isinstance(e, str)]:
        for _ in range(effect.amount):
            options = [obj for obj in filters.select(state, effect.filter, player)
                       if continuous.controller_of(state, obj) == player]
            if effect.choice == "greatest_power" and options:
                best = max(continuous.view(state, obj).power or 0 for obj in options)
                options = [obj for obj in options if (continuous.view(state, obj).power or 0) == best]
            if not options:
                break
            picked = state.chooser.choose(player, [obj.oid for obj in options], 1, "sacrifice")
            for oid in picked:
                state.emit(Sacrificed(state.obj(oid).name, player))
                new = zones.move(state, oid, "graveyard")  # type: ignore[arg-type]
                if new is not None:
                    gone.append(new.oid)
    return gone


@handles("reveal_and_exile")
def reveal_and_exile(ctx: Context, effect: RevealAndExile) -> list[Entity]:
    state = ctx.state
    exiled: list[Entity] = []
    for player in [e for e in ctx.subject(effect.who, "who") if isinstance(e, str)]:
        hand = state.cards_in(player, "hand")
        state.emit(Revealed(player, tuple(sorted(obj.name for obj in hand))))
        options = [obj.oid for obj in hand if filters.matches(state, obj, effect.filter, ctx.controller)]
        for oid in state.chooser.choose(ctx.controller, options, effect.amount, "card to exile"):
            new = zones.move(state, oid, "exile")  # type: ignore[arg-type]
            if new is not None:
                exiled.append(new.oid)
    return exiled


@handles("may_cast_from_exile")
def may_cast_from_exile(ctx: Context, effect: MayCastFromExile) -> list[Entity]:
    """For as long as the card remains exiled (a new object once it leaves, 400.7) its controller may
    cast it. Mana is abstracted, so `any_mana` needs nothing more."""
    granted: list[Entity] = []
    for obj in _objects(ctx, effect.what, "what"):
        if obj.zone == "exile":
            ctx.state.cast_permissions[obj.oid] = ctx.controller
            ctx.state.emit(CastPermission(ctx.controller, obj.name))
            granted.append(obj.oid)
    return granted
