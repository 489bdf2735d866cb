"""The `affinity` ability: "Affinity for Lizards (This spell costs {1} less to cast for each Lizard you
control.)" (702.41).

702.41a: affinity is a static ability that functions while the spell with it is on the stack; "Affinity for
[text]" means "This spell costs you {1} less to cast for each [text] you control." 702.41b: several instances
are cumulative. The reduction applies as the spell's total cost is determined (601.2f: to its generic part
only, never below {0}). Forge writes it `K:Affinity:Lizard` (forge-game card/CardFactoryUtil.java makes the
keyword a ReduceCost static over the permanents of that type the caster controls); XMage
`new AffinityAbility(AffinityType.LIZARDS)` (mage.constants.AffinityType).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import AbilityBase, SubtypeName
from cardgen.model.subtypes import plural
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
    from cardgen.engines.forge.script import Keyword as ForgeKeyword
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.engines.xmage.reader import ClassReader
    from cardgen.game.objects import GameObject
    from cardgen.game.state import GameState

XMAGE_AFFINITY_TYPES = {
    "Plains": "PLAINS", "Island": "ISLANDS", "Swamp": "SWAMPS", "Mountain": "MOUNTAINS", "Forest": "FORESTS",
    "Ally": "ALLIES", "Aura": "AURAS", "Bird": "BIRDS", "Citizen": "CITIZENS", "Dalek": "DALEKS", "Elf": "ELVES",
    "Equipment": "EQUIPMENT", "Food": "FOOD", "Frog": "FROGS", "Gate": "GATES", "Human": "HUMANS",
    "Knight": "KNIGHTS", "Lizard": "LIZARDS", "Sliver": "SLIVERS", "Spirit": "SPIRITS", "Town": "TOWNS",
}
"""The subtypes XMage's `AffinityType` has a member for, and the member (read from magefree/mage
Mage/src/main/java/mage/constants/AffinityType.java at bb9895f947872753145ecbc2a7af9da2d9e6b0cd)."""


# ------------------------------------------------------------------------------------------ the spec model

class Affinity(AbilityBase):
    """"Affinity for Lizards" (702.41a): the spell costs {1} less to cast for each permanent of that subtype
    its caster controls. The line is derived ("Affinity for Lizards"; its reminder text may follow)."""

    kind: Literal["affinity"]
    affinity: SubtypeName


# ------------------------------------------------------------------------------------ text and phrasing

def _line(ability: Affinity) -> str:
    return f"Affinity for {_plural(ability.affinity)}"


def _plural(subtype: str) -> str:
    """The subtype as the keyword prints it: "Lizards", "Elves"; a subtype that is its own plural as it is."""
    return subtype if subtype in ("Plains", "Equipment", "Food") else plural(subtype)


_PHRASINGS = {"ability": [Form("affinity for {f:filter_pl}", {"kind": "affinity", "affinity": V("f")})]}
"""The subtype as a plural noun ("Lizards"), read as the filter of that subtype."""


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    """Affinity for one subtype: the filter the words read is that subtype and nothing else."""
    said = result["affinity"]
    if not isinstance(said, dict) or set(said) != {"subtypes"} or len(said["subtypes"]) != 1:
        return None
    return {"kind": CONSTRUCT.kind, "affinity": said["subtypes"][0]}


def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    return {"kind": CONSTRUCT.kind, "affinity": {"subtypes": [ability["affinity"]]}}


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, ability: Affinity) -> ForgeKeyword:
    """`K:Affinity:Lizard`."""
    return b.Keyword(f"Affinity:{ability.affinity}")


def _forge_read(r: ScriptReader, value: str) -> list[dict[str, Any]] | None:
    kind, _, subtype = value.strip().partition(":")
    if kind != "Affinity" or not subtype.isalpha() or not subtype[:1].isupper():
        return None
    return [{"kind": CONSTRUCT.kind, "affinity": subtype}]


def _forge_deck_hints(ability: Affinity) -> tuple[tuple[str, str, str], ...]:
    """`DeckHints:Type$Lizard`: the deck wants permanents of the subtype, as Forge's own scripts say."""
    return (("DeckHints", "Type", ability.affinity),)


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, ability: Affinity) -> Block:
    """`this.addAbility(new AffinityAbility(AffinityType.LIZARDS));`."""
    member = XMAGE_AFFINITY_TYPES.get(ability.affinity)
    if member is None:
        raise w.Unsupported(f"XMage's AffinityType has no member for {ability.affinity}")
    block = w.Block(_line(ability), rules=_line(ability))
    added = w.new(w.use("AffinityAbility"), w.Raw(f"{w.use('AffinityType')}.{member}"))
    block.body.append(w.stmt(w.call("this", "addAbility", added)))
    return block


def _xmage_read(r: ClassReader, added: Any, aura: Any, node: Any) -> dict[str, Any] | None:
    if not (isinstance(added, r.New) and added.cls == "AffinityAbility" and len(added.args) == 1):
        return None
    member = added.args[0].flat().removeprefix("AffinityType.")
    subtype = next((name for name, known in XMAGE_AFFINITY_TYPES.items() if known == member), None)
    if subtype is None:
        raise r.ReadError(f"affinity {added.args[0].flat()} not read", node=node)
    return {"kind": CONSTRUCT.kind, "affinity": subtype}


# --------------------------------------------------------------------------------------------- resolver

def _reduction(state: GameState, spell: GameObject, ability: Affinity, caster: str) -> int:
    """702.41a: {1} less for each permanent of the subtype the caster controls (changelings count,
    702.73a), as the total cost is determined (601.2f)."""
    from cardgen.game import continuous

    counted = [obj for obj in (state.objects[oid] for oid in state.battlefield)
               if not obj.phased_out and continuous.controller_of(state, obj) == caster
               and obj.chars.has_subtype(ability.affinity)]
    return len(counted)


# --------------------------------------------------------------------------------------------- scaffold

def _scaffold_guess(line: str, spell: bool) -> str | bool:
    return line.startswith("Affinity for ")


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="affinity", model=Affinity,
    text=AbilityText(
        phrasings=_PHRASINGS,
        order=0,
        compose=_text_compose,
        render=_text_render,
        guess=_scaffold_guess,
        line=_line,
    ),
    canonical=AbilityCanonical(order=0),
    forge=ForgeAbility(
        keyword=_forge,
        read_keyword=_forge_read,
        deck_hints=_forge_deck_hints,
    ),
    xmage=XMageAbility(
        block=_xmage,
        read_added=_xmage_read,
    ),
    rule=AbilityRule(cost_reduction=_reduction),
)
