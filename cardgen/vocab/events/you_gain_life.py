"""The `you_gain_life` trigger event: "Whenever you gain life" (Bloomburrow's Bats and Clerics).

It triggers once for each event in which the ability's controller gains life (119.9: it is treated as
"whenever a source causes you to gain life"; a gain of 0 life is no event), 603.2: whenever the event happens,
and two gains are two events (lifelink damage of two sources at once aside, which the resolver doesn't make).
"You" is the controller of the ability's source (109.5)."""

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
    """`Mode$ LifeGained | ValidPlayer$ You | TriggerZones$ Battlefield` (TriggerLifeGained.performTest:
    matchesValidParam("ValidPlayer") against the player who gained life), as Forge's own Starscape Cleric."""
    if intervening_if:
        raise b.error(f"an intervening 'if' on a {CONSTRUCT.kind} trigger has no Forge form here")
    return "LifeGained", [("ValidPlayer", "You"), ("TriggerZones", "Battlefield")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    if bag.get("ValidPlayer") != "You" or bag.get("TriggerZones") != "Battlefield" or bag.has("PlayerTurn") \
            or bag.has("ValidSource") or bag.has("FirstTime"):
        raise r.error("FG201", f"T: a life-gain trigger other than 'whenever you gain life': {value}")
    return {"event": CONSTRUCT.kind}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: Any) -> Any:
    """`new GainLifeControllerTriggeredAbility(effect)` (GAINED_LIFE of its controller)."""
    return w.new(w.use("GainLifeControllerTriggeredAbility"), effect)


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    """`new GainLifeControllerTriggeredAbility(effect[, false[, false]])`."""
    if value.cls == "GainLifeControllerTriggeredAbility" and len(value.args) in (1, 2, 3):
        if any(arg != r.Raw("false") for arg in value.args[1:]):
            raise r.ReadError("optional triggers and target pointers to the player are not read", node=node)
        return value.args[0]
    return None


# --------------------------------------------------------------------------------------------- resolver

def _matches(state: GameState, source: GameObject, event: Any, what: Mapping[str, Any]) -> bool:
    """The player who gained life controls the source (a loss is no gain)."""
    from cardgen.game.continuous import controller_of

    return what.get("delta", 0) > 0 and what.get("player") == controller_of(state, source)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="you_gain_life",
    text=EventText(
        phrasings={"trigger": [Form("whenever you gain life", "you_gain_life")]},
        order=10,
        trigger_phrase="Whenever you gain life, ",
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"LifeGained": _forge_read},
        deck_hints=(("DeckHints", "Ability", "LifeGain"),),
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
    ),
    rule=EventRule(
        happening=happenings.LIFE_CHANGED,
        matches=_matches,
    ),
)
