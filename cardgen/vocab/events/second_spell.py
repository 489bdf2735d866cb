"""The `second_spell` trigger event: "Whenever a player casts their second spell each turn" (Hearthborn
Battler), "Whenever you cast your second spell each turn", "Whenever an opponent casts their second spell each
turn".

A spell becomes cast once casting is complete (601.2i), and an ability that triggers on casting triggers then
(603.2). It is the caster's second spell of the turn that triggers it: each player's spells are counted on their
own, from the start of each turn (whoever's turn it is), and the third or a later one doesn't trigger it. The
trigger goes on the stack above the spell (603.3), which still resolves after it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from cardgen.game import happenings
from cardgen.model.parts import SpecModel
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


Caster = Literal["any", "you", "opponent"]


class SecondSpell(SpecModel):
    """`event: {second_spell: any}`: "Whenever a player casts their second spell each turn"; `you`: "Whenever
    you cast your second spell each turn"; `opponent`: "Whenever an opponent casts their second spell each
    turn"."""

    second_spell: Caster


_WORDS: dict[str, str] = {
    "any": "whenever a player casts their second spell each turn",
    "you": "whenever you cast your second spell each turn",
    "opponent": "whenever an opponent casts their second spell each turn",
}


def _phrase(event: SecondSpell) -> str:
    words = _WORDS[event.second_spell]
    return words[0].upper() + words[1:] + ", "


# ------------------------------------------------------------------------------------------------ Forge

FORGE_PLAYERS = {"any": "Player", "you": "You", "opponent": "Opponent"}
"""`ValidActivatingPlayer$` of each caster (matchesValid against the spell's activating player)."""


def _forge(b: ScriptBuilder, intervening_if: str | None, event: SecondSpell) -> tuple[str, Params]:
    """`Mode$ SpellCast | ValidActivatingPlayer$ Player | ActivatorThisTurnCast$ EQ2 | TriggerZones$ Battlefield`
    (TriggerSpellAbilityCastOrCopy.performTest: the spells the activating player cast this turn, this one
    included, compared with ActivatorThisTurnCast$), as Forge's own Hearthborn Battler."""
    if intervening_if:
        raise b.error(f"an intervening 'if' on a {CONSTRUCT.kind} trigger has no Forge form here")
    return "SpellCast", [("ValidActivatingPlayer", FORGE_PLAYERS[event.second_spell]),
                         ("ActivatorThisTurnCast", "EQ2"), ("TriggerZones", "Battlefield")]


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    if bag.peek("ActivatorThisTurnCast") is None:
        return None  # `you_cast`'s
    caster = next((c for c, player in FORGE_PLAYERS.items() if player == bag.peek("ValidActivatingPlayer")), None)
    if bag.get("ActivatorThisTurnCast") != "EQ2" or caster is None or bag.get("TriggerZones") != "Battlefield" \
            or bag.has("ValidCard"):
        raise r.error("FG201", f"T: a cast trigger other than 'casts their second spell each turn': {value}")
    bag.get("ValidActivatingPlayer")
    return {"event": {"second_spell": caster}}


# ------------------------------------------------------------------------------------------------ XMage

XMAGE_CONTROLLERS = {"any": "TargetController.ANY", "you": "TargetController.YOU",
                     "opponent": "TargetController.OPPONENT"}


def _xmage(w: CardLowering, effect: Expr, event: SecondSpell) -> Any:
    """`new CastSecondSpellTriggeredAbility(effect, TargetController.ANY)` (SPELL_CAST whose caster cast two
    spells this turn, CastSpellLastTurnWatcher); "you": `(effect)`."""
    cls = w.use("CastSecondSpellTriggeredAbility")
    if event.second_spell == "you":
        return w.new(cls, effect)
    return w.new(cls, effect, w.const(XMAGE_CONTROLLERS[event.second_spell]))


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    if value.cls != "CastSecondSpellTriggeredAbility":
        return None
    if len(value.args) == 1 or (len(value.args) == 2 and value.args[1].flat() in XMAGE_CONTROLLERS.values()):
        return value.args[0]
    raise r.ReadError("a second-spell trigger of another zone, optional or with a target pointer is not read",
                      node=node)


def _xmage_event(r: ClassReader, value: Any) -> dict[str, Any]:
    if len(value.args) == 1:
        return {"second_spell": "you"}
    return {"second_spell": next(c for c, const in XMAGE_CONTROLLERS.items() if const == value.args[1].flat())}


# --------------------------------------------------------------------------------------------- resolver

def _matches(state: GameState, source: GameObject, event: SecondSpell, what: Mapping[str, Any]) -> bool:
    """The caster's count of spells this turn is two, and the caster is one the event names."""
    from cardgen.game.continuous import controller_of

    if what.get("count") != 2:
        return False
    you = controller_of(state, source)
    caster = what.get("player")
    return event.second_spell == "any" or (caster == you) == (event.second_spell == "you")


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="second_spell",
    model=SecondSpell,
    text=EventText(
        phrasings={"trigger": [Form(words, {"second_spell": caster}) for caster, words in _WORDS.items()]},
        order=5,
        trigger_phrase=_phrase,
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"SpellCast": _forge_read},
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
        read_event=_xmage_event,
    ),
    rule=EventRule(
        happening=happenings.SPELL_CAST,
        matches=_matches,
    ),
)
