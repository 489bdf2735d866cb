"""The `scry` effect (keyword action scry, rule 701.22)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.model.card import Scry
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

CONSTRUCT = EffectConstruct("scry", Scry, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("scry {n:number}", {"effect": "scry", "amount": V("n", 1)}),
        Form("{who:player_sg} scries {n:number}", {"effect": "scry", "who": V("who"), "amount": V("n", 1)}),
    ],
})


@CONSTRUCT.slot("text_clause")
def _clause(words: ClauseWords, effect: Scry, subject: Any, target: str | None) -> str | None:
    if subject == "you":
        return f"scry {effect.amount}"
    if target is not None and subject.target.player is not None:
        return f"{target} scries {effect.amount}"
    return None


CONSTRUCT.put("check_done_by_player", True)  # its `who` must be a player (102.1)


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Scry) -> tuple[str, Params]:
    return "Scry", [*w.defined(e.who, player=True), *w.number("ScryNum", e.amount)]


@CONSTRUCT.slot("forge_read:Scry")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    amount = r.bag.take_int("ScryNum", 1)
    return [r.with_amount({"effect": "scry", "who": who}, amount=amount)
            for who in r.subject(player=True, default="you")]


# ------------------------------------------------------------------------------------------------ XMage

# `ScryEffect(n, false)`: without the effect hint (the reminder text), as XMage's Preordain writes it
CONSTRUCT.put("xmage_forms", (form("you", "ScryEffect", "amount", "const:false"),))
CONSTRUCT.put("xmage_read_forms", (form("you", "ScryEffect", "amount"),))

# framework effects whose own text is `effect_phrase` of the effect ("scry 2")
CONSTRUCT.put("xmage_phrased", frozenset({"ScryEffect"}))

KEEP_ON_TOP = "scry: the cards kept on top, topmost first"
BOTTOM_ORDER = "scry: the order of the cards put on the bottom, topmost first"
TOP_ORDER = "scry: the order of the cards kept on top, topmost first"

# how XMage's test player is asked each decision (PlayerImpl.scry): the cards put on the bottom are one
# `addTarget` ("A^B", or TARGET_SKIP for none); then each group's order, one `setChoice` per card
CONSTRUCT.put("xmage_decisions", {
    KEEP_ON_TOP: "targets_not_picked",
    BOTTOM_ORDER: "order_bottom",
    TOP_ORDER: "order_top",
})

# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Scry) -> list[Entity]:
    """The player names the cards they keep on top, in order (by default all, as they were); the others
    go on the bottom in the order they choose (701.22a). Nothing leaves the library, so the cards stay
    the same objects."""
    from cardgen.game.choices import named_first, note_decided
    from cardgen.game.events import Scried
    state = ctx.state
    who = ctx.players(effect.who, "who")
    for player in who:
        library = state.players[player].library
        seen = list(library[:effect.amount])
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
