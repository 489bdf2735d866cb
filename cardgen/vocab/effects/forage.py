"""The `forage` effect (keyword action forage, rule 701.61; 701.59 when Bloomburrow was released): "you may
forage. If you do, draw a card." To forage is to exile three cards from your graveyard or sacrifice a Food
(701.61a). A player who can do neither can't forage (118.3: the resources aren't there), so "if you do" is
false and what it gates doesn't happen (608.2c: the instruction is followed as far as possible, and the
effect that depends on it is not).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, field_validator

from cardgen.model.parts import EffectBase, ObjectFilter, expand_instead_groups
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
    from cardgen.game.state import GameState
    from cardgen.model.card import Effect


# ------------------------------------------------------------------------------------------ the spec model

class Forage(EffectBase):
    """You forage (701.61a: exile three cards from your graveyard or sacrifice a Food; you choose which
    when both are possible); `optional`: "you may forage" (you choose whether to); `effects`: the
    effects done only when you foraged ("If you do, ...")."""

    effect: Literal["forage"]
    optional: bool = True
    effects: Annotated[list[Effect], Field(max_length=1)] = []

    @field_validator("effects", mode="after")
    @classmethod
    def _groups(cls, effects: list[Any]) -> list[Any]:
        return expand_instead_groups(effects)


def food() -> ObjectFilter:
    """What foraging may sacrifice: a Food you control (any Food permanent, not only a token)."""
    return ObjectFilter(types=["artifact"], subtypes=["Food"], controller="you")

GRAVEYARD_CARDS = 3
"""How many cards from your graveyard foraging exiles (701.61a)."""


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "effect": [
        Form("you may forage. if you do, {e:plain_clauses}",
             {"effect": "forage", "optional": True, "effects": V("e")}),
    ],
    "plain_effect": [
        Form("you may forage", {"effect": "forage", "optional": True}),
    ],
}


def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    if effect.get("effects"):
        effect["effects"] = forms.chain(effect["effects"])


# ------------------------------------------------------------------------------------------------ Forge

FORGE_COST = "Forage"
"""Forge's cost part (forge-game cost/Cost.java parseCostPart: "Forage" -> CostForage)."""

_UNLESS = (("UnlessCost", FORGE_COST), ("UnlessPayer", "You"), ("UnlessSwitched", "True"))
""""You may forage. If you do, <the ability>": the ability's cost to pay, by its controller, switched so
the ability happens only when it is paid (forge-game AbilityUtils.handleUnlessCost)."""


def _forge(w: EffectWriter, e: Forage) -> tuple[str, Params]:
    """The effect it gates, written as its own ability with `UnlessCost$ Forage | UnlessPayer$ You |
    UnlessSwitched$ True` (Forge asks the controller whether to pay; the ability resolves only if paid)."""
    if e.optional and not e.effects:
        # "you may forage" alone: a Pump of nothing (no Defined$, no change) that resolves only if paid
        return "Pump", list(_UNLESS)
    if not e.optional or len(e.effects) != 1:
        raise w.error("Forge writes foraging as 'you may forage. If you do, <one effect>' or 'you may forage'")
    inner = e.effects[0]
    if inner.condition is not None or inner.only_if is not None or inner.instead_if_promised is not None:
        raise w.error("put the condition on the forage effect, not on what it gates")
    api, params = w.inner(inner)
    return api, [*params, *_UNLESS]


def _forge_wrap(r: NodeReader) -> Any:
    """A node with `UnlessCost$ Forage | UnlessPayer$ You | UnlessSwitched$ True`: its effects are what
    foraging gates."""
    bag = r.bag
    if bag.values.get("Cost") == FORGE_COST and bag.values.get("AB") is not None:
        # Forge's own "you may forage" of a trigger: the executed ability's cost, which its controller may pay
        # as it resolves (Corpseberry Cultivator's `AB$ Pump | Cost$ Forage`)
        bag.get("Cost")
    else:
        if bag.values.get("UnlessCost") != FORGE_COST:
            return None
        if bag.get("UnlessPayer") != "You" or bag.get("UnlessSwitched") != "True":
            raise r.error("FG201", "UnlessCost$ Forage is read as 'you may forage. If you do' only "
                                   "(UnlessPayer$ You | UnlessSwitched$ True)")
        bag.get("UnlessCost")

    def wrap(effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
        if not effects:
            return [{"effect": CONSTRUCT.kind, "optional": True}]
        return [{"effect": CONSTRUCT.kind, "optional": True, "effects": effects}]
    return wrap


# ------------------------------------------------------------------------------------------------ XMage

def _xmage_framework(w: CardLowering, host: Host, effect: Forage, **_: Any) -> tuple[Any, bool, None]:
    """`new DoIfCostPaid(<the effect it gates>, new ForageCost())` (null: "you may forage" alone)."""
    if not effect.optional:
        raise w.Unsupported("XMage writes foraging as 'you may forage' (DoIfCostPaid)")
    if effect.effects:
        inner = effect.effects[0]
        if inner.condition is not None or inner.only_if is not None:
            raise w.Unsupported("put the condition on the forage effect, not on what it gates")
        expr, continuous, _slot = w.framework(host, inner)
        if continuous:
            expr = w.new(w.use("AddContinuousEffectToGame"), expr)
    else:
        expr = w.Raw("null")
    return w.new(w.use("DoIfCostPaid"), expr, w.new(w.use("ForageCost"))), False, None


def _xmage_read(r: EffectReader, value: Any, index: int, node: Any, subject: Any,
                zone: str | None) -> dict[str, Any] | None:
    """`DoIfCostPaid(<effect> | null, new ForageCost())`."""
    if len(value.args) != 2:
        return None
    gated, cost = value.args
    if not (isinstance(cost, r.New) and cost.cls == "ForageCost" and not cost.args):
        return None
    if isinstance(gated, r.Raw) and gated.text == "null":
        return {"effect": CONSTRUCT.kind, "optional": True}
    inner = r.top(gated, node)  # XMage words the gated effect with `.setText(...)` at times
    return {"effect": CONSTRUCT.kind, "optional": True, "effects": [inner]}


# --------------------------------------------------------------------------------------------- resolver

MAY_FORAGE = "you may forage"
"""The yes/no question of "you may forage" (XMage: DoIfCostPaid's chooseUse)."""

FORAGE_BY_EXILE = "forage by exiling three cards from your graveyard (no: by sacrificing a Food)"
"""Which way to forage, asked when both are possible (XMage: OrCost's chooseUse, its first cost the exile)."""


def ways(state: GameState, player: str) -> tuple[list[int], list[int]]:
    """(the graveyard cards to exile three of, when there are three; the Foods to sacrifice one of): the
    ways `player` can forage now, both empty when they can't (118.3)."""
    from cardgen.game import continuous, filters
    cards = [obj.oid for obj in state.cards_in(player, "graveyard")]
    foods = [obj.oid for obj in filters.select(state, food(), player)
             if continuous.controller_of(state, obj) == player]
    return (cards if len(cards) >= GRAVEYARD_CARDS else []), foods


def pay(state: GameState, player: str, options: tuple[list[int], list[int]]) -> list[Entity]:
    """`player` forages one of the `ways` they can (asked which when both are possible): the cards exiled or
    the Food sacrificed, chosen now; "whenever you forage" triggers (603.2). Returns what it moved."""
    from cardgen.game import triggers, zones
    cards, foods = options
    exile = bool(cards) and (not foods or state.chooser.decide(player, FORAGE_BY_EXILE))
    acted: list[Entity] = []
    if exile:
        picked = state.chooser.choose(player, cards, GRAVEYARD_CARDS, "exile to forage")
        for oid in (int(entity) for entity in picked):
            new = zones.move(state, oid, "exile")
            if new is not None:
                acted.append(new.oid)
    else:
        (eaten,) = (int(entity) for entity in state.chooser.choose(player, foods, 1, "sacrifice to forage"))
        new = zones.sacrifice(state, eaten, player)
        if new is not None:
            acted.append(new.oid)
    triggers.foraged(state, player)  # "whenever you forage" (603.2)
    return acted


def _resolve(ctx: Context, effect: Forage) -> list[Entity]:
    """The controller forages if they can and (for "you may") want to: the three cards to exile or the Food
    to sacrifice are chosen as it resolves. Only then are the effects "if you do" gates performed."""
    state, player = ctx.state, ctx.controller
    options = ways(state, player)
    if not any(options):
        return []  # can't forage: "if you do" is false (118.3, 608.2c)
    if effect.optional and not state.chooser.decide(player, MAY_FORAGE):
        return []
    acted = pay(state, player, options)
    ctx.perform(effect.effects, "effects")
    return acted


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="forage", model=Forage, subjects=(),
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
        # DoIfCostPaid asks chooseUse; ForageCost (an OrCost) asks chooseUse between its two costs when both
        # can be paid, the exile first: `setChoice(player, true|false)`
        decisions={MAY_FORAGE: "use", FORAGE_BY_EXILE: "use"},
    ),
    rule=OneShot(resolve=_resolve),
)
