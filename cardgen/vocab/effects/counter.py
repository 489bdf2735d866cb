"""The `counter` effect."""

from __future__ import annotations

from cardgen.game import zones
from cardgen.game.context import Context
from cardgen.game.events import Countered
from cardgen.game.objects import Entity
from cardgen.spec.model import CounterSpell
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("counter", CounterSpell, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: CounterSpell) -> list[Entity]:
    """Only what is still on the stack is countered; it goes to its owner's graveyard."""
    countered: list[Entity] = []
    for obj in ctx.objects(effect.what, "what"):
        if obj.zone != "stack":
            continue
        ctx.state.emit(Countered(obj.name, obj.controller, ctx.source_name))
        new = zones.move(ctx.state, obj.oid, "graveyard")
        if new is not None:
            countered.append(new.oid)
    return countered
