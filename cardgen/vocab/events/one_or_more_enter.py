"""The `one_or_more_enter` trigger event: "Whenever one or more tokens you control enter", "Whenever one or
more other Rabbits, Bats, Birds, and/or Mice you control enter" (603.2c: an ability triggers once each time
its event occurs; here the event is one that puts permanents onto the battlefield, however many of them the
filter selects - two tokens created by one effect trigger it once, two created by two effects twice).

The permanents are looked at once they are on the battlefield (603.6a), "you" being the ability's controller
and `other` leaving out the ability's own permanent (it may enter in the same event: "other" ones still
trigger it). With `once_each_turn` ("This ability triggers only once each turn.") it triggers only for the
first such event of a turn."""

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


class OneOrMoreEnter(SpecModel):
    """`event: {one_or_more_enter: {token: true, controller: you}}`: "Whenever one or more tokens you control
    enter"."""

    one_or_more_enter: ObjectFilter

    @field_validator("one_or_more_enter", mode="after")
    @classmethod
    def _permanents(cls, value: ObjectFilter) -> ObjectFilter:
        return any_permanent(on_battlefield(value, "enters"))


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, intervening_if: str | None, event: OneOrMoreEnter) -> tuple[str, Params]:
    """`Mode$ ChangesZoneAll | ValidCards$ Permanent.token+YouCtrl | Destination$ Battlefield | TriggerZones$
    Battlefield` (TriggerChangesZoneAll.performTest: one table of the cards one event moved, triggering when
    a card moved to the destination passes ValidCards$), as Forge's own Caretaker's Talent and Valley
    Questcaller say it."""
    if intervening_if:
        raise b.error(f"an intervening 'if' on a {CONSTRUCT.kind} trigger has no Forge form here")
    return "ChangesZoneAll", [("ValidCards", b.valid(event.one_or_more_enter)), ("Destination", "Battlefield"),
                              ("TriggerZones", "Battlefield")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    if bag.peek("Destination") != "Battlefield" or (bag.peek("Origin") or "Any") != "Any":
        return None
    bag.get("Destination")
    bag.get("Origin")
    valid = bag.get("ValidCards")
    if valid is None or bag.get("TriggerZones") != "Battlefield":
        raise r.error("FG201", f"T: a 'one or more ... enter' trigger without ValidCards$ or TriggerZones$: {value}")
    fields = dict(r.valid(valid).fields)
    if fields.get("types") == ["permanent"]:  # `Permanent.token+YouCtrl`: "tokens", a permanent on the battlefield
        del fields["types"]
    return {"event": {CONSTRUCT.kind: {"zone": "battlefield", **fields}}}


# ------------------------------------------------------------------------------------------------ XMage

_CONTROLLERS = {"you": "TargetController.YOU", "opponent": "TargetController.OPPONENT"}


def _xmage(w: CardLowering, effect: Expr, event: OneOrMoreEnter) -> Any:
    """`new EntersBattlefieldOneOrMoreTriggeredAbility(effect, filter, TargetController.YOU)`
    (ZONE_CHANGE_BATCH: once for the permanents one event moved onto the battlefield; the controller said by
    the `TargetController`, the filter's message the rest), as XMage's own Caretaker's Talent says it."""
    flt = event.one_or_more_enter
    if flt.controller not in _CONTROLLERS:
        raise w.Unsupported("'one or more ... enter' names whose permanents they are: you or an opponent",
                            rule="603.2c")
    return w.new(w.use("EntersBattlefieldOneOrMoreTriggeredAbility"), effect,
                 w.Raw(w.filters.add(flt.model_copy(update={"controller": None}), plural=True)),
                 w.const(_CONTROLLERS[flt.controller]))


_CLASS = "EntersBattlefieldOneOrMoreTriggeredAbility"


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    if value.cls != _CLASS or len(value.args) not in (3, 4) or not r.filters.known(value.args[1].flat()):
        return None
    if value.args[2].flat() not in _CONTROLLERS.values():
        raise r.ReadError("a 'one or more ... enter' trigger of another controller is not read", node=node)
    if len(value.args) == 4 and value.args[3] != r.Raw("false"):
        raise r.ReadError("optional triggers are not read", node=node)
    return value.args[0]


def _xmage_event(r: ClassReader, value: Any) -> dict[str, Any]:
    fields, _ = r.filters.selector(value.args[1].flat(), None, zone="battlefield")
    fields["controller"] = next(word for word, const in _CONTROLLERS.items() if const == value.args[2].flat())
    return {CONSTRUCT.kind: fields}


# --------------------------------------------------------------------------------------------- resolver

def _matches(state: GameState, source: GameObject, event: OneOrMoreEnter, what: Mapping[str, Any]) -> bool:
    """The permanent is on the battlefield, and one of the permanents the event put there fits its filter."""
    from cardgen.game import filters
    from cardgen.game.continuous import controller_of

    if source.gone or source.zone != "battlefield":
        return False
    you = controller_of(state, source)
    return any(filters.matches(state, obj, event.one_or_more_enter, you, source.oid) for obj in what["objects"])


def _phrase(event: OneOrMoreEnter) -> str:
    """XMage's rules text of the trigger ("Whenever one or more tokens you control enter, ")."""
    return f"Whenever one or more {plural_words(event.one_or_more_enter)} enter, "


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="one_or_more_enter",
    model=OneOrMoreEnter,
    text=EventText(
        phrasings={"trigger": [Form("whenever one or more {f:filter_pl} enter", {"one_or_more_enter": V("f")})]},
        order=6,
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
        happening=happenings.ENTERED_TOGETHER,
        matches=_matches,
    ),
)
