"""The `enters_and_expend` trigger event: "When this enchantment enters and whenever you expend 4"
(Hoarder's Overflow).

One ability with two trigger events (603.2): it triggers when the permanent enters the battlefield (603.6a)
and each time its controller expends N (the `expend` event: as they spend their Nth total mana to cast spells
during a turn). Forge says it as two `T:` lines (the `enters` and `expend` events', the second `Secondary$
True`), XMage as one `OrTriggeredAbility` of the two, with the printed trigger phrase (its own phrase would
join the two with "or")."""

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


class EntersAndExpend(SpecModel):
    """`event: {enters_and_expend: 4}`: "When this enchantment enters and whenever you expend 4"."""

    enters_and_expend: Literal[4, 6, 8]


XMAGE_AMOUNTS = {4: "FOUR", 6: "SIX", 8: "EIGHT"}
"""XMage's `ExpendTriggeredAbility.Expend` members."""


def _phrase(event: EntersAndExpend) -> str:
    return f"When {{this}} enters and whenever you expend {event.enters_and_expend}, "


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, intervening_if: str | None, event: Any) -> tuple[str, Params]:
    """Never asked: the triggered ability writes the `enters` and `expend` events' lines (`forge.joins`), as
    Forge's own Hoarder's Overflow."""
    raise b.error("the enters-and-expend trigger is written as its two events' lines")


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    return None  # its lines are read as `enters` and `expend`, then joined (`forge.joins`)


def _join_values(event: EntersAndExpend) -> list[Any]:
    from cardgen.vocab.events.expend import Expend

    return ["enters", Expend(expend=event.enters_and_expend)]


def _read_join(events: list[Any]) -> Any:
    return {"enters_and_expend": events[1]["expend"]}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: EntersAndExpend) -> Any:
    """`new OrTriggeredAbility(Zone.BATTLEFIELD, effect, false, "When {this} enters and whenever you expend 4, ",
    new EntersBattlefieldTriggeredAbility(null), new ExpendTriggeredAbility(null, ExpendTriggeredAbility.Expend.FOUR))`
    (the two triggers of XMage's own Hoarder's Overflow, with the printed phrase)."""
    expend = w.new(w.use("ExpendTriggeredAbility"), w.Raw("null"),
                   w.const(f"ExpendTriggeredAbility.Expend.{XMAGE_AMOUNTS[event.enters_and_expend]}"))
    return w.new(w.use("OrTriggeredAbility"), w.Raw(f"{w.use('Zone')}.BATTLEFIELD"), effect, w.Raw("false"),
                 w.Str(_phrase(event)), w.new(w.use("EntersBattlefieldTriggeredAbility"), w.Raw("null")), expend)


def _xmage_parts(r: ClassReader, value: Any) -> int | None:
    """The expend amount of an `OrTriggeredAbility` `_xmage` writes, None for another."""
    if value.cls != "OrTriggeredAbility" or len(value.args) != 6 or value.args[0].flat() != "Zone.BATTLEFIELD" \
            or value.args[2] != r.Raw("false"):
        return None
    enters, expend = value.args[4], value.args[5]
    if enters.flat() != "new EntersBattlefieldTriggeredAbility(null)" or not isinstance(expend, r.New) \
            or expend.cls != "ExpendTriggeredAbility" or len(expend.args) != 2 or expend.args[0] != r.Raw("null"):
        return None
    member = expend.args[1].flat().rsplit(".", 1)[-1]
    return next((n for n, name in XMAGE_AMOUNTS.items() if name == member), None)


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    return value.args[1] if _xmage_parts(r, value) is not None else None


def _xmage_event(r: ClassReader, value: Any) -> dict[str, Any]:
    return {"enters_and_expend": _xmage_parts(r, value)}


# --------------------------------------------------------------------------------------------- resolver

def _matches(state: GameState, source: GameObject, event: EntersAndExpend, what: Mapping[str, Any]) -> bool:
    """The permanent itself entering (as `enters`), or its controller's payment taking their turn's total from
    below N to N or more (as `expend`)."""
    from cardgen.game.continuous import controller_of

    if "before" not in what:  # entering: the game asks the entering permanent's own abilities only
        return True
    before: int = what["before"]
    after: int = what["after"]
    return controller_of(state, source) == what["player"] and before < event.enters_and_expend <= after


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="enters_and_expend",
    model=EntersAndExpend,
    text=EventText(
        phrasings={"trigger": [Form("when {s:self} enters and whenever you expend {n:number}",
                                    {"enters_and_expend": V("n")})]},
        order=0,
        trigger_phrase=_phrase,
        names_self=True,
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"ChangesZone": _forge_read},
        joins=("enters", "expend"),
        join_values=_join_values,
        read_join=_read_join,
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
        read_event=_xmage_event,
    ),
    rule=EventRule(
        happening=happenings.ENTERED,
        also=(happenings.EXPENDED,),
        matches=_matches,
    ),
)
