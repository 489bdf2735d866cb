"""The `lose_life` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.model.card import LoseLife
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

CONSTRUCT = EffectConstruct("lose_life", LoseLife, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("you lose {n:number} life", {"effect": "lose_life", "amount": V("n")}),
        Form("{who:player_sg} loses {n:number} life", {"effect": "lose_life", "who": V("who"), "amount": V("n")}),
    ],
})


@CONSTRUCT.slot("text_clause")
def _clause(words: ClauseWords, effect: LoseLife, subject: Any, target: str | None) -> str | None:
    return f"you lose {effect.amount} life" if subject == "you" else None


CONSTRUCT.put("check_done_by_player", True)  # its `who` must be a player (102.1)


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: LoseLife) -> tuple[str, Params]:
    return "LoseLife", [*w.defined(e.who, player=True), ("LifeAmount", str(e.amount))]


@CONSTRUCT.slot("forge_read:LoseLife")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    amount = r.bag.take_int("LifeAmount", 0)
    return [{"effect": "lose_life", "who": who, "amount": amount} for who in r.subject(player=True, default="you")]


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("you", "LoseLifeSourceControllerEffect", "amount"),
    form("target", "LoseLifeTargetEffect", "amount"),
    form("controller", "LoseLifeTargetControllerEffect", "amount"),
    form("each_player", "LoseLifeAllPlayersEffect", "amount"),
    form("each_opponent", "LoseLifeOpponentsEffect", "amount"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"LoseLifeSourceControllerEffect"}))

# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: LoseLife) -> list[Entity]:
    from cardgen.game.actions import change_life
    who = ctx.players(effect.who, "who")
    for player in who:
        change_life(ctx.state, player, -effect.amount)
    return list(who)
