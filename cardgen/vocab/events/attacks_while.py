"""The `attacks_while` trigger event: "Whenever this creature attacks while you control a token" (508.3a,
603.2): the creature's own attack trigger (`attacks`), with a condition that is part of the event itself,
checked only as it is declared as an attacker. It is no intervening "if" (603.4): the condition isn't
checked again as the ability resolves, so losing the token in response doesn't stop the pump."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardgen.game import happenings
from cardgen.model.parts import SpecModel
from cardgen.vocab.construct import EventConstruct, EventRule, EventText, ForgeEvent, XMageEvent
from cardgen.vocab.pattern import Form, V

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
    from cardgen.model.card import Condition


class AttacksWhile(SpecModel):
    """`event: {attacks_while: control_token}`: "Whenever this creature attacks while you control a token"."""

    attacks_while: Condition


def _construct(event: AttacksWhile) -> Any:
    from cardgen import vocab

    return vocab.condition(event.attacks_while)


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, intervening_if: str | None, event: AttacksWhile) -> tuple[str, Params]:
    """`Mode$ Attacks | ValidCard$ Card.Self | IsPresent$ ... | NoResolvingCheck$ True | TriggerZones$
    Battlefield`, as Forge's own Seasoned Warrenguard says it: the condition a trigger requirement
    (CardTraitBase.meetsCommonRequirements reads `IsPresent$`), which `NoResolvingCheck$` keeps from being
    checked again on resolution (WrappedAbility)."""
    if intervening_if:
        raise b.error(f"an intervening 'if' on an {CONSTRUCT.kind} trigger has no Forge form here")
    static = _construct(event).forge.static
    if static is None:
        raise b.error(f"the condition {event.attacks_while!r} has no Forge form on a trigger")
    return "Attacks", [("ValidCard", "Card.Self"), *static(b), ("NoResolvingCheck", "True"),
                       ("TriggerZones", "Battlefield")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    if bag.peek("NoResolvingCheck") is None:
        return None
    from cardgen import vocab

    if bag.get("ValidCard") != "Card.Self" or bag.get("NoResolvingCheck") != "True" \
            or bag.get("TriggerZones") != "Battlefield":
        raise r.error("FG201", f"T: an attack trigger with a condition other than this creature's: {value}")
    kind = next((kind for kind, c in vocab.CONDITIONS.items()
                 if c.model is None and c.forge.read_static is not None and c.forge.read_static(r, bag)), None)
    if kind is None:
        raise r.error("FG201", f"T: an attack trigger's condition no condition of the vocabulary reads: {value}")
    return {"event": {"attacks_while": kind}}


# ------------------------------------------------------------------------------------------------ XMage

def _phrase(event: AttacksWhile) -> str:
    return f"Whenever {{this}} attacks while {_construct(event).text.words}, "


def _xmage(w: CardLowering, effect: Expr, event: AttacksWhile) -> Any:
    """`new AttacksTriggeredAbility(effect).withTriggerCondition(condition).setTriggerPhrase(...)`: the
    condition checked as it triggers only (TriggeredAbilityImpl.checkTriggerCondition); the phrase set after
    it, since `withTriggerCondition` prints the condition's `toString()` ("token")."""
    trigger: Any = w.new(w.use("AttacksTriggeredAbility"), effect)
    trigger = w.call(trigger, "withTriggerCondition", w.promise(event.attacks_while))
    return w.call(trigger, "setTriggerPhrase", w.Str(_phrase(event)))


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    """The trigger `_xmage` writes (handed in whole, its calls too: `XMageEvent.conditioned`)."""
    if getattr(value, "method", None) != "setTriggerPhrase" or len(value.args) != 1:
        return None
    inner = value.receiver
    if getattr(inner, "method", None) != "withTriggerCondition" or len(inner.args) != 1:
        return None
    new = inner.receiver
    if getattr(new, "cls", None) == "AttacksTriggeredAbility" and len(new.args) == 1:
        return new.args[0]
    return None


def _xmage_event(r: ClassReader, value: Any) -> dict[str, Any]:
    from cardgen import vocab

    condition = value.receiver.args[0].flat()
    kind = next((kind for kind, c in vocab.CONDITIONS.items() if c.model is None and c.xmage.condition == condition),
                None)
    if kind is None:
        raise r.ReadError(f"a trigger condition no condition of the vocabulary is: {condition}", node=None)
    return {"attacks_while": kind}


# --------------------------------------------------------------------------------------------- resolver

def _matches(state: GameState, source: GameObject, event: AttacksWhile, what: Mapping[str, Any]) -> bool:
    """The condition holds as the creature is declared as an attacker, for its controller."""
    from cardgen.game.continuous import controller_of

    return state.holds(event.attacks_while, source.promised, controller_of(state, source))


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="attacks_while",
    model=AttacksWhile,
    text=EventText(
        phrasings={"trigger": [Form("whenever {s:self} attacks while {c:while}", {"attacks_while": V("c")})]},
        order=2,
        trigger_phrase=_phrase,
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"Attacks": _forge_read},
        # as the `attacks` event's: Forge's own Seasoned Warrenguard carries it
        hints=lambda event: [("HasAttackEffect", "TRUE")],
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
        read_event=_xmage_event,
        conditioned=True,
    ),
    rule=EventRule(
        happening=happenings.ATTACKED,
        matches=_matches,
    ),
)
