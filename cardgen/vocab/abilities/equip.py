"""The `equip` ability: "Equip {3}"."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.mana import ManaCostField
from cardgen.model.parts import AbilityBase, Target, TargetSubject
from cardgen.vocab.construct import (
    AbilityCanonical,
    AbilityChecks,
    AbilityConstruct,
    AbilityRule,
    AbilityText,
    ForgeAbility,
    XMageAbility,
)
from cardgen.vocab.effects.attach import Attach
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.script import Keyword
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.engines.xmage.reader import ClassReader
    from cardgen.model.card import Card
    from cardgen.validate.context import CardReport


# ------------------------------------------------------------------------------------------ the spec model

class EquipAbility(AbilityBase):
    """"Equip {3}"; the text is derived."""

    kind: Literal["equip"]
    cost: ManaCostField


# ------------------------------------------------------------------------------------ text and phrasing


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    """An Equipment's line: no reading on an instant or sorcery."""
    return None if spell else result


def _line(ability: EquipAbility) -> str:
    """"Equip {3}"."""
    return f"Equip {ability.cost}"


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, ability: EquipAbility) -> Keyword:
    """`K:Equip:3`."""
    return b.Keyword("Equip", (b.mana(ability.cost),))


def _forge_read(r: ScriptReader, value: str) -> list[dict[str, Any]] | None:
    """`K:Equip:<cost>[:...]`."""
    if not value.startswith("Equip:"):
        return None
    cost = value[len("Equip:"):].split(":")[0]
    try:
        return [{"kind": CONSTRUCT.kind, "cost": r.spec_mana(cost) or "{0}"}]
    except ValueError as error:
        r.report("FG200", f"K:{value}: {error}")
        return []


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, ability: EquipAbility) -> Block:
    """`new EquipAbility(3, false)`, or with `ManaCostsImpl` when the cost has coloured mana."""
    block = w.Block(_line(ability), rules=_line(ability))
    cost = ability.cost
    if all(symbol.is_generic for symbol in cost.symbols) and cost.symbols:
        equip = w.new(w.use("EquipAbility"), cost.generic, w.Raw("false"))
    else:
        mana = w.new(f"{w.use('ManaCostsImpl')}<>", w.Str(str(cost)))
        equip = w.new(w.use("EquipAbility"), w.const("Outcome.AddAbility"), mana, w.Raw("false"))
    block.body.append(w.stmt(w.call("this", "addAbility", equip)))
    return block


def _xmage_read(r: ClassReader, added: Any, aura: Any, node: Any) -> dict[str, Any] | None:
    """`new EquipAbility(3, false)` or `new EquipAbility(Outcome..., new ManaCostsImpl<>("{1}{W}"), false)`
    (or `new GenericManaCost(3)` in its place)."""
    if not (isinstance(added, r.New) and added.cls == "EquipAbility"):
        return None
    args = list(added.args)
    if args and isinstance(args[0], r.Raw) and args[0].text.isdigit():
        return {"kind": CONSTRUCT.kind, "cost": "{" + args[0].text + "}"}
    if len(args) >= 2 and isinstance(args[1], r.New) and args[1].cls == "ManaCostsImpl" \
            and len(args[1].args) == 1 and isinstance(args[1].args[0], r.Str):
        return {"kind": CONSTRUCT.kind, "cost": args[1].args[0].value}
    if len(args) >= 2 and isinstance(args[1], r.New) and args[1].cls == "GenericManaCost" \
            and len(args[1].args) == 1 and isinstance(args[1].args[0], r.Raw) and args[1].args[0].text.isdigit():
        return {"kind": CONSTRUCT.kind, "cost": "{" + args[1].args[0].text + "}"}
    raise r.ReadError(f"equip cost not understood: {added.flat()[:80]}", node=node)


# ------------------------------------------------------------------------------------------- validation

def _validate(report: CardReport, card: Card, indexes: list[int]) -> None:
    """CG112: only Equipment has an equip ability."""
    for index in indexes:
        if "Equipment" not in card.subtypes:
            report.add("CG112", "`kind: equip` is only for Equipment; add subtype `Equipment` or remove it",
                       ("abilities", index, "kind"))


# --------------------------------------------------------------------------------------------- scaffold

def _scaffold_guess(line: str, spell: bool) -> str | bool:
    equip = re.fullmatch(r"Equip (\{[^ ]+\})", line)
    return f"{{kind: equip, cost: '{equip.group(1)}'}}" if equip else False


# --------------------------------------------------------------------------------------------- resolver

_RULE_RESOLVE_EFFECT = Attach.model_construct(  # a valid value; validating it would build Attach at import
    effect="attach", what="self", to=TargetSubject(target=Target(types=["creature"], controller="you")))
"""What an equip ability does as it resolves: "Attach to target creature you control. Equip only as a
sorcery." (702.6a); the resolver's equip activation puts it on the stack."""


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="equip", model=EquipAbility,
    text=AbilityText(
        phrasings={"ability": [Form("equip {c:mana}", {"kind": "equip", "cost": V("c")})]},
        order=2,
        compose=_text_compose,
        guess=_scaffold_guess,
        line=_line,
    ),
    canonical=AbilityCanonical(order=2),
    checks=AbilityChecks(structure=_validate),
    forge=ForgeAbility(
        keyword=_forge,
        read_keyword=_forge_read,
    ),
    xmage=XMageAbility(
        block=_xmage,
        read_added=_xmage_read,
    ),
    rule=AbilityRule(resolve_effect=_RULE_RESOLVE_EFFECT),
)
