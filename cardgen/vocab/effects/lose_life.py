"""The `lose_life` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, Subject
from cardgen.vocab.construct import EffectChecks, EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.forge_forms import ApiForm
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.model.card import Amount
    from cardgen.text.phrases import ClauseWords


# ------------------------------------------------------------------------------------------ the spec model

class LoseLife(EffectBase):
    effect: Literal["lose_life"]
    who: Subject = "you"
    amount: Amount


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("you lose {n:number} life", {"effect": "lose_life", "amount": V("n")}),
        Form("you lose x life", {"effect": "lose_life", "amount": {"count": "x"}}),  # X of the spell (107.3a)
        Form("{who:player_sg} loses {n:number} life", {"effect": "lose_life", "who": V("who"), "amount": V("n")}),
        # "each opponent loses X life, where X is the number of creature cards in your graveyard": a counted
        # amount said by its kind's `where_x` forms (not the spell's own X, 107.3a)
        Form("{who:player_sg} loses X life, where X is {n:where_x}",
             {"effect": "lose_life", "who": V("who"), "amount": V("n")}),
    ],
}


def _clause(words: ClauseWords, effect: LoseLife, subject: Any, target: str | None) -> str | None:
    return f"you lose {effect.amount} life" if subject == "you" and isinstance(effect.amount, int) else None


# ------------------------------------------------------------------------------------------------ Forge

_FORGE = ApiForm("LoseLife", "who", player=True, amount="LifeAmount", amount_default=0, amount_always=True)


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("you", "LoseLifeSourceControllerEffect", "dynamic_amount"),  # a number, or a count's DynamicValue (X)
    form("target", "LoseLifeTargetEffect", "amount"),
    form("controller", "LoseLifeTargetControllerEffect", "amount"),
    form("each_player", "LoseLifeAllPlayersEffect", "amount"),
    form("each_opponent", "LoseLifeOpponentsEffect", "dynamic_amount"),  # a number, or a count's DynamicValue
    # the player the attacking source attacks (506.2); `true`: "defending player" in its text
    form("defending_player", "LoseLifeDefendingPlayerEffect", "amount", "const:true"),
)


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: LoseLife) -> list[Entity]:
    from cardgen.game.actions import change_life
    amount = ctx.amount(effect.amount)
    who = ctx.players(effect.who, "who")
    for player in who:
        change_life(ctx.state, player, -amount)
    return list(who)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="lose_life", model=LoseLife, subjects=("who",),
    text=EffectText(
        phrasings=_PHRASINGS,
        clause=_clause,
    ),
    checks=EffectChecks(done_by_player=True),
    forge=ForgeEffect(
        api=_FORGE,
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        pointer_stable=True,
        # framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
        phrased=frozenset({"LoseLifeSourceControllerEffect"}),
    ),
    rule=OneShot(resolve=_resolve),
)
