"""The `beginning_of` trigger event: "At the beginning of your upkeep", "At the beginning of combat on your
turn", "At the beginning of your end step" (and "each upkeep", "each combat": every player's turn).

A triggered ability that names a step triggers as that step begins (603.2: the beginning of a step is an
event; 503.1: the upkeep's triggers go on the stack as it begins, 507.1 for the beginning of combat step and
513.1 for the end step, 603.3: the next time a player would receive priority). "Your" upkeep or end step is
the one of a turn whose active player controls the ability's source as the step begins (102.1: "your" is the
controller's; "on your turn", 507 likewise); "each" triggers in every player's turn. Its intervening "if"
(603.4) is checked as the step begins and again as it resolves. "At the beginning of each end step" is the
`each_end_step` event, which this one leaves to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import model_validator

from cardgen.game import happenings
from cardgen.model.parts import SpecModel
from cardgen.vocab.construct import EventConstruct, EventRule, EventText, ForgeEvent, XMageEvent
from cardgen.vocab.pattern import Form

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.read_model import Bag
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.java_expr import Expr
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.engines.xmage.reader import ClassReader
    from cardgen.game.objects import GameObject
    from cardgen.game.state import GameState


Step = Literal["upkeep", "combat", "end_step"]


class BeginningOf(SpecModel):
    """`event: {beginning_of: upkeep}`: "At the beginning of your upkeep"; `combat`: "At the beginning of combat
    on your turn"; `end_step`: "At the beginning of your end step". `turn: each` is every player's ("At the
    beginning of each upkeep", "At the beginning of each combat")."""

    beginning_of: Step
    turn: Literal["yours", "each"] = "yours"

    @model_validator(mode="after")
    def _each_end_step(self) -> BeginningOf:
        if self.beginning_of == "end_step" and self.turn == "each":
            raise ValueError("'at the beginning of each end step' is `event: each_end_step`")
        return self


STEP_OF = {"upkeep": "upkeep", "combat": "combat", "end_step": "end"}
"""The step of the resolver's turn (`cardgen.game.state.STEPS`) each `beginning_of` names."""

_WORDS: dict[tuple[str, str], str] = {
    ("upkeep", "yours"): "at the beginning of your upkeep",
    ("upkeep", "each"): "at the beginning of each upkeep",
    ("combat", "yours"): "at the beginning of combat on your turn",
    ("combat", "each"): "at the beginning of each combat",
    ("end_step", "yours"): "at the beginning of your end step",
}
"""The printed words of each step and turn (lower case: the `trigger` forms; the trigger phrase starts upper)."""


def _phrase(event: BeginningOf) -> str:
    words = _WORDS[(event.beginning_of, event.turn)]
    return words[0].upper() + words[1:] + ", "


_PHRASINGS = {"trigger": [
    Form(words, {"beginning_of": step} if turn == "yours" else {"beginning_of": step, "turn": turn})
    for (step, turn), words in _WORDS.items()
]}


# ------------------------------------------------------------------------------------------------ Forge

FORGE_PHASES = {"upkeep": "Upkeep", "combat": "BeginCombat", "end_step": "End of Turn"}
"""Forge's `Phase$` (PhaseType's names for scripts: UPKEEP "Upkeep", COMBAT_BEGIN "BeginCombat", END_OF_TURN
"End of Turn")."""


def _forge(b: ScriptBuilder, intervening_if: str | None, event: BeginningOf) -> tuple[str, Params]:
    """`Mode$ Phase | Phase$ Upkeep | ValidPlayer$ You | TriggerZones$ Battlefield` (TriggerPhase: ValidPlayer$
    is matched against the player whose step it is; none: every player's), and the intervening "if" as its
    condition's `trigger_check` says it."""
    params: Params = [("Phase", FORGE_PHASES[event.beginning_of])]
    if event.turn == "yours":
        params.append(("ValidPlayer", "You"))
    params.append(("TriggerZones", "Battlefield"))
    if intervening_if is not None and b.condition(intervening_if).forge.trigger_present is not None:
        present = b.condition(intervening_if).forge.trigger_present
        assert present is not None
        params.extend(present(b, intervening_if))
    elif intervening_if is not None:
        check = b.condition(intervening_if).forge.trigger_check
        if check is None:
            raise b.error(f"an intervening 'if {b.condition(intervening_if).text.words}' on a {CONSTRUCT.kind} "
                          "trigger has no Forge form here")
        params.extend(check(b))
    return "Phase", params


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    phase = bag.get("Phase")
    step = next((s for s, name in FORGE_PHASES.items() if name == phase), None)
    player = bag.get("ValidPlayer")
    turn = "yours" if player == "You" else "each" if player is None else None
    if step is None or turn is None or (step == "end_step" and turn == "each"):
        return None  # another phase trigger (each_end_step's)
    if bag.get("TriggerZones") != "Battlefield":
        raise r.error("FG201", f"T: a phase trigger of a permanent off the battlefield: {value}")
    event: dict[str, Any] = {"beginning_of": step}
    if turn == "each":
        event["turn"] = "each"
    head: dict[str, Any] = {"event": event}
    if bag.peek("CheckSVar") is not None:
        head["intervening_if"] = _forge_read_condition(r, bag, value)
    elif bag.peek("IsPresent") is not None:
        from cardgen import vocab

        present = next((said for c in vocab.CONDITIONS.values()
                        if c.forge.read_present is not None and (said := c.forge.read_present(r, bag)) is not None),
                       None)
        if present is None:
            raise r.error("FG201", f"T: a trigger requirement no condition of the vocabulary reads: {value}")
        head["intervening_if"] = present
    return head


def _forge_read_condition(r: ScriptReader, bag: Bag, value: str) -> str:
    """The intervening "if" of the line: the condition whose `forge.read_check` takes its `CheckSVar$`."""
    from cardgen import vocab

    for kind, condition in vocab.CONDITIONS.items():
        if condition.forge.read_check is not None and condition.forge.read_check(r, bag):
            return kind
    raise r.error("FG201", f"T: a trigger condition no condition of the vocabulary reads: {value}")


# ------------------------------------------------------------------------------------------------ XMage

XMAGE_CLASSES = {"upkeep": "BeginningOfUpkeepTriggeredAbility", "combat": "BeginningOfCombatTriggeredAbility",
                 "end_step": "BeginningOfEndStepTriggeredAbility"}
"""The framework's triggered abilities (mage.abilities.triggers, since 2024: `(effect)` is "your", and
`(TargetController, effect, optional)` names whose)."""


def _xmage(w: CardLowering, effect: Expr, event: BeginningOf) -> Any:
    """`new BeginningOfUpkeepTriggeredAbility(effect)`; every player's: `(TargetController.ANY, effect, false)`."""
    cls = w.use(XMAGE_CLASSES[event.beginning_of])
    if event.turn == "yours":
        return w.new(cls, effect)
    return w.new(cls, w.const("TargetController.ANY"), effect, w.Raw("false"))


def _xmage_step(value: Any) -> tuple[str, str, Any] | None:
    """(step, turn, first effect) of a `new BeginningOf...TriggeredAbility(...)` of this event; None otherwise."""
    step = next((s for s, cls in XMAGE_CLASSES.items() if cls == getattr(value, "cls", None)), None)
    if step is None:
        return None
    args = list(value.args)
    if len(args) in (1, 2):
        return step, "yours", args
    if len(args) in (3, 4) and args[0].flat() in ("TargetController.YOU", "TargetController.ANY"):
        turn = "yours" if args[0].flat() == "TargetController.YOU" else "each"
        if step == "end_step" and turn == "each":
            return None  # each_end_step's
        return step, turn, args[1:]
    return None


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    """`new BeginningOfUpkeepTriggeredAbility(effect[, false])`, `(TargetController.YOU|ANY, effect, false)`."""
    found = _xmage_step(value)
    if found is None:
        return None
    _, _, args = found
    if len(args) >= 2 and args[1] != r.Raw("false"):
        raise r.ReadError("optional triggers are not read", node=node)
    if len(args) == 3:
        raise r.ReadError("an intervening if as a constructor argument is not read (withInterveningIf is)",
                          node=node)
    return args[0]


def _xmage_event(r: ClassReader, value: Any) -> dict[str, Any]:
    found = _xmage_step(value)
    assert found is not None
    step, turn, _ = found
    return {"beginning_of": step} if turn == "yours" else {"beginning_of": step, "turn": turn}


# --------------------------------------------------------------------------------------------- resolver

def _matches(state: GameState, source: GameObject, event: BeginningOf, what: Mapping[str, Any]) -> bool:
    """The step that began is the event's, and for "your" step, the turn is the source's controller's."""
    from cardgen.game.continuous import controller_of

    if what.get("step") != STEP_OF[event.beginning_of]:
        return False
    return event.turn == "each" or controller_of(state, source) == what.get("active")


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="beginning_of",
    model=BeginningOf,
    text=EventText(
        phrasings=_PHRASINGS,
        order=9,
        trigger_phrase=_phrase,
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"Phase": _forge_read},
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
        read_event=_xmage_event,
    ),
    rule=EventRule(
        happening=happenings.STEP_BEGAN,
        matches=_matches,
    ),
)
