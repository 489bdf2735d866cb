"""The `spells_cost_less` ability: "Instant and sorcery spells you cast cost {1} less to cast." (601.2f).

A static ability of a permanent that changes the total cost of other spells: while the permanent is on the
battlefield, each spell its controller casts that `spells` matches costs `amount` generic mana less as its
total cost is determined (601.2f: reductions take only the generic part, never below {0}; a spell the
permanent's opponent casts is not reduced). It is checked as the spell is cast, so a permanent that arrives
later reduces nothing already cast. Forge: a `Mode$ ReduceCost` static of the permanent, `ValidCard$` the
spells, `Activator$ You` the caster (forge-game cost/CostAdjustment.java checkRequirement: `ValidCard`,
`Activator`, `Type$ Spell`; applyReduceCostAbility takes off `Amount$` generic mana). XMage:
`new SimpleStaticAbility(new SpellsCostReductionControllerEffect(filter, 1))`, whose rules text is the
filter's message and " you cast cost {1} less to cast" (its `createStaticText`), so the filter's message is
the printed noun phrase ("instant and sorcery spells"), as XMage's own cards word it.
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
"""The largest reduction the forms say ("cost {9} less")."""


# ------------------------------------------------------------------------------------------ the spec model

class SpellsCostLess(AbilityBase):
    """"<Spells> you cast cost {N} less to cast.": `amount` generic mana less for each spell its permanent's
    controller casts that `spells` matches (a filter of spells: `zone: stack`)."""

    kind: Literal["spells_cost_less"]
    text: OracleLine
    amount: Annotated[int, Field(ge=1, le=MAX_REDUCTION)] = 1
    spells: ObjectFilter


# ------------------------------------------------------------------------------------ text and phrasing

INSTANTS_AND_SORCERIES = {"zone": "stack", "types": ["instant", "sorcery"]}
""""Instant and sorcery spells": each spell that is an instant or a sorcery (the printed "and" of a plural:
every spell of either type), which the filter phrases say with "or" in the singular."""


def _amount(n: int) -> dict[str, int]:
    return {"amount": n} if n != 1 else {}


_PHRASINGS = {
    "ability": [
        *(Form(f"instant and sorcery spells you cast cost {{{n}}} less to cast.",
               {"kind": "spells_cost_less", **_amount(n), "spells": INSTANTS_AND_SORCERIES})
          for n in range(1, MAX_REDUCTION + 1)),
        *(Form(f"{{f:filter_pl}} you cast cost {{{n}}} less to cast.",
               {"kind": "spells_cost_less", **_amount(n), "spells": V("f")})
          for n in range(1, MAX_REDUCTION + 1)),
    ],
}


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    """A permanent's line about the spells its controller casts; the spells filter is one of spells."""
    spells = result.get("spells")
    if spell or not isinstance(spells, dict) or spells.get("zone") != "stack":
        return None
    return {**result, "text": line}


def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    return {key: value for key, value in ability.items() if key != "text"}


def _guess(line: str, spell: bool) -> bool:
    return not spell and " you cast cost {" in line


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, ability: SpellsCostLess) -> Static:
    """`S:Mode$ ReduceCost | ValidCard$ Instant,Sorcery | Type$ Spell | Activator$ You | Amount$ 1 |
    Description$ ...`."""
    return b.Static("ReduceCost", [("ValidCard", b.valid(ability.spells)), ("Type", "Spell"), ("Activator", "You"),
                                   ("Amount", str(ability.amount))],
                    b.describe(ability.text, "a cost reduction text"))


def _forge_read(r: ScriptReader, params: list[tuple[str, str]]) -> dict[str, Any] | None:
    """The `Mode$ ReduceCost` line `_forge` writes (the caster's spells: `Activator$ You`); None otherwise."""
    values = dict(params)
    if values.get("Mode") != "ReduceCost" or values.get("Activator") != "You" or values.get("Type") != "Spell":
        return None
    known = {"Mode", "ValidCard", "Type", "Activator", "Amount", "Description"}
    if set(values) - known or not values.get("Amount", "").isdigit() or "ValidCard" not in values:
        return None
    parsed = r.read_valid(values["ValidCard"], "stack")
    if parsed.error or parsed.flags:
        return None
    ability: dict[str, Any] = {"kind": CONSTRUCT.kind, "spells": {"zone": "stack", **parsed.fields},
                               "text": r.undescribe(values.get("Description", ""))}
    if int(values["Amount"]) != 1:
        ability["amount"] = int(values["Amount"])
    return ability


def _forge_deck_hints(ability: SpellsCostLess) -> tuple[tuple[str, str, str], ...]:
    """Cheaper spells of some types want those types in the deck: `DeckHints:Type$Instant|Sorcery`, as Forge's
    own Stormcatch Mentor says (forge-ai's deck building reads `DeckHints`)."""
    types = ability.spells.types
    return (("DeckHints", "Type", "|".join(word.capitalize() for word in types)),) if types else ()


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, ability: SpellsCostLess) -> Block:
    """`new SimpleStaticAbility(new SpellsCostReductionControllerEffect(filter, 1))`, the filter a card filter
    (the effect matches the spell's card) whose message is the printed noun phrase."""
    words = ability.text.split(" you cast ", 1)[0]
    block = w.Block(ability.text, rules=ability.text)
    cards = ability.spells.model_copy(update={"zone": "hand"})
    spells = w.Raw(w.filters.add(cards, message=words[:1].lower() + words[1:]))
    effect = w.new(w.use("SpellsCostReductionControllerEffect"), spells, ability.amount)
    block.body.append(w.stmt(w.call("this", "addAbility", w.new(w.use("SimpleStaticAbility"), effect))))
    return block


def _xmage_read(r: ClassReader, value: Any, aura: Any, node: Any) -> dict[str, Any] | None:
    """`addAbility(new SimpleStaticAbility(new SpellsCostReductionControllerEffect(filter, N)))`."""
    if not (isinstance(value, r.New) and value.cls == "SimpleStaticAbility" and len(value.args) == 1):
        return None
    effect = value.args[0]
    if not (isinstance(effect, r.New) and effect.cls == "SpellsCostReductionControllerEffect"
            and len(effect.args) == 2):
        return None
    fields, _ = r.filters.selector(effect.args[0].flat(), node, "stack")
    ability: dict[str, Any] = {"kind": CONSTRUCT.kind, "text": "", "spells": {**fields, "zone": "stack"}}
    amount = r.int_of(effect.args[1], node)
    if amount != 1:
        ability["amount"] = amount
    return ability


# --------------------------------------------------------------------------------------------- resolver

def _reduction(state: GameState, permanent: GameObject, ability: SpellsCostLess, spell: GameObject,
               caster: str) -> int:
    """601.2f: `amount` less for a spell its permanent's controller casts that the filter matches."""
    from cardgen.game import continuous, filters

    if continuous.controller_of(state, permanent) != caster:
        return 0
    as_cast = ability.spells.model_copy(update={"zone": spell.zone})  # the card, as it becomes the spell (601.2a)
    return ability.amount if filters.matches(state, spell, as_cast, caster, permanent.oid) else 0


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="spells_cost_less", model=SpellsCostLess,
    text=AbilityText(
        phrasings=_PHRASINGS,
        order=1,
        compose=_text_compose,
        render=_text_render,
        guess=_guess,
    ),
    canonical=AbilityCanonical(order=1),
    forge=ForgeAbility(
        mode_static=_forge,
        read_mode_static=_forge_read,
        deck_hints=_forge_deck_hints,
    ),
    xmage=XMageAbility(
        block=_xmage,
        read_added=_xmage_read,
    ),
    rule=AbilityRule(spells_cost_less=_reduction),
)
