"""The `sacrifice` effect."""

from __future__ import annotations

from cardgen.game import continuous, filters, zones
from cardgen.game.context import Context
from cardgen.game.events import Sacrificed
from cardgen.game.objects import Entity
from cardgen.spec.model import Sacrifice
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("sacrifice", Sacrifice, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Sacrifice) -> list[Entity]:
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
