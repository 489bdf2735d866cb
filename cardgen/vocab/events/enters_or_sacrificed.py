"""The `enters_or_sacrificed` trigger event: "When this artifact enters and when you sacrifice it" (Heaped
Harvest, Carrot Cake).

One ability with two trigger events (603.2): it triggers when the permanent enters the battlefield (603.6a)
and again when its controller sacrifices it (701.21a), a leaves-the-battlefield trigger that looks back in time
(603.10a). Forge says it as two `T:` lines (the `enters` and `sacrificed` events', the second `Secondary$
True`), XMage as one `OrTriggeredAbility` of an `EntersBattlefieldTriggeredAbility` and a
`SacrificeSourceTriggeredAbility`, each without an effect of its own."""

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

PHRASE = "When {this} enters and when you sacrifice it, "

_PARTS = ("EntersBattlefieldTriggeredAbility", "SacrificeSourceTriggeredAbility")


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, intervening_if: str | None, event: Any) -> tuple[str, Params]:
    """The first line, the `enters` event's; the triggered ability writes the `sacrificed` event's after it
    (`forge.joins`), as Forge's own Heaped Harvest and Carrot Cake."""
    from cardgen import vocab

    if intervening_if:
        raise b.error(f"an intervening 'if' on a {CONSTRUCT.kind} trigger has no Forge form here")
    return vocab.event("enters").forge.trigger(b, None, "enters")


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    return None  # its lines are read as `enters` and `sacrificed`, then joined (`forge.joins`)


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: Any) -> Any:
    """`new OrTriggeredAbility(Zone.ALL, effect, false, "When {this} enters and when you sacrifice it, ", new
    EntersBattlefieldTriggeredAbility(null), new SacrificeSourceTriggeredAbility(null))`, as XMage's own Heaped
    Harvest (Zone.ALL: OrTriggeredAbility checks that an enters or sacrifice part triggers from every zone)."""
    parts = [w.new(w.use(name), w.Raw("null")) for name in _PARTS]
    return w.new(w.use("OrTriggeredAbility"), w.const("Zone.ALL"), effect, w.Raw("false"), w.Str(PHRASE), *parts)


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    """The `OrTriggeredAbility` `_xmage` writes, and XMage's own shorter one (Carrot Cake: without `optional`
    and the phrase, which `setTriggerPhrase` then says)."""
    if value.cls != "OrTriggeredAbility":
        return None
    args = list(value.args)
    if len(args) == 6:
        if args[2] != r.Raw("false"):
            raise r.ReadError("optional triggers are not read", node=node)
        if not isinstance(args[3], r.Str) or args[3].value != PHRASE:
            raise r.ReadError("an OrTriggeredAbility of another phrase", node=node)
        args = args[:2] + args[4:]
    if len(args) != 4 or args[0].flat() != "Zone.ALL":
        return None
    if tuple(part.cls if isinstance(part, r.New) else None for part in args[2:]) != _PARTS \
            or any(part.args != (r.Raw("null"),) for part in args[2:]):
        return None
    return args[1]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="enters_or_sacrificed",
    text=EventText(
        phrasings={"trigger": [Form("when {s:self} enters and when you sacrifice it", "enters_or_sacrificed")]},
        order=0,
        trigger_phrase=PHRASE,
        names_self=True,
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"ChangesZone": _forge_read},
        joins=("enters", "sacrificed"),
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
        # new OrTriggeredAbility(Zone.ALL, effect, true, phrase, ...): "you may ..." (603.5), as XMage's own Heaped
        # Harvest
        optional_arg=2,
    ),
    rule=EventRule(
        # the object that entered notices it as "enters" does, and the permanent sacrificed as it last existed on
        # the battlefield (603.10a), as "sacrificed" does
        happening=happenings.ENTERED,
        also=(happenings.SACRIFICED,),
    ),
)
