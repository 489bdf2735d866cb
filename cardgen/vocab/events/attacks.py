"""The `attacks` trigger event: "Whenever this creature attacks" (508.1m, 508.3a): it triggers when the
creature is declared as an attacker, once the declaration is complete, whether or not it is blocked later;
a creature put onto the battlefield attacking was never declared and doesn't trigger it (508.3a, 508.4)."""

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
    """`Mode$ Attacks | ValidCard$ Card.Self` (TriggerAttacks: the attacker is the host), as Forge's own
    attack triggers of the set are written (no TriggerZones$: the attacker is on the battlefield)."""
    if intervening_if:
        raise b.error(f"an intervening 'if the gift was promised' on an {CONSTRUCT.kind} trigger has no Forge "
                      "form here")
    return "Attacks", [("ValidCard", "Card.Self")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    if bag.peek("NoResolvingCheck") is not None:
        return None  # a condition of the event's own: `attacks_while`
    if bag.get("ValidCard") != "Card.Self" or bag.has("Attacked") or bag.has("Alone") \
            or bag.has("FirstAttack") or bag.has("ValidAttacker"):
        raise r.error("FG201", f"T: an attack trigger other than 'whenever this creature attacks': {value}")
    bag.get("TriggerZones")
    return {"event": CONSTRUCT.kind}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: Any) -> Any:
    return w.new(w.use("AttacksTriggeredAbility"), effect)


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    """`new AttacksTriggeredAbility(effect)` (or with `false`: not optional)."""
    if value.cls == "AttacksTriggeredAbility" and len(value.args) in (1, 2):
        if len(value.args) == 2 and value.args[1] != r.Raw("false"):
            raise r.ReadError("optional triggers are not read", node=node)
        return value.args[0]
    return None


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="attacks",
    text=EventText(
        phrasings={"trigger": [Form("whenever {s:self} attacks", "attacks")]},
        order=3,
        trigger_phrase="Whenever {this} attacks, ",
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"Attacks": _forge_read},
        # the AI counts the trigger's gain when it weighs an attack (AiAttackController reads the SVar);
        # Forge's own Thistledown Players, Seedpod Squire, Seasoned Warrenguard, Waterspout Warden,
        # Agate-Blade Assassin and Valley Rotcaller carry it
        hints=lambda event: [("HasAttackEffect", "TRUE")],
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
    ),
    rule=EventRule(
        # The creature declared as an attacker notices its own "whenever this creature attacks" (508.3a).
        happening=happenings.ATTACKED,
    ),
)
