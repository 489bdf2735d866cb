"""The `this_or_another_enters` trigger event: "Whenever this creature or another Rabbit you control enters",
"Whenever Clement or another creature you control enters" (603.2, 603.6a: an enters-the-battlefield ability
triggers when a permanent it names enters; the ability's own permanent entering is one of them here).

One ability with two kinds of events: the permanent itself entering (its ability triggers as it enters, as
"when this enters" does, 603.6a) and another permanent the filter selects entering while the permanent is on
the battlefield. "you" is the ability's controller; the filter is the other permanent's, its "another" said by
the event (the spec's filter has no `other`). Each entering permanent is an event of its own (603.2c): two
Rabbits entering at once trigger it twice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import field_validator

from cardgen.game import happenings
from cardgen.model.parts import ObjectFilter, SpecModel
from cardgen.vocab.construct import EventConstruct, EventRule, EventText, ForgeEvent, XMageEvent
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.trigger_filters import on_battlefield, said, without_other

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


class ThisOrAnotherEnters(SpecModel):
    """`event: {this_or_another_enters: {subtypes: [Rabbit], controller: you}}`: "Whenever this creature or
    another Rabbit you control enters" (the filter of the other permanent, without `other`: the event says
    "another")."""

    this_or_another_enters: ObjectFilter

    @field_validator("this_or_another_enters", mode="after")
    @classmethod
    def _a_permanent(cls, value: ObjectFilter) -> ObjectFilter:
        return without_other(on_battlefield(value, "enters"))


def _another(event: ThisOrAnotherEnters) -> ObjectFilter:
    return event.this_or_another_enters.model_copy(update={"other": True})


# ------------------------------------------------------------------------------------------------ Forge

SELF = "Card.Self"


def _forge(b: ScriptBuilder, intervening_if: str | None, event: ThisOrAnotherEnters) -> tuple[str, Params]:
    """`Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self,Creature.Other+YouCtrl+
    withFlying | TriggerZones$ Battlefield` (TriggerChangesZone.performTest: ValidCard$ is the card that moved,
    any of the comma's alternatives), as Forge's own Plumecreed Mentor says it."""
    if intervening_if:
        raise b.error(f"an intervening 'if' on a {CONSTRUCT.kind} trigger has no Forge form here")
    return "ChangesZone", [("Origin", "Any"), ("Destination", "Battlefield"),
                           ("ValidCard", f"{SELF},{b.valid(_another(event))}"), ("TriggerZones", "Battlefield")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    """A zone-change trigger into the battlefield for the host itself or another permanent (Forge's own
    Harvestrite Host leaves out `TriggerZones$`: the host is on the battlefield either way)."""
    valid = bag.peek("ValidCard") or ""
    if bag.peek("Destination") != "Battlefield" or not valid.startswith(SELF + ","):
        return None
    bag.get("ValidCard")
    bag.get("Destination")
    if bag.get("Origin", "Any") != "Any" or bag.get("TriggerZones", "Battlefield") != "Battlefield":
        raise r.error("FG201", f"T: a 'this or another' trigger of another zone change: {value}")
    fields = dict(r.valid(valid[len(SELF) + 1:]).fields)
    if not fields.pop("other", False):
        raise r.error("FG201", f"T: 'this or another' whose other permanent may be the host: {value}")
    return {"event": {CONSTRUCT.kind: {"zone": "battlefield", **fields}}}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: ThisOrAnotherEnters) -> Any:
    """`new EntersBattlefieldThisOrAnotherTriggeredAbility(effect, filter, false, false)`: a filter of the
    other permanent that names its controller itself (`FilterControlledPermanent`, `StaticFilters.
    FILTER_CONTROLLED_CREATURE`), as XMage's own Plumecreed Mentor, Salvation Swan and Clement say it (the
    class's trigger phrase is "Whenever {this} or another " and the filter's message)."""
    return w.new(w.use("EntersBattlefieldThisOrAnotherTriggeredAbility"), effect,
                 w.Raw(w.filters.add(event.this_or_another_enters)), w.Raw("false"), w.Raw("false"))


_CLASS = "EntersBattlefieldThisOrAnotherTriggeredAbility"


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    """`(effect, filter, optional, onlyControlled)`; `onlyControlled` true (Harvestrite Host's `new
    FilterPermanent(SubType.RABBIT, "Rabbit")`) is "you control" said by the class."""
    if value.cls != _CLASS or len(value.args) != 4 or not r.filters.known(value.args[1].flat()):
        return None
    if value.args[2] != r.Raw("false"):
        raise r.ReadError("optional triggers are not read", node=node)
    if value.args[3] not in (r.Raw("false"), r.Raw("true")):
        raise r.ReadError("a 'this or another' trigger whose onlyControlled is not a constant", node=node)
    return value.args[0]


def _xmage_event(r: ClassReader, value: Any) -> dict[str, Any]:
    fields, _ = r.filters.selector(value.args[1].flat(), None, zone="battlefield")
    if value.args[3] == r.Raw("true"):
        fields["controller"] = "you"
    return {CONSTRUCT.kind: fields}


# --------------------------------------------------------------------------------------------- resolver

def _matches(state: GameState, source: GameObject, event: ThisOrAnotherEnters, what: Mapping[str, Any]) -> bool:
    """The permanent itself entered, or another one its filter selects entered while it is on the
    battlefield ("you": its controller)."""
    from cardgen.game import filters
    from cardgen.game.continuous import controller_of

    entered: GameObject = what["object"]
    if source.zone != "battlefield":
        return False
    return entered.oid == source.oid or filters.matches(state, entered, _another(event), controller_of(state, source),
                                                        source.oid)


def _phrase(event: ThisOrAnotherEnters) -> str:
    """XMage's rules text of the trigger ("Whenever {this} or another Rabbit you control enters, ")."""
    return f"Whenever {{this}} or another {said(event.this_or_another_enters)} enters, "


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="this_or_another_enters",
    model=ThisOrAnotherEnters,
    text=EventText(
        phrasings={"trigger": [
            Form("whenever {s:self} or another {f:filter_sg} enters", {"this_or_another_enters": V("f")}),
        ]},
        order=6,
        trigger_phrase=_phrase,
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"ChangesZone": _forge_read},
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
        read_event=_xmage_event,
    ),
    rule=EventRule(
        happening=happenings.PERMANENT_ENTERED,
        matches=_matches,
    ),
)
