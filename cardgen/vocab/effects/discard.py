"""The `discard` effect."""

from __future__ import annotations

from cardgen.game import zones
from cardgen.game.context import Context
from cardgen.game.events import Discarded
from cardgen.game.objects import Entity
from cardgen.spec.model import Discard
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("discard", Discard, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


GROUP_DISCARD = "card to discard, each player at once"
"""The purpose of a discard choice made by each player of a group (each opponent, each player): all
choose, then all discard (101.4); scenario tests name it apart from one player's own discard."""


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Discard) -> list[Entity]:
    """Each player chooses the cards they discard (by default the discarding player chooses), then all
    discard at once (101.4)."""
    state = ctx.state
    who = ctx.players(effect.who, "who")
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
