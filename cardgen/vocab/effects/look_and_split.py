"""The `look_and_split` effect: "Look at twice X cards from the top of your library. Put X cards from among them into
your hand and the rest into your graveyard." (Stargaze).

The cards looked at stay in the library, a hidden zone, until they are put elsewhere (401.2): the player chooses
`take` of them for their hand (all of them, when there are no more than that), and the others go into their
graveyard. With fewer cards in the library, the player looks at all it has.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.java_expr import Expr
    from cardgen.engines.xmage.lower import CardLowering, Host
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.model.card import PositiveAmount


# ------------------------------------------------------------------------------------------ the spec model

class LookAndSplit(EffectBase):
    """You look at the top `amount` cards of your library, put `take` of them into your hand and the rest into
    your graveyard."""

    effect: Literal["look_and_split"]
    amount: PositiveAmount
    take: PositiveAmount


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("look at {n:cards} from the top of your library. put {t:cards} from among them into your hand and the "
             "rest into your graveyard", {"effect": "look_and_split", "amount": V("n"), "take": V("t")}),
    ],
}


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: LookAndSplit) -> tuple[str, Params]:
    """`Dig | DigNum$ Y | ChangeNum$ X | DestinationZone2$ Graveyard`, as Forge's own Stargaze (DigEffect.resolve:
    `ChangeNum$` of the `DigNum$` cards go to `DestinationZone$`, default Hand, the rest to `DestinationZone2$`)."""
    return "Dig", [*w.number("DigNum", e.amount, default=None), *w.number("ChangeNum", e.take, default=None),
                   ("DestinationZone2", "Graveyard")]


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """A Dig of some cards into the hand and the rest into the graveyard (Dig is shared: `look_and_take` reads a
    Dig of a card of a quality, `exile_top` one into exile)."""
    bag = r.bag
    if bag.peek("DestinationZone2") != "Graveyard" or bag.has("ChangeValid") \
            or bag.peek("DestinationZone") not in (None, "Hand"):
        return None
    bag.get("DestinationZone2")
    bag.get("DestinationZone")
    if r.subject(player=True, default="you") != ["you"]:
        raise r.error("FG203", "Dig: only your own library is looked at here")
    return [{"effect": CONSTRUCT.kind, "amount": r.amount("DigNum", 1), "take": r.amount("ChangeNum", 1)}]


# ------------------------------------------------------------------------------------------------ XMage

def _dynamic(w: CardLowering, value: Any) -> Expr:
    from cardgen import vocab
    if isinstance(value, int):
        return w.call(w.use("StaticValue"), "get", w.Raw(str(value)))
    return vocab.amount_of(value).xmage.write(w, value)


def _xmage_framework(w: CardLowering, host: Host, effect: LookAndSplit, **_: Any) -> tuple[Any, bool, None]:
    """The card's own effect (XMage has no framework effect that puts a number of cards given by a dynamic value
    into the hand; XMage's own Stargaze writes an effect of its own too): `new <Card>Effect(looked, taken)`, both
    dynamic values (`new MultipliedValue(GetXValue.instance, 2)`, `GetXValue.instance`)."""
    name = w.shared_class("Effect", "look_and_split_effect.java.j2",
                          ("OneShotEffect", "DynamicValue", "Outcome", "Game", "Ability", "Player", "Cards",
                           "CardsImpl", "TargetCard", "Zone", "StaticFilters"))
    return w.new(name, _dynamic(w, effect.amount), _dynamic(w, effect.take)), False, None


def _read_dynamic(value: Any) -> Any:
    from cardgen import vocab
    flat = value.flat()
    if flat.startswith("StaticValue.get(") and flat.endswith(")") and flat[len("StaticValue.get("):-1].isdigit():
        return int(flat[len("StaticValue.get("):-1])
    return next((read for c in vocab.AMOUNTS.values() if (read := c.xmage.read(value)) is not None), None)


def _xmage_read_local(r: EffectReader, decl: Any, value: Any, node: Any, source: str) -> dict[str, Any] | None:
    """The card's own `OneShotEffect` of two dynamic values that `_xmage_framework` writes."""
    if decl.superclass != "OneShotEffect" or len(value.args) != 2 or "DynamicValue looked" not in source \
            or "Zone.GRAVEYARD" not in source:
        return None
    amount, take = (_read_dynamic(arg) for arg in value.args)
    if amount is None or take is None:
        raise r.ReadError(f"look-and-split effect arguments not understood: {value.flat()[:80]}", node=node)
    return {"effect": CONSTRUCT.kind, "amount": amount, "take": take}


# --------------------------------------------------------------------------------------------- resolver

TAKE = "look and split: the cards put into your hand"


def _resolve(ctx: Context, effect: LookAndSplit) -> list[Entity]:
    """The controller looks at the top cards, names the ones for their hand (all, when no more than that), and the
    rest go into their graveyard."""
    from cardgen.game import zones
    from cardgen.game.choices import note_forced
    from cardgen.game.events import LookedAtTop
    state, player = ctx.state, ctx.controller
    library = state.players[player].library
    seen = list(library[:ctx.amount(effect.amount)])
    if not seen:
        return []
    state.emit(LookedAtTop(player, len(seen)))
    take = ctx.amount(effect.take)
    if take >= len(seen):
        picked = list(seen)
        note_forced(state.chooser, player, seen, take, TAKE)
    else:
        picked = [int(entity) for entity in state.chooser.choose(player, seen, take, TAKE)]
    moved: list[Entity] = []
    for oid in picked:
        new = zones.move(state, oid, "hand")
        if new is not None:
            moved.append(new.oid)
    for oid in seen:
        if oid not in picked:
            zones.move(state, oid, "graveyard")
    return moved


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="look_and_split", model=LookAndSplit,
    text=EffectText(
        phrasings=_PHRASINGS,
        own_sentence=True,
    ),
    forge=ForgeEffect(
        write=_forge,
        reads={"Dig": _forge_read},
    ),
    xmage=XMageEffect(
        framework=_xmage_framework,
        read_local=_xmage_read_local,
        stands_alone=True,
    ),
    rule=OneShot(resolve=_resolve),
)
