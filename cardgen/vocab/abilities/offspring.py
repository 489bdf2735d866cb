"""The `offspring` ability: "Offspring {2}" (702.175, Bloomburrow).

702.175a: offspring is two abilities, a static one that works while the spell is on the stack — "You may pay
an additional [cost] as you cast this spell" (an optional additional cost, paid by 601.2b and 601.2f-h) —
and a triggered one — "When this permanent enters, if its offspring cost was paid, create a token that's a
copy of it, except it's 1/1." The spec states only the keyword and its cost; the trigger is derived
(`model.derive.offspring_trigger`), as both engines derive it from their keyword. The token copy was never
cast, so its own offspring cost was never paid and its offspring never triggers (702.175a, ruling)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.mana import ManaCostField
from cardgen.model.parts import AbilityBase
from cardgen.vocab.construct import (
    AbilityCanonical,
    AbilityChecks,
    AbilityConstruct,
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
    from cardgen.model.card import Card
    from cardgen.validate.context import CardReport


# ------------------------------------------------------------------------------------------ the spec model

class OffspringAbility(AbilityBase):
    """"Offspring {2}" (702.175a); the text and the trigger are derived."""

    kind: Literal["offspring"]
    cost: ManaCostField


# ------------------------------------------------------------------------------------ text and phrasing

def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    """A permanent spell's keyword: no reading on an instant or sorcery."""
    return None if spell else result


def _line(ability: OffspringAbility) -> str:
    """"Offspring {2}" (the printed reminder text after it is accepted too, 207.2)."""
    return f"Offspring {ability.cost}"


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, ability: OffspringAbility) -> Keyword:
    """`K:Offspring:2` (CardFactoryUtil: an optional cost, `OptionalCost.Offspring`, and the enters trigger
    with `OptionalCost$ Offspring` that copies the card with `SetPower$ 1 | SetToughness$ 1`)."""
    return b.Keyword("Offspring", (b.mana(ability.cost),))


def _forge_read(r: ScriptReader, value: str) -> list[dict[str, Any]] | None:
    """`K:Offspring:<cost>`."""
    if not value.startswith("Offspring:"):
        return None
    cost = value[len("Offspring:"):]
    try:
        return [{"kind": CONSTRUCT.kind, "cost": r.spec_mana(cost) or "{0}"}]
    except ValueError as error:
        r.report("FG200", f"K:{value}: {error}")
        return []


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, ability: OffspringAbility) -> Block:
    """`this.addAbility(new OffspringAbility("{2}"));` (the framework adds the optional cost and the enters
    trigger with its intervening "if", `OffspringCondition`)."""
    block = w.Block(_line(ability), rules=_line(ability))
    block.body.append(w.stmt(w.call("this", "addAbility", w.new(w.use("OffspringAbility"), w.Str(str(ability.cost))))))
    return block


def _xmage_read(r: ClassReader, added: Any, aura: Any, node: Any) -> dict[str, Any] | None:
    """`new OffspringAbility("{2}")`."""
    if not (isinstance(added, r.New) and added.cls == "OffspringAbility"):
        return None
    if len(added.args) == 1 and isinstance(added.args[0], r.Str):
        return {"kind": CONSTRUCT.kind, "cost": added.args[0].value}
    raise r.ReadError(f"offspring cost not understood: {added.flat()[:80]}", node=node)


# ------------------------------------------------------------------------------------------- validation

def _validate(report: CardReport, card: Card, indexes: list[int]) -> None:
    """CG136: offspring makes a token copy of a creature that entered (702.175a): only a creature card has
    it; and one instance is what every printed card has (702.175b's several are not modelled)."""
    for position, index in enumerate(indexes):
        if "Creature" not in card.types:
            report.add("CG136", "`kind: offspring` is only for creature cards (702.175a); add type `Creature` or "
                       "remove it", ("abilities", index, "kind"))
        elif position:
            report.add("CG136", "a second offspring ability is not supported; keep one (702.175b)",
                       ("abilities", index, "kind"))


# --------------------------------------------------------------------------------------------- scaffold

def _scaffold_guess(line: str, spell: bool) -> str | bool:
    offspring = re.fullmatch(r"Offspring ((?:\{[^ }]+\})+)(?: \(.*\))?", line)
    return f"{{kind: offspring, cost: '{offspring.group(1)}'}}" if offspring else False


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="offspring", model=OffspringAbility,
    text=AbilityText(
        phrasings={"ability": [Form("offspring {c:mana}", {"kind": "offspring", "cost": V("c")})]},
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
)
