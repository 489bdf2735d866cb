"""The `expend` trigger event: "Whenever you expend N" (Bloomburrow): it triggers as its controller
spends their Nth total mana to cast spells during a turn (the reminder text: "You expend 4 as you spend your
fourth total mana to cast spells during a turn"). Only mana spent on spells counts, not on abilities; the
count is the turn's, and a spell whose payment takes the total from below N to N or more triggers it once
(as the cost is paid, 601.2h; it goes on the stack above the spell once casting is done, 603.3). A
permanent that arrives after the Nth mana was spent doesn't trigger that turn: the count only goes past N
once."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from cardgen.game import happenings
from cardgen.model.parts import SpecModel
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


class Expend(SpecModel):
    """`event: {expend: 4}`: "Whenever you expend 4"."""

    expend: Literal[4, 6, 8]
    """The amounts printed cards expend (and XMage's `ExpendTriggeredAbility.Expend` enum has)."""


XMAGE_AMOUNTS = {4: "FOUR", 6: "SIX", 8: "EIGHT"}
"""XMage's `ExpendTriggeredAbility.Expend` members."""


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, intervening_if: str | None, event: Expend) -> tuple[str, Params]:
    """`Mode$ ManaExpend | Amount$ N | Player$ You | TriggerZones$ Battlefield` (TriggerManaExpend: the player's
    running total of mana spent on spells this turn reaching exactly Amount$)."""
    if intervening_if:
        raise b.error(f"an intervening 'if the gift was promised' on an {CONSTRUCT.kind} trigger has no Forge "
                      "form here")
    return "ManaExpend", [("Amount", str(event.expend)), ("Player", "You"), ("TriggerZones", "Battlefield")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any]:
    amount = bag.get("Amount") or ""
    if bag.get("Player") != "You" or bag.get("TriggerZones") != "Battlefield" or not amount.isdigit():
        raise r.error("FG201", f"T: a mana-expend trigger other than 'whenever you expend N': {value}")
    return {"event": {"expend": int(amount)}}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: Expend) -> Any:
    """`new ExpendTriggeredAbility(effect, ExpendTriggeredAbility.Expend.FOUR)`."""
    return w.new(w.use("ExpendTriggeredAbility"), effect,
                 w.const(f"ExpendTriggeredAbility.Expend.{XMAGE_AMOUNTS[event.expend]}"))


def _xmage_amount(value: Any) -> int | None:
    if value.cls == "ExpendTriggeredAbility" and len(value.args) in (2, 3):
        member = value.args[1].flat().rsplit(".", 1)[-1]
        return next((n for n, name in XMAGE_AMOUNTS.items() if name == member), None)
    return None


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    """`new ExpendTriggeredAbility(effect, ExpendTriggeredAbility.Expend.N[, false])`."""
    if _xmage_amount(value) is None:
        return None
    if len(value.args) == 3 and value.args[2] != r.Raw("false"):
        raise r.ReadError("optional triggers are not read", node=node)
    return value.args[0]


def _xmage_event(r: ClassReader, value: Any) -> dict[str, Any]:
    return {"expend": _xmage_amount(value)}


# --------------------------------------------------------------------------------------------- resolver

def _matches(state: GameState, source: GameObject, event: Expend, what: Mapping[str, Any]) -> bool:
    """The spender's permanents, when this payment took their turn's total from below N to N or more."""
    from cardgen.game.continuous import controller_of

    before: int = what["before"]
    after: int = what["after"]
    return controller_of(state, source) == what["player"] and before < event.expend <= after


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="expend",
    model=Expend,
    text=EventText(
        phrasings={"trigger": [Form("whenever you expend {n:number}", {"expend": V("n")})]},
        order=4,
        trigger_phrase=lambda event: f"Whenever you expend {event.expend}, ",
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"ManaExpend": _forge_read},
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
        read_event=_xmage_event,
    ),
    rule=EventRule(
        happening=happenings.EXPENDED,
        matches=_matches,
    ),
)
