"""The `ward` ability: "Ward {1}", "Ward—Pay 2 life.", "Ward—Discard a card.", "Ward—Sacrifice a Food."
(702.21, Bloomburrow's Vren, Gev, Maha, Ygra, Long River Lurker).

702.21a: ward is a triggered ability — "Whenever this permanent becomes the target of a spell or ability an
opponent controls, counter that spell or ability unless that player pays [cost]." The spec states only the
keyword and its cost; the trigger is the resolver's (`rule.targeted`), as both engines derive it from their
keyword (Forge's `K:Ward:<cost>`, XMage's `WardAbility`). 702.21b: "Ward—[cost]" is the same with a cost that
isn't mana. Paying life needs a life total of at least that much (119.4); discarding a card needs a card in
hand; sacrificing a Food needs a Food (118.3: a cost can't be paid without the resources). A spell or ability
already gone from the stack when the trigger resolves is not countered (nothing to counter), and its
controller isn't asked.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, model_validator

from cardgen.model.mana import ManaCostField
from cardgen.model.parts import AbilityBase, SubtypeName
from cardgen.vocab.construct import (
    AbilityCanonical,
    AbilityChecks,
    AbilityConstruct,
    AbilityRule,
    AbilityText,
    ForgeAbility,
    XMageAbility,
)
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.script import Keyword
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.engines.xmage.reader import ClassReader
    from cardgen.game.objects import GameObject, PendingTrigger, StackAbility
    from cardgen.game.state import GameState


# ------------------------------------------------------------------------------------------ the spec model

class WardAbility(AbilityBase):
    """"Ward {1}" (`mana`) or "Ward—[cost]" (`life`: pay that much life; `discard`: discard a card;
    `sacrifice`: sacrifice a permanent of that subtype): exactly one cost; the text is derived."""

    kind: Literal["ward"]
    mana: ManaCostField | None = None
    life: Annotated[int, Field(ge=1, le=99)] | None = None
    discard: Literal[1] | None = None
    sacrifice: SubtypeName | None = None

    @model_validator(mode="after")
    def _one_cost(self) -> WardAbility:
        given = [name for name in ("mana", "life", "discard", "sacrifice") if getattr(self, name) is not None]
        if len(given) != 1:
            raise ValueError(f"ward has exactly one cost (mana, life, discard or sacrifice), not {given or 'none'}")
        return self


# ------------------------------------------------------------------------------------ text and phrasing

def _cost_words(ability: WardAbility) -> str:
    """The cost after "Ward—" (or the mana after "Ward "), as printed."""
    if ability.mana is not None:
        return str(ability.mana)
    if ability.life is not None:
        return f"Pay {ability.life} life"
    if ability.discard is not None:
        return "Discard a card"
    article = "an" if str(ability.sacrifice)[0].lower() in "aeiou" else "a"
    return f"Sacrifice {article} {ability.sacrifice}"


def _line(ability: WardAbility) -> str:
    """"Ward {1}", "Ward—Pay 2 life." (702.21b)."""
    return f"Ward {ability.mana}" if ability.mana is not None else f"Ward—{_cost_words(ability)}."


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    """A permanent's keyword: no reading on an instant or sorcery."""
    return None if spell else result


_PHRASINGS = {"ability": [
    Form("ward {c:mana}", {"kind": "ward", "mana": V("c")}),
    Form("ward—pay {n:number} life.", {"kind": "ward", "life": V("n")}),
    Form("ward—discard a card.", {"kind": "ward", "discard": 1}),
    Form("ward—sacrifice a food.", {"kind": "ward", "sacrifice": "Food"}),
]}


# ------------------------------------------------------------------------------------------------ Forge

def _forge_cost(b: ScriptBuilder, ability: WardAbility) -> str:
    """Forge's cost of the keyword (forge-game CardFactoryUtil, keyword Ward: the cost is a Cost string)."""
    if ability.mana is not None:
        return b.mana(ability.mana)
    if ability.life is not None:
        return f"PayLife<{ability.life}>"
    if ability.discard is not None:
        return "Discard<1/Card>"
    return f"Sac<1/{ability.sacrifice}>"


def _forge(b: ScriptBuilder, ability: WardAbility) -> Keyword:
    """`K:Ward:1`, `K:Ward:PayLife<2>`, `K:Ward:Discard<1/Card>`, `K:Ward:Sac<1/Food>`."""
    return b.Keyword("Ward", (_forge_cost(b, ability),))


_FORGE_COSTS = (
    (re.compile(r"PayLife<([0-9]+)>"), lambda m: {"life": int(m.group(1))}),
    (re.compile(r"Discard<1/Card>"), lambda m: {"discard": 1}),
    (re.compile(r"Sac<1/([A-Z][a-z]+)>"), lambda m: {"sacrifice": m.group(1)}),
)


def _forge_read(r: ScriptReader, value: str) -> list[dict[str, Any]] | None:
    """`K:Ward:<cost>`."""
    if not value.startswith("Ward:"):
        return None
    cost = value[len("Ward:"):]
    for pattern, read in _FORGE_COSTS:
        match = pattern.fullmatch(cost)
        if match:
            return [{"kind": CONSTRUCT.kind, **read(match)}]
    try:
        mana = r.spec_mana(cost)
    except ValueError as error:
        r.report("FG200", f"K:{value}: {error}")
        return []
    if mana is None:
        r.report("FG200", f"K:{value}: a ward cost cardgen doesn't read")
        return []
    return [{"kind": CONSTRUCT.kind, "mana": mana}]


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, ability: WardAbility) -> Block:
    """`new WardAbility(new GenericManaCost(1), false)` (`ManaCostsImpl` for coloured mana), `new PayLifeCost(2)`,
    `new DiscardCardCost()`; `false`: the rules text without the reminder, as printed."""
    block = w.Block(_line(ability), rules=_line(ability))
    if ability.mana is not None:
        if ability.mana.symbols and all(symbol.is_generic for symbol in ability.mana.symbols):
            cost = w.new(w.use("GenericManaCost"), ability.mana.generic)
        else:
            cost = w.new(f"{w.use('ManaCostsImpl')}<>", w.Str(str(ability.mana)))
    elif ability.life is not None:
        cost = w.new(w.use("PayLifeCost"), ability.life)
    elif ability.discard is not None:
        cost = w.new(w.use("DiscardCardCost"))
    else:  # XMage's own Ygra: `new SacrificeTargetCost(filter)` with a filter of that subtype ("Food")
        from cardgen.model.parts import ObjectFilter
        assert ability.sacrifice is not None  # the one cost left (`_one_cost`)
        field = w.filters.add(ObjectFilter(subtypes=[ability.sacrifice]))
        cost = w.new(w.use("SacrificeTargetCost"), w.Raw(field))
    block.body.append(w.stmt(w.call("this", "addAbility", w.new(w.use("WardAbility"), cost, w.Raw("false")))))
    return block


def _xmage_read(r: ClassReader, added: Any, aura: Any, node: Any) -> dict[str, Any] | None:
    """`new WardAbility(<cost>[, false])`."""
    if not (isinstance(added, r.New) and added.cls == "WardAbility") or not 1 <= len(added.args) <= 2:
        return None
    cost = added.args[0]
    if isinstance(cost, r.New) and cost.cls == "SacrificeTargetCost" and len(cost.args) == 1:
        arg = cost.args[0]
        if isinstance(arg, r.Raw) and r.filters.known(arg.text):
            selector, _greatest = r.filters.selector(arg.text, node)
            subtypes = selector.get("subtypes", [])
            if len(subtypes) == 1 and set(selector) - {"zone", "controller"} == {"subtypes"}:
                return {"kind": CONSTRUCT.kind, "sacrifice": subtypes[0]}
    if isinstance(cost, r.New):
        if cost.cls == "GenericManaCost" and len(cost.args) == 1:
            return {"kind": CONSTRUCT.kind, "mana": "{" + str(r.int_of(cost.args[0], node)) + "}"}
        if cost.cls == "ManaCostsImpl" and len(cost.args) == 1 and isinstance(cost.args[0], r.Str):
            return {"kind": CONSTRUCT.kind, "mana": cost.args[0].value}
        if cost.cls == "PayLifeCost" and len(cost.args) == 1:
            return {"kind": CONSTRUCT.kind, "life": r.int_of(cost.args[0], node)}
        if cost.cls == "DiscardCardCost" and not cost.args:
            return {"kind": CONSTRUCT.kind, "discard": 1}
    raise r.ReadError(f"ward cost not understood: {cost.flat()[:80]}", node=node)


# --------------------------------------------------------------------------------------------- resolver

PAY_WARD = "pay the ward cost"
"""The decision of the player whose spell or ability ward would counter (XMage asks it with `chooseUse`)."""


def _targeted(state: GameState, obj: GameObject, ability: WardAbility, by: str, item: int) -> PendingTrigger | None:
    """702.21a: it triggers when the permanent becomes the target of a spell or ability an opponent of its
    controller controls; the trigger is controlled by the permanent's controller and refers to that spell or
    ability."""
    from cardgen.game.continuous import controller_of
    from cardgen.game.objects import PendingTrigger
    controller = controller_of(state, obj)
    if by not in state.opponents(controller):
        return None
    index = obj.chars.card.abilities.index(ability) if obj.chars.card else 0

    def resolve(state: GameState, stacked: StackAbility) -> None:
        _counter_unless_paid(state, stacked, ability)

    return PendingTrigger(controller=controller, source=obj.oid, source_name=obj.name, ability=None, effects=[],
                          text=_line(ability), order=(obj.timestamp, index), refs={"warded": [item]},
                          resolve=resolve)


def _counter_unless_paid(state: GameState, stacked: StackAbility, ability: WardAbility) -> None:
    """"Counter that spell or ability unless that player pays [cost]": its controller decides whether to pay
    (when they can); unpaid, the spell goes to its owner's graveyard, the ability ceases to exist."""
    from cardgen.game import zones
    from cardgen.game.events import Countered
    (item,) = stacked.refs["warded"]
    if not isinstance(item, int) or item not in state.stack:
        return
    if item in state.abilities:
        payer, name = state.abilities[item].controller, state.abilities[item].source_name
    else:
        payer, name = state.obj(item).controller, state.obj(item).name
    options = _payments(state, payer, ability)
    if options is not None and state.chooser.decide(payer, PAY_WARD):
        _pay(state, payer, ability, options, stacked.source_name)
        return
    state.emit(Countered(name, payer, stacked.source_name))
    if item in state.abilities:
        state.stack.remove(item)
        del state.abilities[item]
    else:
        zones.move(state, item, "graveyard")


def _payments(state: GameState, payer: str, ability: WardAbility) -> list[int] | None:
    """What the payer can pay the cost with (the cards or permanents to choose among; [] for mana and life),
    or None when they can't pay it (119.4: life; 118.3)."""
    from cardgen.game import continuous, filters
    from cardgen.model.parts import ObjectFilter
    if ability.life is not None:
        player = state.players[payer]
        can = player.life >= ability.life and not continuous.player_has(state, payer, "life_cant_change")
        return [] if can else None
    if ability.discard is not None:
        return list(state.players[payer].hand) or None
    if ability.sacrifice is not None:
        selector = ObjectFilter(subtypes=[ability.sacrifice], controller="you")
        found = [obj.oid for obj in state.permanents() if filters.matches(state, obj, selector, payer)]
        return found or None
    return []  # mana: assumed paid, as every mana cost the resolver doesn't charge from the pool


def _pay(state: GameState, payer: str, ability: WardAbility, options: list[int], source: str) -> None:
    from cardgen.game import zones
    from cardgen.game.actions import change_life
    from cardgen.game.events import Discarded, ManaSpent
    if ability.mana is not None:
        state.emit(ManaSpent(payer, ability.mana.mana_value, f"ward of {source}", str(ability.mana)))
    elif ability.life is not None:
        change_life(state, payer, -ability.life)
    else:
        purpose = "card to discard for ward" if ability.discard is not None else "sacrifice for ward"
        (picked,) = state.chooser.choose(payer, options, 1, purpose)
        card = state.obj(int(picked))
        if ability.discard is not None:
            state.emit(Discarded(payer, card.name))
            zones.move(state, card.oid, "graveyard")
        else:
            zones.sacrifice(state, card.oid, payer)


# --------------------------------------------------------------------------------------------- scaffold

def _scaffold_guess(line: str, spell: bool) -> str | bool:
    mana = re.fullmatch(r"Ward ((?:\{[0-9WUBRGC]+\})+)", line)
    return f"{{kind: ward, mana: '{mana.group(1)}'}}" if mana else False


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="ward", model=WardAbility,
    text=AbilityText(
        phrasings=_PHRASINGS,
        order=2,
        compose=_text_compose,
        guess=_scaffold_guess,
        line=_line,
    ),
    canonical=AbilityCanonical(order=0),
    checks=AbilityChecks(),
    forge=ForgeAbility(
        keyword=_forge,
        read_keyword=_forge_read,
    ),
    xmage=XMageAbility(
        block=_xmage,
        read_added=_xmage_read,
        decisions={PAY_WARD: "use"},
    ),
    rule=AbilityRule(targeted=_targeted),
)
