"""The `enters_or_dies` trigger event: "When this creature enters or dies" (Vinereap Mentor).

One ability with two trigger events (603.2): it triggers when the permanent enters the battlefield (603.6a)
and again when it dies (700.4: put into a graveyard from the battlefield). Its dying is a leaves-the-
battlefield trigger, which looks back in time (603.10a): it triggers from the creature as it last existed
on the battlefield, under its controller then. Forge says it as two `T:` lines (the `enters` and `dies`
events', the second `Secondary$ True`), XMage as one `EntersBattlefieldOrDiesSourceTriggeredAbility`."""

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
    """The first line, the `enters` event's (`Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield |
    ValidCard$ Card.Self`); the triggered ability writes the `dies` event's after it (`forge.joins`), as Forge's
    own Vinereap Mentor."""
    from cardgen import vocab

    if intervening_if:
        raise b.error(f"an intervening 'if' on a {CONSTRUCT.kind} trigger has no Forge form here")
    return vocab.event("enters").forge.trigger(b, None, "enters")


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    return None  # its lines are read as `enters` and `dies`, then joined (`forge.joins`)


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: Any) -> Any:
    """`new EntersBattlefieldOrDiesSourceTriggeredAbility(effect, false)` (its phrase "When {this} enters or
    dies, ")."""
    return w.new(w.use("EntersBattlefieldOrDiesSourceTriggeredAbility"), effect, w.Raw("false"))


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    """`new EntersBattlefieldOrDiesSourceTriggeredAbility(effect, false[, true])`."""
    if value.cls == "EntersBattlefieldOrDiesSourceTriggeredAbility" and len(value.args) in (2, 3):
        if value.args[1] != r.Raw("false"):
            raise r.ReadError("optional triggers are not read", node=node)
        if len(value.args) == 3 and value.args[2] != r.Raw("true"):
            raise r.ReadError("the trigger's other wording ('is put into a graveyard') is not read", node=node)
        return value.args[0]
    return None


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="enters_or_dies",
    text=EventText(
        phrasings={"trigger": [Form("when {s:self} enters or dies", "enters_or_dies")]},
        order=0,
        trigger_phrase="When {this} enters or dies, ",
        names_self=True,
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"ChangesZone": _forge_read},
        joins=("enters", "dies"),
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
    ),
    rule=EventRule(
        # the object that entered notices it as "enters" does, and the creature that died as it last existed
        # on the battlefield (603.10a), as "dies" does
        happening=happenings.ENTERED,
        also=(happenings.DIED,),
    ),
)
