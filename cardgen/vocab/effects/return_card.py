"""The `return_card` effect."""

from __future__ import annotations

from cardgen.game import zones
from cardgen.game.context import Context
from cardgen.game.objects import Entity
from cardgen.spec.model import ReturnCard
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("return_card", ReturnCard, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: ReturnCard) -> list[Entity]:
    """From a graveyard or exile to a hand or the battlefield; only permanent cards can be put onto the
    battlefield."""
    state = ctx.state
    counters = {spec.counter: spec.amount for spec in effect.counters}
    moved: list[Entity] = []
    for obj in ctx.objects(effect.what, "what"):
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
