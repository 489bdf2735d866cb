"""The `enchant` ability: "Enchant creature", what an Aura can be attached to."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal, get_args

from cardgen.model.parts import AbilityBase, ObjectFilter, Target, TypeWord, filter_words
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

class EnchantAbility(AbilityBase):
    """"Enchant creature": what the Aura can be attached to; the text is derived."""

    kind: Literal["enchant"]
    filter: ObjectFilter


# ------------------------------------------------------------------------------------ text and phrasing


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    """An Aura's line: no reading on an instant or sorcery."""
    return None if spell else result


def _line(ability: EnchantAbility) -> str:
    """"Enchant creature": what it enchants, in words."""
    return f"Enchant {filter_words(ability.filter)}"


# ------------------------------------------------------------------------------------------------ Forge


def _forge(b: ScriptBuilder, ability: EnchantAbility) -> Keyword:
    """`K:Enchant:Creature`, with the description when the valid expression is no plain type."""
    return b.enchant_keyword(ability.filter)


def _forge_read(r: ScriptReader, value: str) -> list[dict[str, Any]] | None:
    """`K:Enchant:Creature[:description]` (or Forge's older `K:Enchant creature`)."""
    if not (value.startswith("Enchant:") or value.startswith("Enchant ")):
        return None
    valid = value[len("Enchant:"):].split(":")[0] if ":" in value else value[len("Enchant "):]
    parsed = r.read_valid(valid)
    if parsed.error or parsed.flags:
        r.report("FG203", f"K:{value}: {parsed.error or 'unsupported restriction'}")
        return []
    return [{"kind": CONSTRUCT.kind, "filter": parsed.fields}]


_RESTATED_NEUTRAL = frozenset({"AILogic", "TgtPrompt", "SpellDescription", "StackDescription"})


def _forge_restated(r: ScriptReader, params: list[tuple[str, str]], abilities: list[dict[str, Any]]) -> bool:
    """Forge's older Aura scripts (its own Feather of Flight, Colossification) spell the Aura spell out:
    `K:Enchant creature` and `A:SP$ Attach | ValidTgts$ Creature | AILogic$ Pump`. The spell is the
    Aura's own (303.4a, 601.2c: an Aura spell targets what it can enchant; AttachEffect attaches the host
    to its target, forge-game/src/main/java/forge/game/ability/effects/AttachEffect.java), so a line that
    attaches to exactly what the enchant keyword names, and does nothing else, is the keyword again."""
    if not params or params[0] != ("SP", "Attach"):
        return False
    rest = dict(params[1:])
    if "SubAbility" in rest or "Defined" in rest or "Object" in rest:
        return False
    valid = rest.get("ValidTgts")
    if valid is None or set(rest) - {"ValidTgts", "Cost"} - _RESTATED_NEUTRAL:
        return False
    parsed = r.read_valid(valid)
    if parsed.error or parsed.flags:
        return False
    return any(a.get("kind") == CONSTRUCT.kind and a.get("filter") == parsed.fields for a in abilities)


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, ability: EnchantAbility) -> Block:
    """The aura target and `AttachEffect` on the spell ability, then `EnchantAbility(auraTarget)`."""
    block = w.Block(_line(ability), rules=_line(ability))
    target = Target(**ability.filter.model_dump())
    if target.zone != "battlefield":
        raise w.Unsupported("Auras here enchant permanents")
    cls = w.use("TargetPermanent")
    block.body.append(w.assign(f"{cls} auraTarget", w.target(target)))
    block.body.append(w.stmt(w.call("this.getSpellAbility()", "addTarget", w.Raw("auraTarget"))))
    block.body.append(w.stmt(w.call("this.getSpellAbility()", "addEffect",
                                     w.new(w.use("AttachEffect"), w.const("Outcome.BoostCreature")))))
    block.body.append(w.stmt(w.call("this", "addAbility", w.new(w.use("EnchantAbility"), w.Raw("auraTarget")))))
    return block


def _xmage_read(r: ClassReader, added: Any, aura: Any, node: Any) -> dict[str, Any] | None:
    """`new EnchantAbility(auraTarget)`, the filter from the aura target declared before it."""
    if not (isinstance(added, r.New) and added.cls == "EnchantAbility"):
        return None
    if aura is None:
        raise r.ReadError("EnchantAbility without an aura target", node=node)
    target = r.read_target(aura, r.filters, node)
    target.pop("min", None)
    target.pop("max", None)
    return {"kind": CONSTRUCT.kind, "filter": target}


# --------------------------------------------------------------------------------------- canonical form


def _canonical(c: Any, ability: dict[str, Any]) -> dict[str, Any] | None:
    ability["filter"] = c.filter(ability["filter"])
    return ability


# ------------------------------------------------------------------------------------------- validation

def _validate(report: CardReport, card: Card, indexes: list[int]) -> None:
    """CG111: an Aura says once what it enchants, and only an Aura does."""
    is_aura = "Aura" in card.subtypes
    if indexes and not is_aura:
        report.add("CG111", "`kind: enchant` is only for Auras; add subtype `Aura` or remove it",
                   ("abilities", indexes[0], "kind"))
    elif is_aura and len(indexes) != 1:
        where = ("abilities", indexes[1], "kind") if indexes else ("subtypes",)
        report.add("CG111", f"an Aura has exactly one `kind: enchant` ability; found {len(indexes)}", where)


# --------------------------------------------------------------------------------------------- scaffold

def _scaffold_guess(line: str, spell: bool) -> str | bool:
    enchant = re.fullmatch(r"Enchant (\w+)", line)
    if enchant and enchant.group(1) in get_args(TypeWord):
        return f"{{kind: enchant, filter: {{types: [{enchant.group(1)}]}}}}"
    return False


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="enchant", model=EnchantAbility,
    text=AbilityText(
        phrasings={"ability": [Form("enchant {f:filter_sg}", {"kind": "enchant", "filter": V("f")})]},
        order=1,
        compose=_text_compose,
        guess=_scaffold_guess,
        line=_line,
    ),
    canonical=AbilityCanonical(
        order=1,
        rewrite=_canonical,
    ),
    checks=AbilityChecks(structure=_validate),
    forge=ForgeAbility(
        # The card is an Aura (`K:Enchant`): its effects on "enchanted" objects are read that way.
        aura=True,
        keyword=_forge,
        read_keyword=_forge_read,
        read_restated=_forge_restated,
    ),
    xmage=XMageAbility(
        block=_xmage,
        read_added=_xmage_read,
    ),
)
