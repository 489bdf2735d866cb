"""The `discard_hand` effect: "Discard your hand." (701.9a: every card of the player's hand is discarded, at
once; a hand of no cards is discarded as well, and nothing happens). Hoarder's Overflow: "Discard your hand,
then draw cards equal to the number of stash counters on this enchantment.\""""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.text.phrases import ClauseWords


# ------------------------------------------------------------------------------------------ the spec model

class DiscardHand(EffectBase):
    """"Discard your hand": the controller of the spell or ability discards every card in their hand."""

    effect: Literal["discard_hand"]


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {"plain_effect": [Form("discard your hand", {"effect": "discard_hand"})]}


def _clause(words: ClauseWords, effect: DiscardHand, subject: Any, target: str | None) -> str | None:
    return "discard your hand"


# ------------------------------------------------------------------------------------------------ Forge

FORGE_PARAMS = (("Defined", "You"), ("Mode", "Hand"))
"""`DB$ Discard | Defined$ You | Mode$ Hand` (forge-game DiscardEffect.resolve: `Hand` discards each Defined
player's whole hand), as Forge's own Hoarder's Overflow says it."""


def _forge(w: EffectWriter, e: DiscardHand) -> tuple[str, Params]:
    return "Discard", list(FORGE_PARAMS)


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    if r.bag.peek("Mode") != "Hand":
        return None  # a discard of chosen cards: the `discard` effect's
    r.bag.get("Mode")
    if r.bag.get("Defined", "You") != "You":
        raise r.error("FG203", "Discard Mode$ Hand with Defined$ other than You: only the controller's hand here")
    return [{"effect": CONSTRUCT.kind}]


# --------------------------------------------------------------------------------------------- resolver

def _resolve(ctx: Context, effect: DiscardHand) -> list[Entity]:
    """Every card of the controller's hand, at once (701.9a)."""
    from cardgen.game import zones
    from cardgen.game.events import Discarded
    state, player = ctx.state, ctx.controller
    hand = list(state.players[player].hand)
    for oid in hand:
        state.emit(Discarded(player, state.obj(oid).name))
    for oid in hand:
        zones.move(state, oid, "graveyard")
    return [player]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="discard_hand", model=DiscardHand, subjects=(),
    text=EffectText(phrasings=_PHRASINGS, clause=_clause),
    forge=ForgeEffect(
        write=_forge,
        reads={"Discard": _forge_read},
    ),
    xmage=XMageEffect(
        # `new DiscardHandControllerEffect()`: its own text is "discard your hand" (XMage's own Hoarder's Overflow)
        forms=(form("none", "DiscardHandControllerEffect"),),
        phrased=frozenset({"DiscardHandControllerEffect"}),
    ),
    rule=OneShot(resolve=_resolve),
)
