"""The `equip` ability: "Equip {3}"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.derive import ability_text
from cardgen.spec.model import EquipAbility
from cardgen.vocab.construct import AbilityConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.script import Keyword
    from cardgen.engines.xmage.lower import Block, CardLowering

CONSTRUCT = AbilityConstruct("equip", EquipAbility)


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_keyword")
def _forge(b: ScriptBuilder, ability: EquipAbility) -> Keyword:
    """`K:Equip:3`."""
    return b.Keyword("Equip", (b.mana(ability.cost),))


@CONSTRUCT.slot("forge_read_keyword")
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

@CONSTRUCT.slot("xmage_block")
def _xmage(w: CardLowering, ability: EquipAbility) -> Block:
    """`new EquipAbility(3, false)`, or with `ManaCostsImpl` when the cost has coloured mana."""
    block = w.Block(ability_text(ability), rules=ability_text(ability))
    cost = ability.cost
    if all(symbol.is_generic for symbol in cost.symbols) and cost.symbols:
        equip = w.new(w.use("EquipAbility"), cost.generic, w.Raw("false"))
    else:
        mana = w.new(f"{w.use('ManaCostsImpl')}<>", w.Str(str(cost)))
        equip = w.new(w.use("EquipAbility"), w.const("Outcome.AddAbility"), mana, w.Raw("false"))
    block.lines.append(w.stmt(w.call("this", "addAbility", equip)))
    return block
