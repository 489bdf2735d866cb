"""The `look_at_top` effect: look at the top cards of your library, then put them back in any order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, Subject
from cardgen.vocab.construct import EffectChecks, EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.model.card import PositiveAmount
    from cardgen.text.phrases import ClauseWords


# ------------------------------------------------------------------------------------------ the spec model

class LookAtTop(EffectBase):
    """Each player of `who` looks at the top `amount` cards of their library, then puts them back in any
    order ("Look at the top three cards of your library, then put them back in any order")."""

    effect: Literal["look_at_top"]
    who: Subject = "you"
    amount: PositiveAmount = 1


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("look at the top {n:count} cards of your library, then put them back in any order",
             {"effect": "look_at_top", "amount": V("n")}),
    ],
}


def _clause(words: ClauseWords, effect: LookAtTop, subject: Any, target: str | None) -> str | None:
    if subject == "you" and isinstance(effect.amount, int) and effect.amount > 1:
        return f"look at the top {words.cards(effect.amount)} of your library, then put them back in any order"
    return None


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: LookAtTop) -> tuple[str, Params]:
    # NumCards$ has no default in RearrangeTopOfLibraryEffect (calculateAmount of the parameter)
    return "RearrangeTopOfLibrary", [*w.defined(e.who, player=True), *w.number("NumCards", e.amount, default=None)]


def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    """Forge's own scripts (Ponder) say "You may shuffle" with `MayShuffle$ True` on the same ability:
    that is a `shuffle` effect (optional) after this one."""
    amount = r.amount("NumCards", 0)
    may_shuffle = r.bag.get("MayShuffle") == "True"
    out: list[dict[str, Any]] = []
    for who in r.subject(player=True, default="you"):
        out.append({"effect": "look_at_top", "who": who, "amount": amount})
        if may_shuffle:
            out.append({"effect": "shuffle", "who": who, "optional": True})
    return out


# ------------------------------------------------------------------------------------------------ XMage


PUT_BACK_ORDER = "look at the top: the order the cards go back on top, topmost first"


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: LookAtTop) -> list[Entity]:
    """The player puts the cards back in the order they name (the ones not named after them, as they
    were). The cards never leave the library, so they stay the same objects."""
    from cardgen.game.choices import named_first
    from cardgen.game.events import LookedAtTop
    amount = ctx.amount(effect.amount)
    state = ctx.state
    who = ctx.players(effect.who, "who")
    for player in who:
        library = state.players[player].library
        seen = list(library[:amount])
        if len(seen) > 1:
            named = state.chooser.choose(player, seen, len(seen), PUT_BACK_ORDER)
            library[:len(seen)] = named_first(seen, named)
        state.emit(LookedAtTop(player, len(seen)))
    return list(who)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="look_at_top", model=LookAtTop, subjects=("who",),
    text=EffectText(
        phrasings=_PHRASINGS,
        clause=_clause,
    ),
    checks=EffectChecks(done_by_player=True),
    forge=ForgeEffect(
        write=_forge,
        reads={"RearrangeTopOfLibrary": _forge_read},
    ),
    xmage=XMageEffect(
        forms=(form("you", "LookLibraryControllerEffect", "amount"),),
        # "look at the top three cards of your library, then put them back in any order" (PutCards.TOP_ANY)
        phrased=frozenset({"LookLibraryControllerEffect"}),
        # XMage's test player orders the cards put back (PlayerImpl.putCardsOnTopOfLibrary) one `setChoice` each
        decisions={PUT_BACK_ORDER: "order_top"},
    ),
    rule=OneShot(resolve=_resolve),
)
