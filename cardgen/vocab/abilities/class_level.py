"""The `class_level` ability: a Class's levels (716, Adventures in the Forgotten Realms; Bloomburrow's Talents).

A Class card's text box is in sections: the reminder "(Gain the next level as a sorcery to add its ability.)"
and the level 1 abilities, then "{W}: Level 2" and the level 2 abilities, then "{4}{W}: Level 3" and the level
3 abilities. A spec lists them in that order, flat: `{kind: class_level, level: 1}` stands for the reminder
line (the start of level 1), `{kind: class_level, level: 2, cost: '{W}'}` for the level 2 line, and every
ability after one of them, up to the next, is of that level (`model.derive.class_levels`).

- 716.2a: "[Cost]: Level N" is an activated ability, "[Cost]: This Class's level becomes N. Activate only if
  this Class is level N-1 and only as a sorcery." (the rule `activation`; its effect is `gain_level`).
- 716.2b: a Class has the abilities of its level and of every lower level only: the abilities of level N are
  the permanent's while its level is N or greater (the rule `level`; the resolver's triggers, statics and
  activated abilities ask it).
- 716.2c: "When this Class becomes level N" triggers as its level becomes N (the `class_level` event).
- 716.2d: a Class's level is a designation of the permanent (not a counter): it enters as level 1, and a new
  object (one that left the battlefield and came back) is level 1 again (400.7).

Forge writes a level as `K:Class:<N>:<cost>[:AddTrigger$ ... | AddStaticAbility$ ...]` with the level's
abilities in SVars (forge-game CardFactoryUtil: the keyword is `AB$ ClassLevelUp | Cost$ <cost> | ClassLevel$
EQ<N-1> | SorcerySpeed$ True`, and its abilities a static of `ClassLevel$ N` that adds them); XMage as
`new ClassReminderAbility()`, `new ClassLevelAbility(N, "<cost>")`, and each later ability of the level
inside `new SimpleStaticAbility(new GainClassAbilitySourceEffect(<ability>, N))`, but for the level's own
"When this Class becomes level N" trigger, which XMage's Classes add as it is (its event is the level
gained, so it must exist as the level is set).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from cardgen.model.mana import ManaCostField
from cardgen.model.parts import AbilityBase
from cardgen.vocab.abilities.activated import ActivatedAbility, ActivationCost
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
    from typing import Annotated

    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.script import Keyword
    from cardgen.engines.xmage.java_expr import Expr
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.engines.xmage.reader import ClassReader
    from cardgen.game.objects import GameObject
    from cardgen.game.state import GameState
    from cardgen.model.card import Card
    from cardgen.validate.context import CardReport

    Level = Annotated[int, Field(ge=1, le=9)]
else:
    from typing import Annotated

    Level = Annotated[int, Field(ge=1, le=9)]

REMINDER = "(Gain the next level as a sorcery to add its ability.)"
"""The reminder text every Class prints first (716.2a), the line of its level 1."""


# ------------------------------------------------------------------------------------------ the spec model

class ClassLevel(AbilityBase):
    """The start of a level of a Class: level 1 is the reminder line (no cost), level N "[cost]: Level N";
    the text is derived."""

    kind: Literal["class_level"]
    level: Level
    cost: ManaCostField | None = None


def _level(ability: Any) -> int:
    """The level whose abilities follow this one (data or model)."""
    return int(ability["level"] if isinstance(ability, dict) else ability.level)


# ------------------------------------------------------------------------------------ text and phrasing

def _line(ability: ClassLevel) -> str:
    """The reminder for level 1, "{W}: Level 2" for a later level."""
    if ability.level == 1 or ability.cost is None:
        return REMINDER
    return f"{ability.cost}: Level {ability.level}"


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    """A Class's line: no reading on an instant or sorcery."""
    return None if spell else result


def _scaffold_guess(line: str, spell: bool) -> str | bool:
    if line == REMINDER:
        return "{kind: class_level, level: 1}"
    level = re.fullmatch(r"((?:\{[^ }]+\})+): Level ([2-9])", line)
    return f"{{kind: class_level, level: {level.group(2)}, cost: '{level.group(1)}'}}" if level else False


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, ability: ClassLevel) -> Keyword | None:
    """`K:Class:2:W:AddTrigger$ Level2Trigger` (the level's abilities, which the builder wrote as SVars:
    `b.level_grants`); level 1 has no line (Forge prints the reminder from the `Oracle:` line only)."""
    if ability.level == 1 or ability.cost is None:
        return None
    grants = b.level_grants(ability.level)
    args = [str(ability.level), b.mana(ability.cost)]
    if grants:
        args.append(" | ".join(f"{param}$ {' & '.join(names)}" for param, names in grants))
    return b.Keyword("Class", tuple(args))


_GRANT_PARAMS = ("AddTrigger", "AddStaticAbility", "AddReplacementEffect")


def _forge_read(r: ScriptReader, value: str) -> list[dict[str, Any]] | None:
    """`K:Class:<N>:<cost>[:<params>]`: the level and, read from the SVars its params name, the level's
    abilities (each marked with its level, so the reader places them after the card's own lines)."""
    if not value.startswith("Class:"):
        return None
    parts = value.split(":", 3)
    if len(parts) < 3 or not parts[1].isdigit():
        r.report("FG200", f"K:{value}: a Class level is `Class:<level>:<cost>[:<abilities>]`")
        return []
    level = int(parts[1])
    try:
        cost = r.spec_mana(parts[2]) or "{0}"
    except ValueError as error:
        r.report("FG200", f"K:{value}: {error}")
        return []
    read: list[dict[str, Any]] = []
    if level == 2:
        read.append({"kind": CONSTRUCT.kind, "level": 1, "_level": 0})
    read.append({"kind": CONSTRUCT.kind, "level": level, "cost": cost, "_level": level})
    for param, names in r.params_of(parts[3]) if len(parts) == 4 else ():
        if param not in _GRANT_PARAMS:
            r.report("FG201", f"K:{value}: unknown parameter {param}$")
            continue
        for name in (n.strip() for n in names.split("&")):
            for ability in r.read_granted(param, name):
                read.append({**ability, "_level": level})
    return read


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, ability: ClassLevel) -> Block:
    """`new ClassReminderAbility()` for level 1, `new ClassLevelAbility(2, "{W}")` for a later level."""
    line = _line(ability)
    block = w.Block(line, rules=line)
    if ability.level == 1 or ability.cost is None:
        added = w.new(w.use("ClassReminderAbility"))
    else:
        added = w.new(w.use("ClassLevelAbility"), w.Raw(str(ability.level)), w.Str(str(ability.cost)))
    block.body.append(w.stmt(w.call("this", "addAbility", added)))
    return block


def _xmage_wrap(w: CardLowering, gate: ClassLevel, ability: Any, added: Expr) -> Expr:
    """`new SimpleStaticAbility(new GainClassAbilitySourceEffect(<ability>, N))`; the level's own "When this
    Class becomes level N" trigger as it is (XMage fires the level's event as the level is set, before its
    continuous effects are applied again)."""
    if _becomes_this_level(gate, ability):
        return added
    gain = w.new(w.use("GainClassAbilitySourceEffect"), added, w.Raw(str(gate.level)))
    return w.new(w.use("SimpleStaticAbility"), gain)


def _becomes_this_level(gate: ClassLevel, ability: Any) -> bool:
    event = getattr(ability, "event", None)
    return getattr(event, "class_level", None) == gate.level


def _xmage_read(r: ClassReader, added: Any, aura: Any, node: Any) -> dict[str, Any] | None:
    """`new ClassReminderAbility()`, `new ClassLevelAbility(2, "{W}")`."""
    if not isinstance(added, r.New):
        return None
    if added.cls == "ClassReminderAbility" and not added.args:
        return {"kind": CONSTRUCT.kind, "level": 1}
    if added.cls != "ClassLevelAbility":
        return None
    args = list(added.args)
    if len(args) == 2 and isinstance(args[0], r.Raw) and args[0].text.isdigit() and isinstance(args[1], r.Str):
        return {"kind": CONSTRUCT.kind, "level": int(args[0].text), "cost": args[1].value}
    raise r.ReadError(f"class level not understood: {added.flat()[:80]}", node=node)


def _xmage_unwrap(r: ClassReader, added: Any) -> Any:
    """`new SimpleStaticAbility(new GainClassAbilitySourceEffect(X, N))`: the ability X (an ability built in
    `ability` or a `new ...Ability(...)`), or, for an effect X (XMage's own Classes give a static effect that
    way), `new SimpleStaticAbility(X)`."""
    if not (isinstance(added, r.New) and added.cls == "SimpleStaticAbility" and len(added.args) == 1):
        return None
    gain = added.args[0]
    if not (isinstance(gain, r.New) and gain.cls == "GainClassAbilitySourceEffect" and len(gain.args) == 2):
        return None
    inner = gain.args[0]
    built: Any = inner
    while getattr(built, "method", None) is not None and getattr(built, "receiver", None) is not None:
        built = built.receiver  # `new ...Ability(...).withInterveningIf(...)`: the ability with its calls
    if inner == r.Raw("ability") or (isinstance(built, r.New) and built.cls.endswith("Ability")):
        return inner
    return r.New("SimpleStaticAbility", (inner,))


# ------------------------------------------------------------------------------------------- validation

def _validate(report: CardReport, card: Card, indexes: list[int]) -> None:
    """CG161: a Class's levels are its first ability (level 1, the reminder, no cost), then levels 2, 3, ...
    in order, each with a mana cost (716.2a); only a Class has them, and a Class has them."""
    is_class = "Class" in card.subtypes
    if not indexes:
        if is_class:
            report.add("CG161", "a Class needs its levels: `{kind: class_level, level: 1}` first (the reminder "
                       "line), then `{kind: class_level, level: 2, cost: ...}` before the level 2 abilities",
                       ("subtypes",))
        return
    if not is_class:
        report.add("CG161", "`kind: class_level` is only for a Class; add subtype `Class` or remove it",
                   ("abilities", indexes[0], "kind"))
        return
    if indexes[0] != 0:
        report.add("CG161", "a Class's first ability is its level 1 line (the reminder), "
                   "`{kind: class_level, level: 1}`", ("abilities", indexes[0]))
    for expected, index in enumerate(indexes, start=1):
        ability = card.abilities[index]
        level, cost = ability.level, ability.cost  # type: ignore[attr-defined]
        if level != expected:
            report.add("CG161", f"the Class's levels go 1, 2, 3 in order: this one should be level {expected}",
                       ("abilities", index, "level"))
        elif level == 1 and cost is not None:
            report.add("CG161", "level 1 is the level a Class enters with: it has no cost (remove `cost`)",
                       ("abilities", index, "cost"))
        elif level > 1 and cost is None:
            report.add("CG161", f"level {level} is gained by an activated ability: give it its `cost` "
                       "('{W}' of \"{W}: Level 2\")", ("abilities", index))


# --------------------------------------------------------------------------------------------- resolver

class LevelActivation(ActivatedAbility):
    """"[Cost]: This Class's level becomes N. Activate only if this Class is level N-1 and only as a
    sorcery." (716.2a): an activated ability (every field of one, its defaults too), with its restriction."""

    level: int = 2

    def restriction(self, state: GameState, obj: GameObject) -> str | None:
        if obj.class_level != self.level - 1:
            return (f"{obj.name} is level {obj.class_level}: its level {self.level} ability can be activated only "
                    f"while it is level {self.level - 1} (716.2a)")
        return None


def _activation(ability: ClassLevel) -> LevelActivation | None:
    """Level 1 has no activated ability (a Class enters as level 1)."""
    if ability.level == 1 or ability.cost is None:
        return None
    from cardgen.vocab.effects.gain_level import GainLevel

    gain = GainLevel.model_construct(effect="gain_level", level=ability.level)
    return LevelActivation.model_construct(  # valid values; validating them would build the models at each call
        kind="activated", text=_line(ability), cost=ActivationCost.model_construct(mana=ability.cost),
        effects=[gain], timing="sorcery", level=ability.level)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="class_level", model=ClassLevel,
    text=AbilityText(
        phrasings={"ability": [
            Form("(gain the next level as a sorcery to add its ability.)", {"kind": "class_level", "level": 1}),
            Form("{c:mana}: level {n:number}", {"kind": "class_level", "level": V("n"), "cost": V("c")}),
        ]},
        order=2,
        compose=_text_compose,
        guess=_scaffold_guess,
        line=_line,
    ),
    canonical=AbilityCanonical(order=0),
    checks=AbilityChecks(structure=_validate),
    forge=ForgeAbility(
        keyword=_forge,
        read_keyword=_forge_read,
    ),
    xmage=XMageAbility(
        block=_xmage,
        read_added=_xmage_read,
        wrap_level=_xmage_wrap,
        unwrap_added=_xmage_unwrap,
    ),
    rule=AbilityRule(activation=_activation, level=_level),
)
