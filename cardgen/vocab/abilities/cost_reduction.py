"""The `cost_reduction` ability: "This spell costs {1} less to cast if you control an Otter." (601.2f).

A static ability of a spell that works as its total cost is determined (601.2f: the mana cost less every cost
reduction, which reduces only the generic part and never below {0}); `if_you_control` is the condition it
applies under, checked then. Its Forge form is a `Mode$ ReduceCost` static that applies in every zone
(`EffectZone$ All`) to the card itself (`ValidCard$ Card.Self | Type$ Spell`), its condition an `IsPresent$`
(forge-game cost/CostAdjustment.java applyReduceCostAbility; StaticAbility.checkConditions); its XMage form
`new SimpleStaticAbility(Zone.ALL, new SpellCostReductionSourceEffect(1, condition)).setRuleAtTheTop(true)`,
its condition a `PermanentsOnTheBattlefieldCondition` of a filter of the permanents you control.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from cardgen.model.parts import AbilityBase, ObjectFilter, OracleLine
from cardgen.vocab.construct import (
    AbilityCanonical,
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
    from cardgen.engines.forge.script import Static
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.engines.xmage.reader import ClassReader
    from cardgen.game.objects import GameObject
    from cardgen.game.state import GameState

MAX_REDUCTION = 9
"""The largest reduction the forms say ("costs {9} less")."""


# ------------------------------------------------------------------------------------------ the spec model

class CostReduction(AbilityBase):
    """"This spell costs {N} less to cast if you control <permanent>." (601.2f): `amount` generic mana less
    while the caster controls a permanent `if_you_control` matches (its `controller` is "you", implied)."""

    kind: Literal["cost_reduction"]
    text: OracleLine
    amount: Annotated[int, Field(ge=1, le=MAX_REDUCTION)] = 1
    if_you_control: ObjectFilter


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "ability": [
        Form(f"this spell costs {{{n}}} less to cast if you control {{f:controlled_one}}.",
             {"kind": "cost_reduction", **({"amount": n} if n != 1 else {}), "if_you_control": V("f")})
        for n in range(1, MAX_REDUCTION + 1)
    ],
    "controlled_one": [Form("a {f:filter_sg}", V("f")), Form("an {f:filter_sg}", V("f"))],
}


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    ability = {"kind": CONSTRUCT.kind, "text": line, "if_you_control": result["if_you_control"]}
    if result.get("amount", 1) != 1:
        ability["amount"] = result["amount"]
    return ability


def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    return {key: item for key, item in ability.items() if key != "text"}


# ------------------------------------------------------------------------------------------------ Forge

def _controlled(selector: ObjectFilter) -> ObjectFilter:
    return selector.model_copy(update={"controller": "you"})


def _forge(b: ScriptBuilder, ability: CostReduction) -> Static:
    """`S:Mode$ ReduceCost | ValidCard$ Card.Self | Type$ Spell | Amount$ 1 | EffectZone$ All |
    IsPresent$ Otter.YouCtrl | Description$ ...`."""
    present = b.valid(_controlled(ability.if_you_control))
    return b.Static("ReduceCost", [("ValidCard", "Card.Self"), ("Type", "Spell"), ("Amount", str(ability.amount)),
                                 ("EffectZone", "All"), ("IsPresent", present)],
                  b.describe(ability.text, "a cost reduction text"))


def _forge_read(r: ScriptReader, params: list[tuple[str, str]]) -> dict[str, Any] | None:
    """The `Mode$ ReduceCost` line `_forge` writes; None for another mode or another reduction."""
    values = dict(params)
    if values.get("Mode") != "ReduceCost" or values.get("ValidCard") != "Card.Self":
        return None
    known = {"Mode", "ValidCard", "Type", "Amount", "EffectZone", "IsPresent", "Description"}
    if set(values) - known or values.get("Type") != "Spell" or values.get("EffectZone") != "All" \
            or not values.get("Amount", "").isdigit() or "IsPresent" not in values:
        return None
    parsed = r.read_valid(values["IsPresent"])
    if parsed.error or parsed.flags or parsed.fields.get("controller") != "you":
        return None
    fields = {key: value for key, value in parsed.fields.items() if key != "controller"}
    ability: dict[str, Any] = {"kind": CONSTRUCT.kind, "if_you_control": fields,
                               "text": r.undescribe(values.get("Description", ""))}
    if int(values["Amount"]) != 1:
        ability["amount"] = int(values["Amount"])
    return ability


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, ability: CostReduction) -> Block:
    """`new SimpleStaticAbility(Zone.ALL, new SpellCostReductionSourceEffect(1,
    new PermanentsOnTheBattlefieldCondition(filter))).setRuleAtTheTop(true)`: the filter's message is what
    follows "if" in the rules text ("you control an Otter"), as XMage's own cards word it."""
    words = ability.text.split(" if ", 1)[1].rstrip(".") if " if " in ability.text else "you control a permanent"
    block = w.Block(ability.text, rules=ability.text)
    controlled = _controlled(ability.if_you_control)
    condition = w.new(w.use("PermanentsOnTheBattlefieldCondition"), w.Raw(w.filters.add(controlled, message=words)))
    effect = w.new(w.use("SpellCostReductionSourceEffect"), ability.amount, condition)
    head = w.new(w.use("SimpleStaticAbility"), w.Raw(f"{w.use('Zone')}.ALL"), effect)
    block.body.append(w.stmt(w.call("this", "addAbility", w.call(head, "setRuleAtTheTop", w.Raw("true")))))
    return block


def _xmage_read(r: ClassReader, value: Any, aura: Any, node: Any) -> dict[str, Any] | None:
    """`addAbility(new SimpleStaticAbility(Zone.ALL, new SpellCostReductionSourceEffect(N, condition))
    [.setRuleAtTheTop(true)][.addHint(...)])`, the condition a `PermanentsOnTheBattlefieldCondition` of a
    filter (in place, or a field of the class)."""
    while isinstance(value, r.Call) and value.method in ("setRuleAtTheTop", "addHint") and value.receiver is not None:
        value = value.receiver
    if not (isinstance(value, r.New) and value.cls == "SimpleStaticAbility" and len(value.args) == 2
            and value.args[0].flat() == "Zone.ALL"):
        return None
    effect = value.args[1]
    if not (isinstance(effect, r.New) and effect.cls == "SpellCostReductionSourceEffect" and len(effect.args) == 2):
        return None
    condition = r.field_value(effect.args[1])
    if not (isinstance(condition, r.New) and condition.cls == "PermanentsOnTheBattlefieldCondition"
            and len(condition.args) == 1):
        raise r.ReadError(f"cost reduction condition not understood: {effect.args[1].flat()[:80]}", node=node)
    fields, _ = r.filters.selector(condition.args[0].flat(), node, "battlefield")
    if fields.get("controller") != "you":
        raise r.ReadError("a cost reduction whose permanents aren't the caster's is not read", node=node)
    fields = {key: item for key, item in fields.items() if key not in ("controller", "zone")}
    ability: dict[str, Any] = {"kind": CONSTRUCT.kind, "text": "", "if_you_control": fields}
    amount = r.int_of(effect.args[0], node)
    if amount != 1:
        ability["amount"] = amount
    return ability


# --------------------------------------------------------------------------------------------- resolver

def _reduction(state: GameState, spell: GameObject, ability: CostReduction, caster: str) -> int:
    """601.2f: `amount` less while the caster controls a permanent the filter matches, as the cost is
    determined."""
    from cardgen.game import continuous, filters

    controlled = _controlled(ability.if_you_control)
    present = [obj for obj in filters.select(state, controlled, caster, spell.oid)
               if continuous.controller_of(state, obj) == caster and not obj.phased_out]
    return ability.amount if present else 0


# --------------------------------------------------------------------------------------------- scaffold

def _scaffold_guess(line: str, spell: bool) -> str | bool:
    return line.startswith("This spell costs {")


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="cost_reduction", model=CostReduction,
    text=AbilityText(
        phrasings=_PHRASINGS,
        order=2,
        compose=_text_compose,
        render=_text_render,
        guess=_scaffold_guess,
    ),
    canonical=AbilityCanonical(order=2),
    forge=ForgeAbility(
        mode_static=_forge,
        read_mode_static=_forge_read,
    ),
    xmage=XMageAbility(
        block=_xmage,
        read_added=_xmage_read,
    ),
    rule=AbilityRule(cost_reduction=_reduction),
)
