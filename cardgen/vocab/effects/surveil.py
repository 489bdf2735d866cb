"""The `surveil` effect (keyword action surveil, rule 701.25)."""

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
    from cardgen.model.card import PositiveAmount
    from cardgen.text.phrases import ClauseWords


# ------------------------------------------------------------------------------------------ the spec model

class Surveil(EffectBase):
    """Each player of `who` surveils `amount` (701.25a): looks at that many cards from the top of their
    library, puts any number of them into their graveyard and the rest back on top in any order."""

    effect: Literal["surveil"]
    who: Subject = "you"
    amount: PositiveAmount = 1


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("surveil {n:number}", {"effect": "surveil", "amount": V("n", 1)}),
        Form("{who:player_sg} surveils {n:number}", {"effect": "surveil", "who": V("who"), "amount": V("n", 1)}),
    ],
}


def _clause(words: ClauseWords, effect: Surveil, subject: Any, target: str | None) -> str | None:
    if subject == "you":
        return f"surveil {effect.amount}"
    if target is not None and subject.target.player is not None:
        return f"{target} surveils {effect.amount}"
    return None


# ------------------------------------------------------------------------------------------------ Forge

# forge-game SurveilEffect.resolve: `Amount` cards, default 1, for each player of `Defined`, default You
_FORGE = ApiForm("Surveil", "who", player=True, amount="Amount")


# ------------------------------------------------------------------------------------------------ XMage

KEEP_ON_TOP = "surveil: the cards kept on top, topmost first"
TOP_ORDER = "surveil: the order of the cards kept on top, topmost first"

# how XMage's test player is asked each decision (PlayerImpl.doSurveil): the cards put into the graveyard
# are one `addTarget` ("A^B", or TARGET_SKIP for none); then the order of those kept on top
_XMAGE_DECISIONS = {KEEP_ON_TOP: "targets_not_picked", TOP_ORDER: "order_top"}


# --------------------------------------------------------------------------------------------- resolver

def _resolve(ctx: Context, effect: Surveil) -> list[Entity]:
    """The player names the cards they keep on top, in order (by default all, as they were); the others
    go into their graveyard (701.25a)."""
    from cardgen.game import zones
    from cardgen.game.choices import note_decided
    amount = ctx.amount(effect.amount)
    state = ctx.state
    who = ctx.players(effect.who, "who")
    for player in who:
        library = state.players[player].library
        seen = list(library[:amount])
        if not seen:
            continue
        kept = [int(oid) for oid in state.chooser.choose(player, seen, len(seen), KEEP_ON_TOP)]
        if len(kept) > 1:  # ordered already by the first answer; XMage asks it after the graveyard's
            note_decided(state.chooser, player, TOP_ORDER, kept)
        for oid in seen:
            if oid not in kept:
                zones.move(state, oid, "graveyard")
        library[:len(kept)] = kept  # the kept cards, now the top ones, in the order named
    return list(who)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="surveil", model=Surveil, subjects=("who",),
    text=EffectText(phrasings=_PHRASINGS, clause=_clause),
    checks=EffectChecks(done_by_player=True),
    forge=ForgeEffect(api=_FORGE),
    xmage=XMageEffect(
        # `SurveilEffect(n, false)`: without the effect hint (the reminder text), as `ScryEffect` is written
        forms=(form("you", "SurveilEffect", "amount", "const:false"),),
        read_forms=(form("you", "SurveilEffect", "amount"),),
        phrased=frozenset({"SurveilEffect"}),  # its own text is the clause ("surveil 2")
        decisions=_XMAGE_DECISIONS,
    ),
    rule=OneShot(resolve=_resolve),
)
