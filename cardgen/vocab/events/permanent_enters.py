"""The `permanent_enters` trigger event: "Whenever another creature you control enters", "Whenever a
nontoken Bird you control enters" (603.2, 603.6a: an enters-the-battlefield ability triggers when a
permanent it names enters). Its filter is the entering permanent's, `other` leaving out the ability's own
source (it doesn't see itself enter as "another"); "you" is the ability's controller."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import field_validator

from cardgen.game import happenings
from cardgen.model.parts import ObjectFilter, SpecModel
from cardgen.vocab.construct import EventConstruct, EventRule, EventText, ForgeEvent, XMageEvent
from cardgen.vocab.pattern import Form, V, With
from cardgen.vocab.trigger_filters import on_battlefield

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


class PermanentEnters(SpecModel):
    """`event: {enters: {types: [creature], controller: you, other: true}}`: "Whenever another creature you
    control enters"."""

    enters: ObjectFilter

    @field_validator("enters", mode="after")
    @classmethod
    def _a_permanent(cls, value: ObjectFilter) -> ObjectFilter:
        return on_battlefield(value, "enters")


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, intervening_if: str | None, event: PermanentEnters) -> tuple[str, Params]:
    """`Mode$ ChangesZone | Destination$ Battlefield | ValidCard$ Creature.Other+YouCtrl | TriggerZones$
    Battlefield` (TriggerChangesZone: ValidCard$ is the card that moved)."""
    if intervening_if:
        raise b.error(f"an intervening 'if the gift was promised' on a {CONSTRUCT.kind} trigger has no Forge "
                      "form here")
    return "ChangesZone", [("Origin", "Any"), ("Destination", "Battlefield"), ("ValidCard", b.valid(event.enters)),
                           ("TriggerZones", "Battlefield")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    """A zone-change trigger into the battlefield for a permanent other than the host itself (the `enters`
    event's reader takes `Card.Self`)."""
    valid = bag.get("ValidCard") or ""
    if bag.get("Destination") != "Battlefield" or bag.get("Origin", "Any") != "Any" or valid.startswith("Card.Self"):
        return None
    if bag.get("TriggerZones") != "Battlefield":
        raise r.error("FG201", f"T: an enters trigger of another permanent without TriggerZones$ Battlefield: {value}")
    return {"event": {"enters": {"zone": "battlefield", **r.valid(valid).fields}}}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: PermanentEnters) -> Any:
    """`new EntersBattlefieldControlledTriggeredAbility(effect, StaticFilters.FILTER_ANOTHER_CREATURE)` for
    "another creature you control" (the class adds "you control"), else `new
    EntersBattlefieldAllTriggeredAbility(effect, filter)` with a filter of the card's own."""
    flt = event.enters
    if flt.model_copy(update={"controller": None}) == ObjectFilter(types=["creature"], other=True) \
            and flt.controller == "you":
        return w.new(w.use("EntersBattlefieldControlledTriggeredAbility"), effect,
                     w.const("StaticFilters.FILTER_ANOTHER_CREATURE"))
    return w.new(w.use("EntersBattlefieldAllTriggeredAbility"), effect, w.Raw(w.filters.add(flt, another=True)))


_CLASSES = ("EntersBattlefieldControlledTriggeredAbility", "EntersBattlefieldAllTriggeredAbility")


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    if value.cls in _CLASSES and len(value.args) in (2, 3) and r.filters.known(value.args[1].flat()):
        if len(value.args) == 3 and value.args[2] != r.Raw("false"):
            raise r.ReadError("optional triggers are not read", node=node)
        return value.args[0]
    return None


def _xmage_event(r: ClassReader, value: Any) -> dict[str, Any]:
    fields, _ = r.filters.selector(value.args[1].flat(), None, zone="battlefield")
    if value.cls == "EntersBattlefieldControlledTriggeredAbility":
        fields["controller"] = "you"
    return {"enters": fields}


# --------------------------------------------------------------------------------------------- resolver

def _matches(state: GameState, source: GameObject, event: PermanentEnters, what: Mapping[str, Any]) -> bool:
    """A permanent on the battlefield whose filter selects the one that entered ("you": its controller)."""
    from cardgen.game import filters
    from cardgen.game.continuous import controller_of

    entered: GameObject = what["object"]
    return source.zone == "battlefield" and filters.matches(state, entered, event.enters,
                                                            controller_of(state, source), source.oid)


def _phrase(event: PermanentEnters) -> str:
    """XMage's rules text of the trigger ("Whenever another creature you control enters, ")."""
    flt = event.enters
    kinds = [*flt.subtypes, *flt.types] or ["permanent"]
    listed = " or ".join(kinds) if len(kinds) < 3 else ", ".join(kinds[:-1]) + ", or " + kinds[-1]
    words = [*(["nontoken"] if flt.token is False else []), *[f"non{t}" for t in flt.not_types], listed,
             *(["you control"] if flt.controller == "you" else [])]
    first = "another" if flt.other else ("an" if words[0][0] in "aeiou" else "a")
    return f"Whenever {first} {' '.join(words)} enters, "


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="permanent_enters",
    model=PermanentEnters,
    text=EventText(
        phrasings={"trigger": [
            Form("whenever another {f:filter_sg} enters", {"enters": With("f", (("other", True),))}),
            Form("whenever an {f:filter_sg} enters", {"enters": V("f")}, parse_only=True),
            Form("whenever a {f:filter_sg} enters", {"enters": V("f")}),
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
