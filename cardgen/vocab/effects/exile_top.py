"""The `exile_top` effect: "exile the top card of your library", the first half of an impulse draw ("...
Until the end of your next turn, you may play that card": `may_play`).

The cards leave the library (a hidden zone, 401.2) face up for exile (406.3); each is a new object there
(400.7), which a later effect names with `{ref: <id>}`. With fewer cards in the library, all of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from cardgen.model.parts import EffectBase
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect, XMageSequence
from cardgen.vocab.java_statements import Do, Local, Statement
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.engines.xmage.sequence import SequenceLowering
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity


# ------------------------------------------------------------------------------------------ the spec model

class ExileTop(EffectBase):
    """You exile the top `amount` cards of your library."""

    effect: Literal["exile_top"]
    amount: Annotated[int, Field(ge=1, le=20)] = 1


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("exile the top card of your library", {"effect": "exile_top"}),
        Form("exile the top {n:count} cards of your library", {"effect": "exile_top", "amount": V("n")}),
    ],
}


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: ExileTop) -> tuple[str, Params]:
    """`Dig | Defined$ You | DigNum$ 1 | ChangeNum$ All | DestinationZone$ Exile` (forge-game DigEffect.resolve:
    every card looked at goes to DestinationZone; `RememberChanged$` remembers them for a later effect)."""
    return "Dig", [("Defined", "You"), *w.number("DigNum", e.amount, default=None), ("ChangeNum", "All"),
                   ("DestinationZone", "Exile")]


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """A Dig of every card looked at into exile (Dig is shared: `look_and_take` reads the one into the hand)."""
    bag = r.bag
    if bag.peek("DestinationZone") != "Exile":
        return None
    bag.get("DestinationZone")
    if bag.get("ChangeNum") != "All":
        raise r.error("FG203", "Dig into exile is read as 'exile the top cards' (ChangeNum$ All)")
    if r.subject(player=True, default="you") != ["you"]:
        raise r.error("FG203", "Dig into exile: only your own library is read here")
    amount = bag.take_int("DigNum", 1)
    effect: dict[str, Any] = {"effect": CONSTRUCT.kind}
    if amount != 1:
        effect["amount"] = amount
    return [effect]


# ------------------------------------------------------------------------------------------------ XMage

def _xmage_needs_sequence(effect: ExileTop) -> bool:
    """XMage's one framework effect of it also lets the cards be played (ExileTopXMayPlayUntilEffect): the
    exile alone is a step of the generated sequence effect."""
    return True


LIBRARY_TOP = "controller.getLibrary().getTopCards(game, {n})"
"""The cards the step takes (`Library.getTopCards`: fewer when the library holds fewer)."""


def _xmage_sequence_step(s: SequenceLowering, effect: ExileTop, subject: Any, indent: int) -> list[Statement]:
    """`Cards exiled = new CardsImpl(controller.getLibrary().getTopCards(game, 1));` and its move to exile
    (`moveCards`, then `retainZone`: the cards that arrived)."""
    keep, name, declared = s.kept(effect)
    chosen = name if keep else s.local("exiled")
    top = s.new(s.use("CardsImpl"), s.Raw(LIBRARY_TOP.format(n=effect.amount)))
    lines: list[Statement] = []
    if declared:
        lines.append(Do(s.call(chosen, "addAll", s.Raw(LIBRARY_TOP.format(n=effect.amount))).flat()))
    else:
        lines.append(Local(s.use("Cards"), chosen, top.flat()))
    lines.append(Do(s.call("controller", "moveCards", chosen, s.zone("exile"), "source", "game").flat()))
    if keep:
        if effect.id is not None:
            s.vars[effect.id] = (name, "exile")
        lines.append(Do(s.call(chosen, "retainZone", s.zone("exile"), "game").flat()))
    return lines


def _xmage_read_move(to_zone: str, from_zone: str | None, subject: Any, by_owner: bool) -> dict[str, Any] | None:
    """The top cards of the controller's library (`source`'s `{library_top: n}`) moved to exile."""
    if to_zone == "exile" and from_zone == "library" and isinstance(subject, dict) and "library_top" in subject:
        amount = subject["library_top"]
        return {"effect": CONSTRUCT.kind, **({"amount": amount} if amount != 1 else {})}
    return None


def _xmage_read_impulse(r: EffectReader, value: Any, index: int, node: Any, subject: Any,
                        zone: str | None) -> list[dict[str, Any]] | None:
    """XMage's `ExileTopXMayPlayUntilEffect(n, duration)` (its `withTextOptions` is wording): exile the top
    cards, then you may play them for the duration (`may_play`). Read, never written (cardgen writes the
    card's own effect class)."""
    from cardgen.vocab.effects.may_play import UNTIL_XMAGE

    if subject is not None or len(value.args) != 2 or not isinstance(value.args[0], r.Raw):
        return None
    amount_text, duration = value.args[0].text, value.args[1].flat()
    until = next((word for word, member in UNTIL_XMAGE.items() if member == duration), None)
    if not amount_text.isdigit() or until is None:
        return None
    name = f"exiled_{index + 1}"
    exiled: dict[str, Any] = {"effect": CONSTRUCT.kind, "id": name}
    if int(amount_text) != 1:
        exiled["amount"] = int(amount_text)
    return [exiled, {"effect": "may_play", "what": {"ref": name}, "until": until}]


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: ExileTop) -> list[Entity]:
    """The top cards, in order, go to exile; returns their new objects there (400.7)."""
    from cardgen.game import zones
    state = ctx.state
    library = state.players[ctx.controller].library
    moved = [zones.move(state, oid, "exile") for oid in list(library[:effect.amount])]
    return [obj.oid for obj in moved if obj is not None]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="exile_top", model=ExileTop,
    text=EffectText(
        phrasings=_PHRASINGS,
        backref_noun="card",
    ),
    forge=ForgeEffect(
        remembers=True,
        moves_to="exile",
        write=_forge,
        reads={"Dig": _forge_read},
    ),
    xmage=XMageEffect(
        moves_objects=True,
        needs_sequence=_xmage_needs_sequence,
        read_classes={"ExileTopXMayPlayUntilEffect": _xmage_read_impulse},
        sequence=XMageSequence(
            step=_xmage_sequence_step,
            read_move=_xmage_read_move,
        ),
    ),
    rule=OneShot(resolve=_resolve),
)
