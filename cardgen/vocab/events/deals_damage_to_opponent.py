"""The `deals_damage_to_opponent` trigger event: "Whenever this creature deals damage to an opponent" (120.3:
any damage, combat damage or not; it triggers once for each time the creature deals damage to an opponent of
its controller, 603.2)."""

from __future__ import annotations

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


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, intervening_if: str | None, event: Any) -> tuple[str, Params]:
    """`Mode$ DamageDone | ValidSource$ Card.Self | ValidTarget$ Opponent` (TriggerDamageDone: the damage's
    source and recipient), as Forge's own Thieving Otter writes it."""
    if intervening_if:
        raise b.error(f"an intervening 'if' on a {CONSTRUCT.kind} trigger has no Forge form here")
    return "DamageDone", [("ValidSource", "Card.Self"), ("ValidTarget", "Opponent"), ("TriggerZones", "Battlefield")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    if bag.get("ValidSource") != "Card.Self" or bag.get("ValidTarget") != "Opponent" or bag.has("CombatDamage"):
        raise r.error("FG201", f"T: a damage trigger other than 'whenever this creature deals damage to an "
                      f"opponent': {value}")
    bag.get("TriggerZones")
    return {"event": CONSTRUCT.kind}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: Any) -> Any:
    return w.new(w.use("DealsDamageToOpponentTriggeredAbility"), effect)


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    """`new DealsDamageToOpponentTriggeredAbility(effect)` (`, false`: not optional)."""
    if value.cls == "DealsDamageToOpponentTriggeredAbility" and len(value.args) in (1, 2):
        if len(value.args) == 2 and value.args[1] != r.Raw("false"):
            raise r.ReadError("optional triggers are not read", node=node)
        return value.args[0]
    return None


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="deals_damage_to_opponent",
    text=EventText(
        phrasings={"trigger": [Form("whenever {s:self} deals damage to an opponent", "deals_damage_to_opponent")]},
        order=10,
        trigger_phrase="Whenever {this} deals damage to an opponent, ",
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"DamageDone": _forge_read},
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
    ),
    rule=EventRule(
        # The creature that dealt damage to an opponent of its controller notices its own ability
        # (`cardgen.game.triggers.damaged_player`).
        happening=happenings.DAMAGED_OPPONENT,
    ),
)
