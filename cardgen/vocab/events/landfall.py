"""The `landfall` trigger event: "Landfall — Whenever a land you control enters" (Iridescent Vinelasher).

Landfall is an ability word (207.2c): it has no rules meaning, and the ability is "whenever a land you
control enters", an enters-the-battlefield ability of another permanent (603.2, 603.6a) that triggers for each
land entering under its controller's control, played or put onto the battlefield by an effect. It is the
`permanent_enters` event of a land you control said with the ability word; engines keep the word: XMage's
`LandfallAbility` prints it, Forge's own scripts carry it in the trigger's description."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardgen.game import happenings
from cardgen.model.parts import ObjectFilter
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

WORD = "Landfall — "
"""The ability word and its dash as printed (207.2c)."""
LANDS = ObjectFilter(zone="battlefield", types=["land"], controller="you")
"""What enters: a land its controller controls."""


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, intervening_if: str | None, event: Any) -> tuple[str, Params]:
    """`Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Land.YouCtrl | TriggerZones$
    Battlefield` (TriggerChangesZone.performTest: ValidCard$ the card that moved), as Forge's own landfall
    cards; the ability word is in its TriggerDescription$."""
    if intervening_if:
        raise b.error(f"an intervening 'if' on a {CONSTRUCT.kind} trigger has no Forge form here")
    return "ChangesZone", [("Origin", "Any"), ("Destination", "Battlefield"), ("ValidCard", b.valid(LANDS)),
                           ("TriggerZones", "Battlefield")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    """A land of yours entering, said with the ability word (the description's start, as the card prints it);
    the same line without it is `permanent_enters`."""
    if bag.peek("ValidCard") != "Land.YouCtrl" or bag.peek("Destination") != "Battlefield" \
            or bag.peek("Origin") not in (None, "Any") or bag.peek("TriggerZones") != "Battlefield" \
            or not (bag.peek("TriggerDescription") or "").startswith(WORD):
        return None
    for key in ("ValidCard", "Destination", "Origin", "TriggerZones"):
        bag.get(key)
    return {"event": CONSTRUCT.kind}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: Any) -> Any:
    """`new LandfallAbility(effect)` (ENTERS_THE_BATTLEFIELD of a land its controller controls; its ability
    word is AbilityWord.LANDFALL)."""
    return w.new(w.use("LandfallAbility"), effect)


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    """`new LandfallAbility(effect[, false])`."""
    if value.cls == "LandfallAbility" and len(value.args) in (1, 2):
        if len(value.args) == 2 and value.args[1] != r.Raw("false"):
            raise r.ReadError("optional triggers are not read", node=node)
        return value.args[0]
    return None


# --------------------------------------------------------------------------------------------- resolver

def _matches(state: GameState, source: GameObject, event: Any, what: Mapping[str, Any]) -> bool:
    """A permanent on the battlefield, for a land that entered under its controller's control."""
    from cardgen.game import filters
    from cardgen.game.continuous import controller_of

    entered: GameObject = what["object"]
    return source.zone == "battlefield" and filters.matches(state, entered, LANDS, controller_of(state, source),
                                                            source.oid)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="landfall",
    text=EventText(
        phrasings={"trigger": [Form("landfall — whenever a land you control enters", "landfall")]},
        order=6,
        trigger_phrase=WORD + "Whenever a land you control enters, ",
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"ChangesZone": _forge_read},
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
    ),
    rule=EventRule(
        happening=happenings.PERMANENT_ENTERED,
        matches=_matches,
    ),
)
