"""The `reveal_and_exile` effect."""

from __future__ import annotations

from cardgen.game import filters, zones
from cardgen.game.context import Context
from cardgen.game.events import Revealed
from cardgen.game.objects import Entity
from cardgen.spec.model import RevealAndExile
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("reveal_and_exile", RevealAndExile, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: RevealAndExile) -> list[Entity]:
    """Each player reveals their hand; the effect's controller chooses the cards to exile from it."""
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
