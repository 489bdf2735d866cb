"""The `mill` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.model.card import Mill
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.text.phrases import ClauseWords

CONSTRUCT = EffectConstruct("mill", Mill, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("mill {n:cards}", {"effect": "mill", "amount": V("n", 1)}),
        Form("{who:player_sg} mills {n:cards}", {"effect": "mill", "who": V("who"), "amount": V("n", 1)}),
    ],
})


@CONSTRUCT.slot("text_clause")
def _clause(words: ClauseWords, effect: Mill, subject: Any, target: str | None) -> str | None:
    if subject == "you":
        return f"mill {words.cards(effect.amount)}"
    player = words.players.get(subject) if isinstance(subject, str) else (
        target if target is not None and subject.target.player is not None else None)
    if player is not None:
        return f"{player} mills {words.cards(effect.amount)}"
    return None


CONSTRUCT.put("check_done_by_player", True)  # its `who` must be a player (102.1)


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Mill) -> tuple[str, Params]:
    return "Mill", [*w.defined(e.who, player=True), *w.number("NumCards", e.amount)]


@CONSTRUCT.slot("forge_read:Mill")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    amount = r.bag.take_int("NumCards", 1)
    return [r.with_amount({"effect": "mill", "who": who}, amount=amount)
            for who in r.subject(player=True, default="you")]


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "MillCardsTargetEffect", "amount"),
    form("you", "MillCardsControllerEffect", "amount"),
    form("each_player", "MillCardsEachPlayerEffect", "amount", "const:TargetController.ANY"),
    form("each_opponent", "MillCardsEachPlayerEffect", "amount", "const:TargetController.OPPONENT"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({
    "MillCardsTargetEffect", "MillCardsControllerEffect", "MillCardsEachPlayerEffect",
}))

# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Mill) -> list[Entity]:
    from cardgen.game import zones
    from cardgen.game.events import Milled
    state = ctx.state
    who = ctx.players(effect.who, "who")
    for player in who:
        for oid in list(state.players[player].library[:effect.amount]):
            state.emit(Milled(player, state.obj(oid).name))
            zones.move(state, oid, "graveyard")
    return list(who)
