"""The `gained_life` condition: "if you gained life this turn".

It reads the game: whether the player its "you" is (the controller of the ability) gained life at any time
this turn (119.3), whatever they lost since. As an intervening "if" (603.4) it is checked as the trigger event
happens and again as the ability resolves.
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
    from cardgen.game.state import GameState

# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "intervening": [Form("if you gained life this turn, ", "gained_life")],
}


# ------------------------------------------------------------------------------------------------ Forge

FORGE_GAINED = "Count$LifeYouGainedThisTurn"
"""The life the controller gained this turn (AbilityUtils.xCount `LifeYouGainedThisTurn`)."""


def _forge(b: ScriptBuilder) -> Params:
    """`CheckSVar$ X | SVarCompare$ GE1` with `SVar:X:Count$LifeYouGainedThisTurn`, as Forge's own Lunar
    Convocation checks it (Trigger.requirementsCheck, on triggering and on resolution)."""
    return [("CheckSVar", b.amount_svar(FORGE_GAINED)), ("SVarCompare", "GE1")]


def _forge_read(r: ScriptReader, bag: Bag) -> bool:
    return r.take_check(bag, lambda svar: () if svar == FORGE_GAINED else None)


# --------------------------------------------------------------------------------------------- resolver

def _game(state: GameState, you: str) -> bool:
    return state.players[you].life_gained_this_turn > 0


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = ConditionConstruct(
    kind="gained_life",
    text=ConditionText(words="you gained life this turn", phrasings=_PHRASINGS),
    forge=ForgeCondition(trigger_check=_forge, read_check=_forge_read),
    # YouGainedLifeCondition reads PlayerGainedLifeWatcher, which the game doesn't add itself
    xmage=XMageCondition(condition="YouGainedLifeCondition.getZero()", watcher="PlayerGainedLifeWatcher"),
    rule=ConditionRule(game=_game),
)
