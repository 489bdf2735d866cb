"""The `gained_or_lost_life` condition: "if you gained or lost life this turn" (Bloomburrow's Bats).

It reads the game: whether the player its "you" is (the controller of the ability) gained life or lost life
at any time this turn (119.3: a gain or loss adjusts the life total; damage, 120.3a, and life paid as a cost,
119.4, are losses too). A gain and a loss that cancel out still count: the question is whether either
happened, not the life total. As an intervening "if" (603.4) it is checked as the trigger event happens and
again as the ability resolves.
"""

from __future__ import annotations

import re
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
    "intervening": [Form("if you gained or lost life this turn, ", "gained_or_lost_life")],
}


# ------------------------------------------------------------------------------------------------ Forge

FORGE_LOST = "PlayerCountPropertyYou$LifeLostThisTurn"
"""The life the controller lost this turn (AbilityUtils.playerXProperty: `LifeLostThisTurn`)."""
FORGE_EITHER = re.compile(r"Count\$LifeYouGainedThisTurn/Plus\.(\w+)")
"""The life the controller gained this turn (AbilityUtils.xCount `LifeYouGainedThisTurn`) plus the SVar of
the life lost: one or more when either happened."""


def _forge(b: ScriptBuilder) -> Params:
    """`CheckSVar$ Y | SVarCompare$ GE1` with `SVar:Y:Count$LifeYouGainedThisTurn/Plus.X` and
    `SVar:X:PlayerCountPropertyYou$LifeLostThisTurn`, as Forge's own Starlit Soothsayer checks it
    (Trigger.requirementsCheck reads CheckSVar$/SVarCompare$, on triggering and on resolution)."""
    lost = b.amount_svar(FORGE_LOST)
    either = b.amount_svar(f"Count$LifeYouGainedThisTurn/Plus.{lost}")
    return [("CheckSVar", either), ("SVarCompare", "GE1")]


def _forge_read(r: ScriptReader, bag: Bag) -> bool:
    def svars_read(svar: str) -> tuple[str, ...] | None:
        match = FORGE_EITHER.fullmatch(svar)
        return (match[1],) if match is not None and r.svars.get(match[1]) == FORGE_LOST else None

    return r.take_check(bag, svars_read)


# --------------------------------------------------------------------------------------------- resolver

def _game(state: GameState, you: str) -> bool:
    player = state.players[you]
    return player.life_gained_this_turn > 0 or player.life_lost_this_turn > 0


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = ConditionConstruct(
    kind="gained_or_lost_life",
    text=ConditionText(words="you gained or lost life this turn", phrasings=_PHRASINGS),
    forge=ForgeCondition(trigger_check=_forge, read_check=_forge_read),
    # the condition reads PlayerGainedLifeWatcher, which the game doesn't add itself (PlayerLostLifeWatcher
    # it does): the ability adds one, as XMage's own Starlit Soothsayer does
    xmage=XMageCondition(condition="YouGainedOrLostLifeCondition.instance", watcher="PlayerGainedLifeWatcher"),
    rule=ConditionRule(game=_game),
)
