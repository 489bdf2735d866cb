"""The `life_changed_your_turn` trigger event: "Whenever you gain or lose life during your turn" (Bloomburrow's
Bats: Wax-Wane Witness, Moonstone Harbinger).

It triggers for each event in which the ability's controller gains life (119.9) or loses life (119.3; damage
dealt to a player, 120.3a, and life paid, 119.4, are losses) while the turn is theirs (102.1, "your turn": its
active player is the ability's controller), 603.2. Either way counts; a gain and a loss are two events. With
"This ability triggers only once each turn." (the triggered ability's `once_each_turn`) only the first event
of a turn triggers it."""

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
    """`Mode$ LifeChanged | ValidPlayer$ You | TriggerZones$ Battlefield | PlayerTurn$ True`, as Forge's own
    Wax-Wane Witness (TriggerLifeChanged.performTest: matchesValidParam("ValidPlayer"), run for a gain and a
    loss; Trigger.phasesCheck: PlayerTurn$ - the host's controller is the active player)."""
    if intervening_if:
        raise b.error(f"an intervening 'if' on a {CONSTRUCT.kind} trigger has no Forge form here")
    return "LifeChanged", [("ValidPlayer", "You"), ("TriggerZones", "Battlefield"), ("PlayerTurn", "True")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    if bag.get("ValidPlayer") != "You" or bag.get("TriggerZones") != "Battlefield" \
            or bag.get("PlayerTurn") != "True" or bag.has("FirstTime"):
        raise r.error("FG201", f"T: a life trigger other than 'whenever you gain or lose life during your turn': "
                               f"{value}")
    return {"event": CONSTRUCT.kind}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: Any) -> Any:
    """`new GainLoseLifeYourTurnTriggeredAbility(effect)` (GAINED_LIFE or LOST_LIFE_BATCH_FOR_ONE_PLAYER of
    its controller, in their turn)."""
    return w.new(w.use("GainLoseLifeYourTurnTriggeredAbility"), effect)


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    if value.cls == "GainLoseLifeYourTurnTriggeredAbility" and len(value.args) == 1:
        return value.args[0]
    return None


# --------------------------------------------------------------------------------------------- resolver

def _matches(state: GameState, source: GameObject, event: Any, what: Mapping[str, Any]) -> bool:
    """The player whose life changed controls the source, and the turn is theirs."""
    from cardgen.game.continuous import controller_of

    you = controller_of(state, source)
    return what.get("delta", 0) != 0 and what.get("player") == you and what.get("active") == you


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="life_changed_your_turn",
    text=EventText(
        phrasings={"trigger": [Form("whenever you gain or lose life during your turn", "life_changed_your_turn")]},
        order=10,
        trigger_phrase="Whenever you gain or lose life during your turn, ",
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"LifeChanged": _forge_read},
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
