"""The `may_discard` effect: "you may discard a card. If you do, draw a card." Discarding is the optional
action the effects it gates depend on (608.2c: "if you do" refers back to it; a player with no card in hand
can't discard, 118.3, so what it gates doesn't happen). The card is the discarding player's choice (701.9a,
701.9b), made as it resolves. "You may discard your hand. If you do, draw two cards." (`what: hand`) discards
every card in it at once (701.9a); a hand of no cards can be discarded too, so what it gates happens (as
XMage's DiscardHandCost, always payable).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, field_validator

from cardgen.model.parts import EffectBase, expand_instead_groups
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.lower import CardLowering, Host
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.model.card import Effect


# ------------------------------------------------------------------------------------------ the spec model

class MayDiscard(EffectBase):
    """You may discard a card; `effects`: the effects done only when you did ("If you do, ...")."""

    effect: Literal["may_discard"]
    effects: Annotated[list[Effect], Field(min_length=1, max_length=1)]
    what: Literal["card", "hand"] = "card"
    """`card`: "you may discard a card"; `hand`: "you may discard your hand" (all of it, 701.9a)."""

    @field_validator("effects", mode="after")
    @classmethod
    def _groups(cls, effects: list[Any]) -> list[Any]:
        return expand_instead_groups(effects)


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "effect": [
        Form("you may discard a card. if you do, {e:plain_clauses}", {"effect": "may_discard", "effects": V("e")}),
        Form("you may discard your hand. if you do, {e:plain_clauses}",
             {"effect": "may_discard", "effects": V("e"), "what": "hand"}),
    ],
}


def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    effect["effects"] = forms.chain(effect["effects"])


# ------------------------------------------------------------------------------------------------ Forge

FORGE_COSTS = {"card": "Discard<1/Card>", "hand": "Discard<1/Hand>"}
"""Forge's cost part: discard one card, or the whole hand (forge-game cost/Cost.java parseCostPart: "Discard<" ->
CostDiscard, whose type `Hand` is the hand: Forge's own Amber Gristle O'Maul's "you may discard your hand")."""
FORGE_COST = FORGE_COSTS["card"]

_UNLESS = (("UnlessPayer", "You"), ("UnlessSwitched", "True"))
""""You may discard a card. If you do, <the ability>": the ability's cost to pay, by its controller, switched
so the ability happens only when it is paid (forge-game AbilityUtils.handleUnlessCost), as Forge's own Take
Out the Trash says it."""


def _forge(w: EffectWriter, e: MayDiscard) -> tuple[str, Params]:
    """The effect it gates, written as its own ability with `UnlessCost$ Discard<1/Card> | UnlessPayer$ You |
    UnlessSwitched$ True` (Forge asks the controller whether to pay; the ability resolves only if paid)."""
    inner = e.effects[0]
    if inner.condition is not None or inner.only_if is not None or inner.instead_if_promised is not None:
        raise w.error("put the condition on the may_discard effect, not on what it gates")
    api, params = w.inner(inner)
    return api, [*params, ("UnlessCost", FORGE_COSTS[e.what]), *_UNLESS]


def _forge_wrap(r: NodeReader) -> Any:
    """A node with `UnlessCost$ Discard<1/Card> | UnlessPayer$ You | UnlessSwitched$ True`: its effects are
    what discarding gates."""
    bag = r.bag
    what = next((word for word, cost in FORGE_COSTS.items() if bag.values.get("UnlessCost") == cost), None)
    if what is None:
        return None
    if bag.get("UnlessPayer") != "You" or bag.get("UnlessSwitched") != "True":
        raise r.error("FG201", f"UnlessCost$ {FORGE_COSTS[what]} is read as 'you may discard ... If you do' only "
                               "(UnlessPayer$ You | UnlessSwitched$ True)")
    bag.get("UnlessCost")

    def wrap(effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{"effect": CONSTRUCT.kind, "effects": effects, **({"what": what} if what != "card" else {})}]
    return wrap


# ------------------------------------------------------------------------------------------------ XMage

def _xmage_framework(w: CardLowering, host: Host, effect: MayDiscard, **_: Any) -> tuple[Any, bool, None]:
    """`new DoIfCostPaid(<the effect it gates>, new DiscardCardCost())`, as XMage's own Take Out the Trash
    (`new DiscardHandCost()` for the hand, as its Byway Barterer)."""
    inner = effect.effects[0]
    if inner.condition is not None or inner.only_if is not None:
        raise w.Unsupported("put the condition on the may_discard effect, not on what it gates")
    expr, continuous, _slot = w.framework(host, inner)
    if continuous:
        expr = w.new(w.use("AddContinuousEffectToGame"), expr)
    return w.new(w.use("DoIfCostPaid"), expr, w.new(w.use(XMAGE_COSTS[effect.what]))), False, None


XMAGE_COSTS = {"card": "DiscardCardCost", "hand": "DiscardHandCost"}
"""The framework cost of each: a card of the hand, or the hand (XMage's own Byway Barterer)."""


def _xmage_read(r: EffectReader, value: Any, index: int, node: Any, subject: Any,
                zone: str | None) -> dict[str, Any] | None:
    """`DoIfCostPaid(<effect>, new DiscardCardCost())`."""
    if len(value.args) != 2:
        return None
    gated, cost = value.args
    what = next((word for word, cls in XMAGE_COSTS.items() if isinstance(cost, r.New) and cost.cls == cls
                 and not cost.args), None)
    if what is None:
        return None
    effect = {"effect": CONSTRUCT.kind, "effects": [r.top(gated, node)]}
    return {**effect, "what": what} if what != "card" else effect


# --------------------------------------------------------------------------------------------- resolver

MAY_DISCARD = "you may discard a card"
"""The yes/no question (XMage: DoIfCostPaid's chooseUse)."""
MAY_DISCARD_HAND = "you may discard your hand"
CARD_TO_DISCARD = "card to discard"
"""Which card, the discarding player's choice (XMage: DiscardCardCost's choice from the hand)."""


def _resolve(ctx: Context, effect: MayDiscard) -> list[Entity]:
    """The controller, if they have a card in hand and want to, discards one they choose; only then are the
    effects "if you do" gates performed."""
    from cardgen.game import zones
    from cardgen.game.events import Discarded
    state, player = ctx.state, ctx.controller
    hand = list(state.players[player].hand)
    if effect.what == "hand":  # the whole hand at once (701.9a), even a hand of no cards
        if not state.chooser.decide(player, MAY_DISCARD_HAND):
            return []
        for oid in hand:
            state.emit(Discarded(player, state.obj(oid).name))
            zones.move(state, oid, "graveyard")
        ctx.perform(effect.effects, "effects")
        return [player]
    if not hand:
        return []  # can't discard: "if you do" is false (118.3, 608.2c)
    if not state.chooser.decide(player, MAY_DISCARD):
        return []
    (oid,) = (int(entity) for entity in state.chooser.choose(player, hand, 1, CARD_TO_DISCARD))
    state.emit(Discarded(player, state.obj(oid).name))
    zones.move(state, oid, "graveyard")
    ctx.perform(effect.effects, "effects")
    return [player]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="may_discard", model=MayDiscard, subjects=(),
    text=EffectText(
        phrasings=_PHRASINGS,
        own_sentence=True,
        canonical=_canonical,
    ),
    forge=ForgeEffect(
        write=_forge,
        wraps=_forge_wrap,
    ),
    xmage=XMageEffect(
        framework=_xmage_framework,
        stands_alone=True,
        read_classes={"DoIfCostPaid": _xmage_read},
        # DoIfCostPaid asks chooseUse; DiscardCardCost then has the player choose the card from their hand
        decisions={MAY_DISCARD: "use", MAY_DISCARD_HAND: "use"},
    ),
    rule=OneShot(resolve=_resolve),
)
