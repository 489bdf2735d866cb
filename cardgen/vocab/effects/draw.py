"""The `draw` effect."""

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

class Draw(EffectBase):
    effect: Literal["draw"]
    who: Subject = "you"
    amount: Amount = 1


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("draw {n:cards}", {"effect": "draw", "amount": V("n", 1)}),
        Form("{who:player_sg} draws {n:cards}", {"effect": "draw", "who": V("who"), "amount": V("n", 1)}),
    ],
}


def _clause(words: ClauseWords, effect: Draw, subject: Any, target: str | None) -> str | None:
    if not isinstance(effect.amount, int):
        return None  # a counted amount: said by the effect's own forms, not a plain clause
    if subject == "you":
        return f"draw {words.cards(effect.amount)}"
    if target is not None and subject.target.player is not None:
        return f"{target} draws {words.cards(effect.amount)}"
    return None


# ------------------------------------------------------------------------------------------------ Forge

_FORGE = ApiForm("Draw", "who", player=True, amount="NumCards")


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "DrawCardTargetEffect", "amount"),
    form("controller", "DrawCardTargetControllerEffect", "amount"),  # "its controller draws a card"
    form("you", "DrawCardSourceControllerEffect", "dynamic_amount"),  # a number, or a count's DynamicValue (X)
    form("each_player", "DrawCardAllEffect", "amount"),
    form("each_opponent", "DrawCardAllEffect", "amount", "const:TargetController.OPPONENT"),
)


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: Draw) -> list[Entity]:
    from cardgen.game import zones
    amount = ctx.amount(effect.amount)
    who = ctx.players(effect.who, "who")
    for player in who:
        zones.draw(ctx.state, player, amount)
    return list(who)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="draw", model=Draw, subjects=("who",),
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
        phrased=frozenset({"DrawCardSourceControllerEffect", "DrawCardTargetEffect"}),
    ),
    rule=OneShot(resolve=_resolve),
)
