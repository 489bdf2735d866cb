"""The `you_forage` trigger event: "Whenever you forage" (Corpseberry Cultivator).

To forage is to exile three cards from your graveyard or sacrifice a Food (701.61a); each time the ability's
controller does, the ability triggers (603.2), whether an effect ("you may forage") or a cost ("{2}, Forage:")
made them forage. A forage that couldn't be done, or was declined, is no event."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardgen.game import happenings
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


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, intervening_if: str | None, event: Any) -> tuple[str, Params]:
    """`Mode$ Forage | ValidPlayer$ You | TriggerZones$ Battlefield` (TriggerForage.performTest:
    matchesValidParam("ValidPlayer") against the player who foraged), as Forge's own Corpseberry Cultivator."""
    if intervening_if:
        raise b.error(f"an intervening 'if' on a {CONSTRUCT.kind} trigger has no Forge form here")
    return "Forage", [("ValidPlayer", "You"), ("TriggerZones", "Battlefield")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    if bag.get("ValidPlayer") != "You" or bag.get("TriggerZones") != "Battlefield":
        raise r.error("FG201", f"T: a forage trigger other than 'whenever you forage': {value}")
    return {"event": CONSTRUCT.kind}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: Any) -> Any:
    """`new ForageTriggeredAbility(effect)` (FORAGED by its controller)."""
    return w.new(w.use("ForageTriggeredAbility"), effect)


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    if value.cls == "ForageTriggeredAbility" and len(value.args) == 1:
        return value.args[0]
    return None


# --------------------------------------------------------------------------------------------- resolver

def _matches(state: GameState, source: GameObject, event: Any, what: Mapping[str, Any]) -> bool:
    """The player who foraged controls the source."""
    from cardgen.game.continuous import controller_of

    return what.get("player") == controller_of(state, source)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="you_forage",
    text=EventText(
        phrasings={"trigger": [Form("whenever you forage", "you_forage")]},
        order=10,
        trigger_phrase="Whenever you forage, ",
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"Forage": _forge_read},
        # a deck for it fills its graveyard and makes Food, as Forge's own Corpseberry Cultivator hints
        deck_hints=(("DeckHints", "Ability", "Graveyard"), ("DeckHints", "Type", "Food")),
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
    ),
    rule=EventRule(
        happening=happenings.FORAGED,
        matches=_matches,
    ),
)
