"""The `mill` effect."""

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

class Mill(EffectBase):
    """Each player of `who` puts the top `amount` cards of their library into their graveyard (the keyword
    action mill, rule 701); with fewer cards in the library, all of them."""

    effect: Literal["mill"]
    who: Subject = "you"
    amount: Amount = 1


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("mill {n:cards}", {"effect": "mill", "amount": V("n", 1)}),
        Form("{who:player_sg} mills {n:cards}", {"effect": "mill", "who": V("who"), "amount": V("n", 1)}),
    ],
}


def _clause(words: ClauseWords, effect: Mill, subject: Any, target: str | None) -> str | None:
    if not isinstance(effect.amount, int):
        return None  # a counted amount: said by the effect's own forms, not a plain clause
    if subject == "you":
        return f"mill {words.cards(effect.amount)}"
    player = words.players.get(subject) if isinstance(subject, str) else (
        target if target is not None and subject.target.player is not None else None)
    if player is not None:
        return f"{player} mills {words.cards(effect.amount)}"
    return None


# ------------------------------------------------------------------------------------------------ Forge

_FORGE = ApiForm("Mill", "who", player=True, amount="NumCards")


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "MillCardsTargetEffect", "amount"),
    form("you", "MillCardsControllerEffect", "amount"),
    form("each_player", "MillCardsEachPlayerEffect", "amount", "const:TargetController.ANY"),
    form("each_opponent", "MillCardsEachPlayerEffect", "amount", "const:TargetController.OPPONENT"),
)

# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
_XMAGE_PHRASED = frozenset({
    "MillCardsTargetEffect", "MillCardsControllerEffect", "MillCardsEachPlayerEffect",
})

# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: Mill) -> list[Entity]:
    from cardgen.game import zones
    from cardgen.game.events import Milled
    amount = ctx.amount(effect.amount)
    state = ctx.state
    who = ctx.players(effect.who, "who")
    for player in who:
        for oid in list(state.players[player].library[:amount]):
            state.emit(Milled(player, state.obj(oid).name))
            zones.move(state, oid, "graveyard")
    return list(who)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="mill", model=Mill, subjects=("who",),
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
        phrased=_XMAGE_PHRASED,
    ),
    rule=OneShot(resolve=_resolve),
)
