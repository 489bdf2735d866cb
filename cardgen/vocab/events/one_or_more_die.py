"""The `one_or_more_die` trigger event: "Whenever one or more creatures you control die" (700.4: put into a
graveyard from the battlefield; 603.2c: once each time its event occurs, however many of the creatures one
event puts there - the creatures state-based actions destroy together, those one effect destroys).

A leaves-the-battlefield ability (603.6c, 603.10a): it looks back in time, so the creatures are matched as
they last existed on the battlefield (their controller, types and keywords then), and the ability's own
permanent dying in the same event still triggers it. A token dies too (it goes to the graveyard before it
ceases to exist, 704.5d). With `once_each_turn` ("This ability triggers only once each turn.") only the first
such event of a turn triggers it."""

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


class OneOrMoreDie(SpecModel):
    """`event: {one_or_more_die: {types: [creature], controller: you}}`: "Whenever one or more creatures you
    control die"."""

    one_or_more_die: ObjectFilter

    @field_validator("one_or_more_die", mode="after")
    @classmethod
    def _permanents(cls, value: ObjectFilter) -> ObjectFilter:
        return any_permanent(on_battlefield(value, "dies"))


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, intervening_if: str | None, event: OneOrMoreDie) -> tuple[str, Params]:
    """`Mode$ ChangesZoneAll | ValidCards$ Creature.YouCtrl | Origin$ Battlefield | Destination$ Graveyard |
    TriggerZones$ Battlefield` (TriggerChangesZoneAll: the cards one event moved from the battlefield to a
    graveyard, matched as they last were there, CardZoneTable.filterCards' lastStateBattlefield, 603.10a)."""
    if intervening_if:
        raise b.error(f"an intervening 'if' on a {CONSTRUCT.kind} trigger has no Forge form here")
    return "ChangesZoneAll", [("ValidCards", b.valid(event.one_or_more_die)), ("Origin", "Battlefield"),
                              ("Destination", "Graveyard"), ("TriggerZones", "Battlefield")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    if bag.peek("Origin") != "Battlefield" or bag.peek("Destination") != "Graveyard":
        return None
    bag.get("Origin")
    bag.get("Destination")
    valid = bag.get("ValidCards")
    if valid is None or bag.get("TriggerZones") != "Battlefield":
        raise r.error("FG201", f"T: a 'one or more ... die' trigger without ValidCards$ or TriggerZones$: {value}")
    fields = dict(r.valid(valid).fields)
    if fields.get("types") == ["permanent"]:
        del fields["types"]
    return {"event": {CONSTRUCT.kind: {"zone": "battlefield", **fields}}}


# ------------------------------------------------------------------------------------------------ XMage

_CLASS = "DiesOneOrMoreTriggeredAbility"


def _xmage(w: CardLowering, effect: Expr, event: OneOrMoreDie) -> Any:
    """`new DiesOneOrMoreTriggeredAbility(effect, StaticFilters.FILTER_CONTROLLED_CREATURES, false)`
    (ZONE_CHANGE_BATCH: once for the dies events of one batch whose permanent, as it last was, the filter
    selects; "Whenever one or more " and the filter's message and " die, ")."""
    return w.new(w.use(_CLASS), effect, w.Raw(w.filters.add(event.one_or_more_die, plural=True)), w.Raw("false"))


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    if value.cls != _CLASS or len(value.args) not in (3, 4) or not r.filters.known(value.args[1].flat()):
        return None
    if any(arg != r.Raw("false") for arg in value.args[2:]):
        raise r.ReadError("an optional 'one or more ... die' trigger, or one with a target pointer, is not read",
                          node=node)
    return value.args[0]


def _xmage_event(r: ClassReader, value: Any) -> dict[str, Any]:
    fields, _ = r.filters.selector(value.args[1].flat(), None, zone="battlefield")
    return {CONSTRUCT.kind: fields}


# --------------------------------------------------------------------------------------------- resolver

def _matches(state: GameState, source: GameObject, event: OneOrMoreDie, what: Mapping[str, Any]) -> bool:
    """One of the permanents the event moved from the battlefield went to a graveyard and, as it last existed
    there, fits the filter (the source on the battlefield, or leaving in the same event: 603.10a)."""
    from cardgen.game import filters
    from cardgen.game.continuous import controller_of

    if source.zone != "battlefield":
        return False
    you = source.controller if source.gone else controller_of(state, source)
    return any(to == "graveyard" and filters.matches_last_known(state, obj, event.one_or_more_die, you, source.oid)
               for obj, to in what["left"])


def _phrase(event: OneOrMoreDie) -> str:
    """XMage's rules text of the trigger ("Whenever one or more creatures you control die, ")."""
    return f"Whenever one or more {plural_words(event.one_or_more_die)} die, "


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="one_or_more_die",
    model=OneOrMoreDie,
    text=EventText(
        phrasings={"trigger": [Form("whenever one or more {f:filter_pl} die", {"one_or_more_die": V("f")})]},
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
