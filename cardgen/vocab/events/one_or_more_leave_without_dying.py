"""The `one_or_more_leave_without_dying` trigger event: "Whenever one or more other creatures you control leave
the battlefield without dying" (603.2c: once each time its event occurs, however many of them that event
moves; 700.4: dying is being put into a graveyard from the battlefield, so "without dying" is going to any
other zone - a hand, the library, exile).

A leaves-the-battlefield ability (603.6c, 603.10a): it looks back in time, so the permanents are matched as
they last existed on the battlefield (their controller, types and keywords then), and the ability's own
permanent leaving in the same event still sees the others leave ("other" leaves out only itself)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import field_validator

from cardgen.game import happenings
from cardgen.model.parts import ObjectFilter, SpecModel
from cardgen.vocab.construct import EventConstruct, EventRule, EventText, ForgeEvent, XMageEvent
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.trigger_filters import any_permanent, on_battlefield, plural_words

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


class OneOrMoreLeaveWithoutDying(SpecModel):
    """`event: {one_or_more_leave_without_dying: {types: [creature], controller: you, other: true}}`:
    "Whenever one or more other creatures you control leave the battlefield without dying"."""

    one_or_more_leave_without_dying: ObjectFilter

    @field_validator("one_or_more_leave_without_dying", mode="after")
    @classmethod
    def _permanents(cls, value: ObjectFilter) -> ObjectFilter:
        return any_permanent(on_battlefield(value, "leaves the battlefield"))


# ------------------------------------------------------------------------------------------------ Forge

NOT_GRAVEYARD = "Ante,Command,Exile,Hand,Library"
"""Every zone a permanent can go to from the battlefield but a graveyard, as Forge's own scripts of "leaves the
battlefield without dying" list them."""


def _forge(b: ScriptBuilder, intervening_if: str | None, event: OneOrMoreLeaveWithoutDying) -> tuple[str, Params]:
    """`Mode$ ChangesZoneAll | ValidCards$ Creature.Other+YouCtrl | Origin$ Battlefield | Destination$
    Ante,Command,Exile,Hand,Library | TriggerZones$ Battlefield` (TriggerChangesZoneAll: the cards one event
    moved from the battlefield to one of the destinations, matched as they last were on the battlefield,
    CardZoneTable.filterCards' lastStateBattlefield, 603.10a)."""
    if intervening_if:
        raise b.error(f"an intervening 'if' on a {CONSTRUCT.kind} trigger has no Forge form here")
    return "ChangesZoneAll", [("ValidCards", b.valid(event.one_or_more_leave_without_dying)),
                              ("Origin", "Battlefield"), ("Destination", NOT_GRAVEYARD),
                              ("TriggerZones", "Battlefield")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    if bag.peek("Origin") != "Battlefield" or bag.peek("Destination") != NOT_GRAVEYARD:
        return None
    bag.get("Origin")
    bag.get("Destination")
    valid = bag.get("ValidCards")
    if valid is None or bag.get("TriggerZones") != "Battlefield":
        raise r.error("FG201", f"T: a 'leave the battlefield without dying' trigger without ValidCards$ or "
                               f"TriggerZones$: {value}")
    fields = dict(r.valid(valid).fields)
    if fields.get("types") == ["permanent"]:
        del fields["types"]
    return {"event": {CONSTRUCT.kind: {"zone": "battlefield", **fields}}}


# ------------------------------------------------------------------------------------------------ XMage

_CLASS = "OneOrMoreLeaveWithoutDyingTriggeredAbility"


def _xmage(w: CardLowering, effect: Expr, event: OneOrMoreLeaveWithoutDying) -> Any:
    """`new OneOrMoreLeaveWithoutDyingTriggeredAbility(effect, StaticFilters.FILTER_OTHER_CONTROLLED_CREATURES)`
    (ZONE_CHANGE_BATCH: from the battlefield to any zone but a graveyard; "Whenever one or more " and the
    filter's message and " leave the battlefield without dying, "), as XMage's own Dour Port-Mage says it."""
    return w.new(w.use(_CLASS), effect, w.Raw(w.filters.add(event.one_or_more_leave_without_dying, plural=True)))


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    if value.cls != _CLASS or len(value.args) != 2 or not r.filters.known(value.args[1].flat()):
        return None
    return value.args[0]


def _xmage_event(r: ClassReader, value: Any) -> dict[str, Any]:
    fields, _ = r.filters.selector(value.args[1].flat(), None, zone="battlefield")
    return {CONSTRUCT.kind: fields}


# --------------------------------------------------------------------------------------------- resolver

def _matches(state: GameState, source: GameObject, event: OneOrMoreLeaveWithoutDying,
             what: Mapping[str, Any]) -> bool:
    """One of the permanents the event moved from the battlefield went to a zone other than a graveyard and,
    as it last existed there, fits the filter (the source on the battlefield, or leaving in the same event:
    603.10a)."""
    from cardgen.game import filters
    from cardgen.game.continuous import controller_of

    if source.zone != "battlefield":
        return False
    you = source.controller if source.gone else controller_of(state, source)
    flt = event.one_or_more_leave_without_dying
    return any(to != "graveyard" and filters.matches_last_known(state, obj, flt, you, source.oid)
               for obj, to in what["left"])


def _phrase(event: OneOrMoreLeaveWithoutDying) -> str:
    """XMage's rules text of the trigger ("Whenever one or more other creatures you control leave the
    battlefield without dying, ")."""
    return f"Whenever one or more {plural_words(event.one_or_more_leave_without_dying)} leave the battlefield " \
           "without dying, "


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="one_or_more_leave_without_dying",
    model=OneOrMoreLeaveWithoutDying,
    text=EventText(
        phrasings={"trigger": [Form("whenever one or more {f:filter_pl} leave the battlefield without dying",
                                    {"one_or_more_leave_without_dying": V("f")})]},
        order=8,
        trigger_phrase=_phrase,
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"ChangesZoneAll": _forge_read},
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
        read_event=_xmage_event,
    ),
    rule=EventRule(
        happening=happenings.LEFT_TOGETHER,
        matches=_matches,
    ),
)
