"""The `this_or_another_dies` trigger event: "Whenever this creature or another creature you control with
flying dies" (700.4: put into a graveyard from the battlefield; 603.2c: each creature dying is an event of its
own, so two dying at once trigger it twice).

A leaves-the-battlefield ability (603.6c, 603.10a): it looks back in time, so the creature that died is matched
as it last existed on the battlefield (its controller and keywords then), and the ability's own creature dying
at the same time as another still sees the other die. The filter is the other creature's, its "another" said by
the event (the spec's filter has no `other`)."""

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


class ThisOrAnotherDies(SpecModel):
    """`event: {this_or_another_dies: {types: [creature], controller: you, keywords: [flying]}}`: "Whenever this
    creature or another creature you control with flying dies"."""

    this_or_another_dies: ObjectFilter

    @field_validator("this_or_another_dies", mode="after")
    @classmethod
    def _a_permanent(cls, value: ObjectFilter) -> ObjectFilter:
        return without_other(on_battlefield(value, "dies"))


def _another(event: ThisOrAnotherDies) -> ObjectFilter:
    return event.this_or_another_dies.model_copy(update={"other": True})


# ------------------------------------------------------------------------------------------------ Forge

SELF = "Card.Self"


def _forge(b: ScriptBuilder, intervening_if: str | None, event: ThisOrAnotherDies) -> tuple[str, Params]:
    """`Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | ValidCard$ Card.Self,Creature.Other+
    YouCtrl+withFlying` (TriggerChangesZone.performTest: the card as it last was on the battlefield, CardLKI, for
    an Origin$ Battlefield; correctZones makes the host's battlefield the trigger's zone), as Forge's own Jackdaw
    Savior says it."""
    if intervening_if:
        raise b.error(f"an intervening 'if' on a {CONSTRUCT.kind} trigger has no Forge form here")
    return "ChangesZone", [("Origin", "Battlefield"), ("Destination", "Graveyard"),
                           ("ValidCard", f"{SELF},{b.valid(_another(event))}")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    valid = bag.peek("ValidCard") or ""
    if bag.peek("Origin") != "Battlefield" or bag.peek("Destination") != "Graveyard" \
            or not valid.startswith(SELF + ","):
        return None
    bag.get("ValidCard")
    bag.get("Origin")
    bag.get("Destination")
    if bag.get("TriggerZones", "Battlefield") != "Battlefield":
        raise r.error("FG201", f"T: a 'this or another ... dies' trigger of another zone: {value}")
    fields = dict(r.valid(valid[len(SELF) + 1:]).fields)
    if not fields.pop("other", False):
        raise r.error("FG201", f"T: 'this or another' whose other creature may be the host: {value}")
    return {"event": {CONSTRUCT.kind: {"zone": "battlefield", **fields}}}


# ------------------------------------------------------------------------------------------------ XMage

_CLASS = "DiesThisOrAnotherTriggeredAbility"


def _xmage(w: CardLowering, effect: Expr, event: ThisOrAnotherDies) -> Any:
    """`new DiesThisOrAnotherTriggeredAbility(effect, false, filter)` (ZONE_CHANGE, a dies event: the source
    itself, or another permanent its filter selects, looking back; "Whenever {this} or another " and the filter's
    message and " dies, "), as XMage's own Jackdaw Savior says it."""
    return w.new(w.use(_CLASS), effect, w.Raw("false"), w.Raw(w.filters.add(event.this_or_another_dies)))


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    if value.cls != _CLASS or len(value.args) != 3 or not r.filters.known(value.args[2].flat()):
        return None
    if value.args[1] != r.Raw("false"):
        raise r.ReadError("optional triggers are not read", node=node)
    return value.args[0]


def _xmage_event(r: ClassReader, value: Any) -> dict[str, Any]:
    fields, _ = r.filters.selector(value.args[2].flat(), None, zone="battlefield")
    return {CONSTRUCT.kind: fields}


# --------------------------------------------------------------------------------------------- resolver

_CREATURE = ObjectFilter(types=["creature"])


def _matches(state: GameState, source: GameObject, event: ThisOrAnotherDies, what: Mapping[str, Any]) -> bool:
    """A creature went from the battlefield to a graveyard: the permanent itself (a creature as it last was), or
    another one its filter selects as it last was (the source on the battlefield, or leaving in the same event:
    603.10a)."""
    from cardgen.game import filters
    from cardgen.game.continuous import controller_of

    died: GameObject = what["object"]
    if what["to"] != "graveyard" or source.zone != "battlefield":
        return False
    you = source.controller if source.gone else controller_of(state, source)
    if died.oid == source.oid:
        return filters.matches_last_known(state, died, _CREATURE, you)
    return filters.matches_last_known(state, died, _another(event), you, source.oid)


def _phrase(event: ThisOrAnotherDies) -> str:
    """XMage's rules text of the trigger ("Whenever {this} or another creature you control with flying dies, ")."""
    return f"Whenever {{this}} or another {said(event.this_or_another_dies)} dies, "


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="this_or_another_dies",
    model=ThisOrAnotherDies,
    text=EventText(
        phrasings={"trigger": [
            Form("whenever {s:self} or another {f:filter_sg} dies", {"this_or_another_dies": V("f")}),
        ]},
        order=8,
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
        happening=happenings.LEFT_BATTLEFIELD,
        matches=_matches,
    ),
)
