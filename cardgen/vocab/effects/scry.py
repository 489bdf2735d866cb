"""The `scry` effect (keyword action scry, rule 701.22)."""

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

class Scry(EffectBase):
    """Each player of `who` scries `amount` (701.22): looks at that many cards from the top of their
    library, puts any number of them on the bottom and the rest back on top, each group in any order."""

    effect: Literal["scry"]
    who: Subject = "you"
    amount: PositiveAmount = 1


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("scry {n:number}", {"effect": "scry", "amount": V("n", 1)}),
        Form("{who:player_sg} scries {n:number}", {"effect": "scry", "who": V("who"), "amount": V("n", 1)}),
    ],
}


def _clause(words: ClauseWords, effect: Scry, subject: Any, target: str | None) -> str | None:
    if subject == "you":
        return f"scry {effect.amount}"
    if target is not None and subject.target.player is not None:
        return f"{target} scries {effect.amount}"
    return None


# ------------------------------------------------------------------------------------------------ Forge

_FORGE = ApiForm("Scry", "who", player=True, amount="ScryNum")


# ------------------------------------------------------------------------------------------------ XMage


KEEP_ON_TOP = "scry: the cards kept on top, topmost first"
BOTTOM_ORDER = "scry: the order of the cards put on the bottom, topmost first"
TOP_ORDER = "scry: the order of the cards kept on top, topmost first"

# how XMage's test player is asked each decision (PlayerImpl.scry): the cards put on the bottom are one
# `addTarget` ("A^B", or TARGET_SKIP for none); then each group's order, one `setChoice` per card
_XMAGE_DECISIONS = {
    KEEP_ON_TOP: "targets_not_picked",
    BOTTOM_ORDER: "order_bottom",
    TOP_ORDER: "order_top",
}

# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: Scry) -> list[Entity]:
    """The player names the cards they keep on top, in order (by default all, as they were); the others
    go on the bottom in the order they choose (701.22a). Nothing leaves the library, so the cards stay
    the same objects."""
    from cardgen.game.choices import named_first, note_decided
    from cardgen.game.events import Scried
    amount = ctx.amount(effect.amount)
    state = ctx.state
    who = ctx.players(effect.who, "who")
    for player in who:
        library = state.players[player].library
        seen = list(library[:amount])
        if not seen:
            continue
        kept = [int(oid) for oid in state.chooser.choose(player, seen, len(seen), KEEP_ON_TOP)]
        bottom = [oid for oid in seen if oid not in kept]
        if len(bottom) > 1:
            bottom = named_first(bottom, state.chooser.choose(player, bottom, len(bottom), BOTTOM_ORDER))
        if len(kept) > 1:  # ordered already by the first answer; XMage asks it after the bottom's order
            note_decided(state.chooser, player, TOP_ORDER, kept)
        rest = library[len(seen):]
        library[:] = [*kept, *rest, *bottom]
        state.emit(Scried(player, len(seen), len(bottom)))
    return list(who)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="scry", model=Scry, subjects=("who",),
    text=EffectText(
        phrasings=_PHRASINGS,
        clause=_clause,
    ),
    checks=EffectChecks(done_by_player=True),
    forge=ForgeEffect(
        api=_FORGE,
    ),
    xmage=XMageEffect(
        # `ScryEffect(n, false)`: without the effect hint (the reminder text), as XMage's Preordain writes it
        forms=(form("you", "ScryEffect", "amount", "const:false"),),
        read_forms=(form("you", "ScryEffect", "amount"),),
        # framework effects whose own text is `effect_phrase` of the effect ("scry 2")
        phrased=frozenset({"ScryEffect"}),
        decisions=_XMAGE_DECISIONS,
    ),
    rule=OneShot(resolve=_resolve),
)
