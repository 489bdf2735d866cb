"""The `gain_life` effect."""

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

class GainLife(EffectBase):
    effect: Literal["gain_life"]
    who: Subject = "you"
    amount: Amount


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("you gain {n:number} life", {"effect": "gain_life", "amount": V("n")}),
        Form("{who:player_sg} gains {n:number} life", {"effect": "gain_life", "who": V("who"), "amount": V("n")}),
    ],
}


def _clause(words: ClauseWords, effect: GainLife, subject: Any, target: str | None) -> str | None:
    return f"you gain {effect.amount} life" if subject == "you" else None


# ------------------------------------------------------------------------------------------------ Forge

_FORGE = ApiForm("GainLife", "who", player=True, amount="LifeAmount", amount_default=0, amount_always=True)


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("you", "GainLifeEffect", "amount"),
    form("target", "GainLifeTargetEffect", "amount"),
    form("each_player", "GainLifeAllEffect", "amount"),
    form("each_opponent", "GainLifeAllEffect", "amount", "const:TargetController.OPPONENT"),
)


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: GainLife) -> list[Entity]:
    from cardgen.game.actions import change_life
    amount = ctx.amount(effect.amount)
    who = ctx.players(effect.who, "who")
    for player in who:
        change_life(ctx.state, player, amount)
    return list(who)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="gain_life", model=GainLife, subjects=("who",),
    text=EffectText(
        phrasings=_PHRASINGS,
        clause=_clause,
    ),
    checks=EffectChecks(done_by_player=True),
    forge=ForgeEffect(
        api=_FORGE,
        # Forge's own scripts that gain life say so to deck building (its Glidedive Duo, Moonrise Cleric)
        deck_hints=lambda e: (("DeckHas", "Ability", "LifeGain"),),
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        pointer_stable=True,
        # framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
        phrased=frozenset({"GainLifeEffect"}),
    ),
    rule=OneShot(resolve=_resolve),
)
