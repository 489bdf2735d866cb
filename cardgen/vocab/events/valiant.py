"""The `valiant` trigger event (Bloomburrow's ability word): "Valiant — Whenever this creature becomes the
target of a spell or ability you control for the first time each turn". It triggers as a spell or ability
its controller controls is given it as a target (601.2c for a spell, 602.2b for an activated ability, 603.3d
for a triggered one), only the first time in each turn; a spell or ability of an opponent's doesn't count and
doesn't use up the first time. The trigger resolves first, before what targeted it (603.3)."""

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
    """`Mode$ BecomesTarget | ValidTarget$ Card.Self | ValidSource$ SpellAbility.YouCtrl | TriggerZones$
    Battlefield | Valiant$ True` (TriggerBecomesTarget; `Valiant$` keeps it to the first time each turn), as
    Forge's own valiant cards are written."""
    if intervening_if:
        raise b.error(f"an intervening 'if the gift was promised' on a {CONSTRUCT.kind} trigger has no Forge "
                      "form here")
    return "BecomesTarget", [("ValidTarget", "Card.Self"), ("ValidSource", "SpellAbility.YouCtrl"),
                             ("TriggerZones", "Battlefield"), ("Valiant", "True")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any]:
    if bag.get("ValidTarget") != "Card.Self" or bag.get("ValidSource") != "SpellAbility.YouCtrl" \
            or bag.get("TriggerZones") != "Battlefield" or bag.get("Valiant") != "True":
        raise r.error("FG201", f"T: a becomes-the-target trigger other than valiant: {value}")
    return {"event": CONSTRUCT.kind}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: Any) -> Any:
    return w.new(w.use("ValiantTriggeredAbility"), effect)


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    """`new ValiantTriggeredAbility(effect)`."""
    if value.cls == "ValiantTriggeredAbility" and len(value.args) == 1:
        return value.args[0]
    return None


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="valiant",
    text=EventText(
        phrasings={"trigger": [Form("valiant — whenever {s:self} becomes the target of a spell or ability you "
                                    "control for the first time each turn", "valiant")]},
        order=7,
        trigger_phrase="Valiant — Whenever {this} becomes the target of a spell or ability you control for the "
                       "first time each turn, ",
        # "Valiant — ..., put a +1/+1 counter on it": the creature that became the target
        names_self=True,
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"BecomesTarget": _forge_read},
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
    ),
    rule=EventRule(
        # The permanent targeted by its controller's spell or ability notices its own valiant (the game kit
        # keeps, per object, the turn each player last targeted it).
        happening=happenings.FIRST_TARGETED,
    ),
)
