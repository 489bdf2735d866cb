"""The `look_at_top` effect: look at the top cards of your library, then put them back in any order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.model.card import LookAtTop
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

CONSTRUCT = EffectConstruct("look_at_top", LookAtTop, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("look at the top {n:count} cards of your library, then put them back in any order",
             {"effect": "look_at_top", "amount": V("n")}),
    ],
})


@CONSTRUCT.slot("text_clause")
def _clause(words: ClauseWords, effect: LookAtTop, subject: Any, target: str | None) -> str | None:
    if subject == "you" and effect.amount > 1:
        return f"look at the top {words.cards(effect.amount)} of your library, then put them back in any order"
    return None


CONSTRUCT.put("check_done_by_player", True)  # its `who` must be a player (102.1)


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: LookAtTop) -> tuple[str, Params]:
    # NumCards$ has no default in RearrangeTopOfLibraryEffect (calculateAmount of the parameter)
    return "RearrangeTopOfLibrary", [*w.defined(e.who, player=True), ("NumCards", str(e.amount))]


@CONSTRUCT.slot("forge_read:RearrangeTopOfLibrary")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    """Forge's own scripts (Ponder) say "You may shuffle" with `MayShuffle$ True` on the same ability:
    that is a `shuffle` effect (optional) after this one."""
    amount = r.bag.take_int("NumCards", 0)
    may_shuffle = r.bag.get("MayShuffle") == "True"
    out: list[dict[str, Any]] = []
    for who in r.subject(player=True, default="you"):
        out.append({"effect": "look_at_top", "who": who, "amount": amount})
        if may_shuffle:
            out.append({"effect": "shuffle", "who": who, "optional": True})
    return out


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (form("you", "LookLibraryControllerEffect", "amount"),))

# "look at the top three cards of your library, then put them back in any order" (PutCards.TOP_ANY)
CONSTRUCT.put("xmage_phrased", frozenset({"LookLibraryControllerEffect"}))

PUT_BACK_ORDER = "look at the top: the order the cards go back on top, topmost first"

# XMage's test player orders the cards put back (PlayerImpl.putCardsOnTopOfLibrary) one `setChoice` each
CONSTRUCT.put("xmage_decisions", {PUT_BACK_ORDER: "order_top"})

# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: LookAtTop) -> list[Entity]:
    """The player puts the cards back in the order they name (the ones not named after them, as they
    were). The cards never leave the library, so they stay the same objects."""
    from cardgen.game.choices import named_first
    from cardgen.game.events import LookedAtTop
    state = ctx.state
    who = ctx.players(effect.who, "who")
    for player in who:
        library = state.players[player].library
        seen = list(library[:effect.amount])
        if len(seen) > 1:
            named = state.chooser.choose(player, seen, len(seen), PUT_BACK_ORDER)
            library[:len(seen)] = named_first(seen, named)
        state.emit(LookedAtTop(player, len(seen)))
    return list(who)
