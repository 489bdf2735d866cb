"""The `class_level` trigger event: "When this Class becomes level N" (716.2c): it triggers as the Class's
level ability resolves and its level becomes N (716.2a), once; a level gained again (it can't: each level
ability needs the level before it) would not. The ability is one of level N's (716.2b), which the permanent
has from the moment its level is N, so it sees its own level gained."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import Field

from cardgen.game import happenings
from cardgen.model.parts import SpecModel
from cardgen.vocab.construct import EventConstruct, EventRule, EventText, ForgeEvent, XMageEvent
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from typing import Annotated

    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.read_model import Bag
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.java_expr import Expr
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.engines.xmage.reader import ClassReader
    from cardgen.game.objects import GameObject
    from cardgen.game.state import GameState
else:
    from typing import Annotated


class BecomesLevel(SpecModel):
    """`event: {class_level: 2}`: "When this Class becomes level 2"."""

    class_level: Annotated[int, Field(ge=2, le=9)]


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, intervening_if: str | None, event: BecomesLevel) -> tuple[str, Params]:
    """`Mode$ ClassLevelGained | ClassLevel$ N | ValidCard$ Card.Self | TriggerZones$ Battlefield`
    (TriggerClassLevelGained: the card whose level was gained, and that level)."""
    if intervening_if:
        raise b.error("an intervening 'if' on a class level trigger has no Forge form here")
    return "ClassLevelGained", [("ClassLevel", str(event.class_level)), ("ValidCard", "Card.Self"),
                                ("TriggerZones", "Battlefield")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any]:
    level = bag.get("ClassLevel") or ""
    if bag.get("ValidCard") != "Card.Self" or bag.get("TriggerZones") != "Battlefield" or not level.isdigit():
        raise r.error("FG201", f"T: a class level trigger other than 'when this Class becomes level N': {value}")
    bag.get("Secondary")  # an AI and display hint only
    return {"event": {"class_level": int(level)}}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, effect: Expr, event: BecomesLevel) -> Any:
    """`new BecomesClassLevelTriggeredAbility(effect, N)`."""
    return w.new(w.use("BecomesClassLevelTriggeredAbility"), effect, w.Raw(str(event.class_level)))


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    if value.cls != "BecomesClassLevelTriggeredAbility":
        return None
    if len(value.args) != 2 or not (isinstance(value.args[1], r.Raw) and value.args[1].text.isdigit()):
        raise r.ReadError(f"class level trigger not understood: {value.flat()[:80]}", node=node)
    return value.args[0]


def _xmage_event(r: ClassReader, value: Any) -> dict[str, Any]:
    return {"class_level": int(value.args[1].text)}


# --------------------------------------------------------------------------------------------- resolver

def _matches(state: GameState, source: GameObject, event: BecomesLevel, what: Mapping[str, Any]) -> bool:
    """The Class whose level became N, for its own ability of level N."""
    return bool(what["object"] == source.oid and what["level"] == event.class_level)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="class_level",
    model=BecomesLevel,
    text=EventText(
        phrasings={"trigger": [Form("when {s:self} becomes level {n:number}", {"class_level": V("n")})]},
        order=4,
        trigger_phrase=lambda event: f"When {{this}} becomes level {event.class_level}, ",
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"ClassLevelGained": _forge_read},
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
        read_event=_xmage_event,
    ),
    rule=EventRule(
        happening=happenings.CLASS_LEVEL_GAINED,
        matches=_matches,
    ),
)
