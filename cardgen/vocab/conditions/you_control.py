"""The `you_control` condition: "if you control a Rabbit" (`condition: {you_control: {subtypes: [Rabbit]}}`),
"if you control four or more lands" (`at_least: 4`).

It reads the game: whether the player its "you" is (the controller of the spell or ability) controls at
least one permanent the filter selects, as the effect it gates resolves (608.2c: a spell's instruction
conditional on the game is checked when that instruction is carried out, not as the spell is cast; 608.2h:
it reads the game as it is then). The filter says what kind of permanent (a subtype, 205.3; a card type);
"you control" is the condition's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field, field_validator

from cardgen.model.parts import ObjectFilter, SpecModel
from cardgen.vocab.construct import ConditionConstruct, ConditionRule, ConditionText, ForgeCondition, XMageCondition
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.read_model import Bag
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.java_expr import Expr
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.game.state import GameState


class YouControl(SpecModel):
    """"if you control a Rabbit": the controller of the spell or ability controls a permanent `you_control`
    selects (a permanent on the battlefield; who controls it is the condition's, so the filter names none)."""

    you_control: ObjectFilter
    at_least: Annotated[int, Field(ge=1, le=99)] = 1
    """How many of them: "if you control four or more lands" is 4."""

    @field_validator("you_control")
    @classmethod
    def _a_kind_of_permanent(cls, value: ObjectFilter) -> ObjectFilter:
        if value.zone != "battlefield" or value.controller is not None or value.owner is not None:
            raise ValueError("`you_control` selects a kind of permanent: no zone, controller or owner of its own "
                             "(\"you control\" is the condition's)")
        return value


# ------------------------------------------------------------------------------------ text and phrasing

_CONDITION = {"condition": {"you_control": V("f")}}
_COUNTED = {"condition": {"you_control": V("f"), "at_least": V("n")}}
_PHRASINGS = {
    "you_control_one": [Form("a {f:filter_sg}", V("f")), Form("an {f:filter_sg}", V("f"))],
    "prefix": [Form("if you control {f:you_control_one}, ", _CONDITION),
               Form("then if you control {f:you_control_one}, ", {"then": True, **_CONDITION}),
               Form("if you control {n:count} or more {f:filter_pl}, ", _COUNTED),
               Form("then if you control {n:count} or more {f:filter_pl}, ", {"then": True, **_COUNTED})],
    "suffix": [Form(" if you control {f:you_control_one}", _CONDITION),
               Form(" if you control {n:count} or more {f:filter_pl}", _COUNTED)],
    "intervening": [Form("if you control {f:you_control_one}, ", {"you_control": V("f")}),
                    Form("if you control {n:count} or more {f:filter_pl}, ",
                         {"you_control": V("f"), "at_least": V("n")})],
}


def _words_of(condition: YouControl) -> str:
    """"you control a Rabbit": the filter's subtypes or types, with their article ("a creature with power 4
    or greater": the power it asks for)."""
    selector = condition.you_control
    noun = " or ".join([*selector.subtypes, *selector.types]) or "permanent"
    power = f" with power {selector.min_power} or greater" if selector.min_power is not None else ""
    if condition.at_least > 1:
        return f"you control {condition.at_least} or more {noun}s{power}"
    return f"you control {'an' if noun[0].lower() in 'aeiou' else 'a'} {noun}{power}"


_FEROCIOUS: dict[str, Any] = {"types": ["creature"], "min_power": 4}
""""you control a creature with power 4 or greater": XMage's FerociousCondition (its own text says so)."""


def _controlled(condition: YouControl) -> ObjectFilter:
    return condition.you_control.model_copy(update={"controller": "you"})


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, condition: YouControl) -> Params:
    """`ConditionPresent$ Rabbit.YouCtrl | ConditionCompare$ GE1`, as Forge's own Psychic Whorl says it:
    SpellAbilityCondition counts the battlefield's cards the valid expression selects (the zone's default)
    as the sub-ability resolves (AbilityUtils.resolveApiAbility checks `sa.metConditions()`); `GE4` for "four
    or more", as Forge's own Fabled Passage says it."""
    return [("ConditionPresent", w.valid(_controlled(condition))), ("ConditionCompare", f"GE{condition.at_least}")]


def _forge_trigger(b: ScriptBuilder, condition: YouControl) -> Params:
    """`IsPresent$ Creature.powerGE4+YouCtrl` on the trigger line, as Forge's own Hunter's Talent says its
    intervening "if" (603.4): a requirement checked as it triggers and again as it resolves."""
    present: Params = [("IsPresent", b.valid(_controlled(condition)))]
    if condition.at_least > 1:
        present.append(("PresentCompare", f"GE{condition.at_least}"))
    return present


def _forge_read_trigger(r: ScriptReader, bag: Bag) -> dict[str, Any] | None:
    present = bag.peek("IsPresent")
    at_least = _at_least(bag.peek("PresentCompare") or "GE1")
    if present is None or bag.peek("NoResolvingCheck") is not None \
            or at_least is None or bag.peek("PresentZone") not in (None, "Battlefield"):
        return None
    parsed = r.valid(present)
    fields = dict(parsed.fields)
    if parsed.flags or fields.pop("controller", None) != "you" or fields.pop("zone", "battlefield") != "battlefield":
        return None
    for key in ("IsPresent", "PresentCompare", "PresentZone"):
        bag.get(key)
    return _read(fields, at_least)


def _forge_read(r: NodeReader, bag: Bag) -> dict[str, Any] | None:
    present = bag.peek("ConditionPresent")
    at_least = _at_least(bag.peek("ConditionCompare") or "GE1")
    if present is None or bag.peek("ConditionDefined") is not None or bag.peek("ConditionZone") is not None \
            or at_least is None:
        return None
    parsed = r.valid(present)
    fields = dict(parsed.fields)
    if parsed.flags or fields.pop("controller", None) != "you" or fields.pop("zone", "battlefield") != "battlefield":
        return None
    bag.get("ConditionPresent")
    bag.get("ConditionCompare")
    return _read(fields, at_least)


def _at_least(compare: str) -> int | None:
    """`GE4` -> 4 (the comparisons `_forge` and `_forge_trigger` write); None for another comparison."""
    number = compare.removeprefix("GE")
    return int(number) if compare.startswith("GE") and number.isdigit() and 1 <= int(number) <= 99 else None


def _read(fields: dict[str, Any], at_least: int) -> dict[str, Any]:
    return {"you_control": fields, **({"at_least": at_least} if at_least > 1 else {})}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, condition: YouControl) -> Expr:
    """`new PermanentsOnTheBattlefieldCondition(filter)` with a filter of permanents you control, as XMage's
    own Rabbit Response says it (the condition counts the battlefield's permanents the filter selects for
    the ability's controller); XMage's FerociousCondition for a creature with power 4 or greater."""
    if condition.you_control.model_dump(exclude_defaults=True) == _FEROCIOUS and condition.at_least == 1:
        return w.const("FerociousCondition.instance")
    field = w.Raw(w.filters.add(_controlled(condition)))
    if condition.at_least > 1:  # "four or more lands": ComparisonType.OR_GREATER, 4
        return w.new(w.use("PermanentsOnTheBattlefieldCondition"), field, w.const("ComparisonType.OR_GREATER"),
                     w.Raw(str(condition.at_least)))
    return w.new(w.use("PermanentsOnTheBattlefieldCondition"), field)


def _xmage_read(r: EffectReader, value: Expr) -> dict[str, Any] | None:
    if value.flat() == "FerociousCondition.instance":
        return {"you_control": dict(_FEROCIOUS)}
    if not (isinstance(value, r.New) and value.cls == "PermanentsOnTheBattlefieldCondition"
            and len(value.args) in (1, 3)):
        return None
    at_least = 1
    if len(value.args) == 3:  # ComparisonType.OR_GREATER n, or MORE_THAN n - 1 (XMage's own "eight or more lands")
        kind, count = value.args[1].flat(), value.args[2].flat()
        if not count.isdigit() or kind not in ("ComparisonType.OR_GREATER", "ComparisonType.MORE_THAN"):
            return None
        at_least = int(count) + (1 if kind == "ComparisonType.MORE_THAN" else 0)
        if not 1 <= at_least <= 99:
            return None
    selector, greatest = r.filter_argument(value.args[0], None)
    if greatest or selector.get("controller") != "you" or selector.get("zone", "battlefield") != "battlefield":
        return None
    return _read({k: v for k, v in selector.items() if k not in ("controller", "zone")}, at_least)


# --------------------------------------------------------------------------------------------- resolver

def _game(state: GameState, you: str, condition: YouControl) -> bool:
    from cardgen.game import filters
    return sum(1 for _ in filters.select(state, _controlled(condition), you, None)) >= condition.at_least


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = ConditionConstruct(
    kind="you_control",
    model=YouControl,
    text=ConditionText(words="you control a [permanent]", phrasings=_PHRASINGS, words_of=_words_of),
    forge=ForgeCondition(effect_check=_forge, read_effect=_forge_read, trigger_present=_forge_trigger,
                         read_present=_forge_read_trigger),
    xmage=XMageCondition(expression=_xmage, read=_xmage_read),
    rule=ConditionRule(game_of=_game),
)
