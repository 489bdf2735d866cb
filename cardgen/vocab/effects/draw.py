"""The `draw` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.model.card import Draw
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

CONSTRUCT = EffectConstruct("draw", Draw, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("draw {n:cards}", {"effect": "draw", "amount": V("n", 1)}),
        Form("{who:player_sg} draws {n:cards}", {"effect": "draw", "who": V("who"), "amount": V("n", 1)}),
    ],
})


@CONSTRUCT.slot("text_clause")
def _clause(words: ClauseWords, effect: Draw, subject: Any, target: str | None) -> str | None:
    if subject == "you":
        return f"draw {words.cards(effect.amount)}"
    if target is not None and subject.target.player is not None:
        return f"{target} draws {words.cards(effect.amount)}"
    return None


CONSTRUCT.put("check_done_by_player", True)  # its `who` must be a player (102.1)


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Draw) -> tuple[str, Params]:
    return "Draw", [*w.defined(e.who, player=True), *w.number("NumCards", e.amount)]


@CONSTRUCT.slot("forge_read:Draw")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    amount = r.bag.take_int("NumCards", 1)
    return [r.with_amount({"effect": "draw", "who": who}, amount=amount)
            for who in r.subject(player=True, default="you")]


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "DrawCardTargetEffect", "amount"),
    form("you", "DrawCardSourceControllerEffect", "amount"),
    form("each_player", "DrawCardAllEffect", "amount"),
    form("each_opponent", "DrawCardAllEffect", "amount", "const:TargetController.OPPONENT"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"DrawCardSourceControllerEffect", "DrawCardTargetEffect"}))

# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Draw) -> list[Entity]:
    from cardgen.game import zones
    who = ctx.players(effect.who, "who")
    for player in who:
        zones.draw(ctx.state, player, effect.amount)
    return list(who)
