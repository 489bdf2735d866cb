"""The `you_attack` trigger event: "Whenever you attack" (508.1m): it triggers once each time its
controller declares one or more creatures as attackers, however many they declare, once the declaration is
complete (508.1m); a declaration of no attackers is no attack and doesn't trigger it, and a creature put
onto the battlefield attacking was never declared (508.4), so it doesn't either."""

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
    """`Mode$ AttackersDeclared | AttackingPlayer$ You | TriggerZones$ Battlefield` (TriggerAttackersDeclared:
    PhaseHandler runs it once as the attackers are declared), as Forge's own Warren Warleader says it."""
    if intervening_if:
        raise b.error(f"an intervening 'if the gift was promised' on a {CONSTRUCT.kind} trigger has no Forge "
                      "form here")
    return "AttackersDeclared", [("AttackingPlayer", "You"), ("TriggerZones", "Battlefield")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    if bag.peek("ValidAttackers") is not None or bag.peek("AttackedTarget") is not None:
        return None
    if bag.get("AttackingPlayer") != "You" or bag.get("TriggerZones") != "Battlefield":
        raise r.error("FG201", f"T: an attackers-declared trigger other than 'whenever you attack': {value}")
    return {"event": CONSTRUCT.kind}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: Any) -> Any:
    """`new AttacksWithCreaturesTriggeredAbility(effect, 1)`: its controller attacks with at least one
    creature (its default filter, `FILTER_PERMANENT_CREATURES`, prints "Whenever you attack, ")."""
    return w.new(w.use("AttacksWithCreaturesTriggeredAbility"), effect, w.Raw("1"))


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    if value.cls == "AttacksWithCreaturesTriggeredAbility" and len(value.args) == 2 and value.args[1] == r.Raw("1"):
        return value.args[0]
    return None


# --------------------------------------------------------------------------------------------- resolver

def _matches(state: GameState, source: GameObject, event: Any, what: Mapping[str, Any]) -> bool:
    """A permanent whose controller is the player who declared the attackers."""
    from cardgen.game.continuous import controller_of

    return source.zone == "battlefield" and controller_of(state, source) == what["player"]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="you_attack",
    text=EventText(
        phrasings={"trigger": [Form("whenever you attack", "you_attack")]},
        order=1,
        trigger_phrase="Whenever you attack, ",
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"AttackersDeclared": _forge_read},
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
    ),
    rule=EventRule(
        # The attacking player's permanents notice that attackers were declared, once (508.1m).
        happening=happenings.ATTACKERS_DECLARED,
        matches=_matches,
    ),
)
