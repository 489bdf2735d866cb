"""The `you_attack_with` trigger event: "Whenever you attack with one or more Lizards" (508.1m): it triggers
once each time its controller declares attackers among which at least one creature the filter selects,
however many; a creature put onto the battlefield attacking was never declared (508.4) and doesn't count."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import field_validator

from cardgen.game import happenings
from cardgen.model.parts import ObjectFilter, SpecModel
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


class YouAttackWith(SpecModel):
    """`event: {attack_with: {subtypes: [Lizard]}}`: "Whenever you attack with one or more Lizards" (the
    attackers are the controller's own: the filter names what they are, not who controls them)."""

    attack_with: ObjectFilter

    @field_validator("attack_with", mode="after")
    @classmethod
    def _an_attacker(cls, value: ObjectFilter) -> ObjectFilter:
        if value.zone != "battlefield" or value.controller is not None or value.owner is not None:
            raise ValueError("an attacker is a permanent of the attacking player: no zone, controller or owner")
        return value


def _controlled(event: YouAttackWith) -> ObjectFilter:
    return event.attack_with.model_copy(update={"controller": "you"})


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, intervening_if: str | None, event: YouAttackWith) -> tuple[str, Params]:
    """`Mode$ AttackersDeclared | AttackingPlayer$ You | ValidAttackers$ Lizard.YouCtrl | TriggerZones$
    Battlefield` (TriggerAttackersDeclared: ValidAttackers$ holds when one of the attackers matches it), as
    Forge's own Hired Claw says it."""
    if intervening_if:
        raise b.error(f"an intervening 'if' on a {CONSTRUCT.kind} trigger has no Forge form here")
    return "AttackersDeclared", [("AttackingPlayer", "You"), ("ValidAttackers", b.valid(_controlled(event))),
                                 ("TriggerZones", "Battlefield")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    valid = bag.peek("ValidAttackers")
    if valid is None or bag.peek("AttackedTarget") is not None:
        return None
    bag.get("ValidAttackers")
    if bag.get("AttackingPlayer", "You") != "You" or bag.get("TriggerZones") != "Battlefield":
        raise r.error("FG201", f"T: an attackers-declared trigger other than 'whenever you attack with': {value}")
    fields = dict(r.valid(valid).fields)
    if fields.pop("controller", None) != "you":
        raise r.error("FG201", f"T: attackers of a player other than the trigger's controller: {value}")
    fields.pop("zone", None)
    return {"event": {"attack_with": fields}}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: YouAttackWith) -> Any:
    """`new AttacksWithCreaturesTriggeredAbility(effect, 1, filter)`: at least one attacker the filter
    selects (its trigger phrase says "with one or more " and the filter's message)."""
    return w.new(w.use("AttacksWithCreaturesTriggeredAbility"), effect, w.Raw("1"),
                 w.Raw(w.filters.add(event.attack_with, plural=True)))


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    if value.cls == "AttacksWithCreaturesTriggeredAbility" and len(value.args) == 3 \
            and value.args[1] == r.Raw("1") and r.filters.known(value.args[2].flat()):
        return value.args[0]
    return None


def _xmage_event(r: ClassReader, value: Any) -> dict[str, Any]:
    fields, _ = r.filters.selector(value.args[2].flat(), None, zone="battlefield")
    fields.pop("zone", None)
    return {"attack_with": fields}


# --------------------------------------------------------------------------------------------- resolver

def _matches(state: GameState, source: GameObject, event: YouAttackWith, what: Mapping[str, Any]) -> bool:
    """The attacking player controls the permanent, and one of the declared attackers fits the filter."""
    from cardgen.game import filters
    from cardgen.game.continuous import controller_of

    you = controller_of(state, source)
    return source.zone == "battlefield" and you == what["player"] and any(
        filters.matches(state, attacker, event.attack_with, you, source.oid) for attacker in what["attackers"])


def _phrase(event: YouAttackWith) -> str:
    from cardgen.model.subtypes import plural

    words = [plural(word) for word in event.attack_with.subtypes] or ["creatures"]
    return f"Whenever you attack with one or more {' and/or '.join(words)}, "


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="you_attack_with",
    model=YouAttackWith,
    text=EventText(
        phrasings={"trigger": [Form("whenever you attack with one or more {f:filter_pl}", {"attack_with": V("f")})]},
        order=1,
        trigger_phrase=_phrase,
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"AttackersDeclared": _forge_read},
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
        read_event=_xmage_event,
    ),
    rule=EventRule(
        happening=happenings.ATTACKERS_DECLARED,
        matches=_matches,
    ),
)
