"""The `enters` trigger event: "When this enters"."""

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
    """`Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self[+PromisedGift]`
    (the intervening "if" as its condition's `forge.valid`)."""
    suffix = ""
    if intervening_if is not None:
        condition = b.condition(intervening_if)
        if condition.forge.valid is None:
            raise b.error(f"an intervening 'if {condition.text.words}' on an {CONSTRUCT.kind} trigger has no Forge "
                          "form here")
        suffix = condition.forge.valid
    valid = "Card.Self" + suffix
    return "ChangesZone", [("Origin", "Any"), ("Destination", "Battlefield"), ("ValidCard", valid)]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    from cardgen import vocab

    valid = bag.get("ValidCard") or ""
    conditions = {"Card.Self" + c.forge.valid: kind for kind, c in vocab.CONDITIONS.items() if c.forge.valid}
    if not valid.startswith("Card.Self") or valid.startswith("Card.Self,") or bag.get("Destination") != "Battlefield":
        return None  # another permanent entering: `permanent_enters`; this one or another: `this_or_another_enters`;
        # this one leaving: `dies`
    if bag.get("Destination") != "Battlefield" or bag.get("Origin", "Any") != "Any" or (
            valid != "Card.Self" and valid not in conditions):
        raise r.error("FG201", f"T: a zone-change trigger other than 'when this enters': {value}")
    head: dict[str, Any] = {"event": CONSTRUCT.kind}
    if valid in conditions:
        head["intervening_if"] = conditions[valid]
    bag.get("TriggerZones")
    return head


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: Any) -> Any:
    return w.new(w.use("EntersBattlefieldTriggeredAbility"), effect)


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    """`new EntersBattlefieldTriggeredAbility(effect)`; XMage's `EntersBattlefieldAttachToTarget` ("When this
    enters, attach it to target creature you control") reads as the trigger with `AttachEffect`."""
    if value.cls == "EntersBattlefieldTriggeredAbility" and len(value.args) in (1, 2):
        if len(value.args) == 2 and value.args[1] != r.Raw("false"):
            raise r.ReadError("optional triggers are not read", node=node)
        return value.args[0]
    if value.cls == "EntersBattlefieldAttachToTarget" and not value.args:
        host.targets.append((r.New("TargetControlledCreaturePermanent"), node))
        return r.New("AttachEffect", (r.Raw("Outcome.BoostCreature"),))
    return None


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="enters",
    text=EventText(
        phrasings={"trigger": [Form("when {s:self} enters", "enters")]},
        order=0,
        # How the printed line starts (`{this}` is the card's name).
        trigger_phrase="When {this} enters, ",
        # "When this creature enters, you may forage. If you do, put two +1/+1 counters on it.": its "it"
        # with nothing before it is the creature
        names_self=True,
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"ChangesZone": _forge_read},
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
        # new EntersBattlefieldTriggeredAbility(effect, true): "you may ..." (603.5)
        optional_arg=1,
    ),
    rule=EventRule(
        # A permanent's gift is given by a trigger on its entering (702.174b).
        gives_gift=True,
        # The object that entered notices its own "when this enters" (and the derived gift trigger, 702.174b).
        happening=happenings.ENTERED,
    ),
)
