"""The `control_token` condition: "you control a token" (Druid of the Spade).

It reads the game: whether a token is among the permanents the player its "you" is (the controller of the
static ability's source) controls now (111.1: a token is a permanent; its controller after layer 2, 613.1b).
A static ability gated on it applies exactly while it holds, checked whenever the effect is (611.3a).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.vocab.construct import ConditionConstruct, ConditionRule, ConditionText, ForgeCondition, XMageCondition
from cardgen.vocab.pattern import Form

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.read_model import Bag
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.java_expr import Expr
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.game.state import GameState

# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "as_long_as": [Form("as long as you control a token, ", "control_token")],
    # a trigger event's own condition: "whenever this creature attacks while you control a token" (the
    # `attacks_while` event)
    "while": [Form("you control a token", "control_token")],
}


# ------------------------------------------------------------------------------------------------ Forge

FORGE_PRESENT = "Permanent.token+YouCtrl"
"""A token its controller controls (StaticAbility.checkConditions counts IsPresent$ matches on the
battlefield, PresentCompare$ default GE1)."""


def _forge(b: ScriptBuilder) -> Params:
    """`IsPresent$ Permanent.token+YouCtrl`, as Forge's own Druid of the Spade says it."""
    return [("IsPresent", FORGE_PRESENT)]


def _forge_read(r: ScriptReader, bag: Bag) -> bool:
    if bag.peek("IsPresent") != FORGE_PRESENT or bag.peek("PresentCompare") not in (None, "GE1") \
            or bag.peek("PresentZone") not in (None, "Battlefield"):
        return False
    for key in ("IsPresent", "PresentCompare", "PresentZone"):
        bag.get(key)
    return True


# ------------------------------------------------------------------------------------------------ XMage

XMAGE = "new PermanentsOnTheBattlefieldCondition(StaticFilters.FILTER_PERMANENT_TOKEN, true)"
"""More than zero tokens among the permanents the ability's controller controls (`onlyControlled`)."""


def _xmage(w: CardLowering) -> Expr:
    return w.new(w.use("PermanentsOnTheBattlefieldCondition"), w.const("StaticFilters.FILTER_PERMANENT_TOKEN"),
                 w.Raw("true"))


# --------------------------------------------------------------------------------------------- resolver

def _game(state: GameState, you: str) -> bool:
    from cardgen.game.continuous import controller_of
    return any(obj.is_token and controller_of(state, obj) == you for obj in state.permanents())


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = ConditionConstruct(
    kind="control_token",
    text=ConditionText(words="you control a token", phrasings=_PHRASINGS),
    forge=ForgeCondition(static=_forge, read_static=_forge_read),
    xmage=XMageCondition(condition=XMAGE, made=_xmage),
    rule=ConditionRule(game=_game),
)
