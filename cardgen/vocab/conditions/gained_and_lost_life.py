"""The `gained_and_lost_life` condition: "if you gained and lost life this turn" (Lunar Convocation).

It reads the game: whether the player its "you" is (the controller of the ability) both gained life and lost
life this turn (119.3: each a change of the life total; damage, 120.3a, and life paid as a cost, 119.4, are
losses too), in either order and whatever the total is now. As an intervening "if" (603.4) it is checked as the
trigger event happens and again as the ability resolves.
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
    from cardgen.engines.xmage.java_expr import Expr
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.game.state import GameState

WORDS = "you gained and lost life this turn"

# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "intervening": [Form("if you gained and lost life this turn, ", "gained_and_lost_life")],
}


# ------------------------------------------------------------------------------------------------ Forge

FORGE_GAINED = "Count$LifeYouGainedThisTurn"
"""The life the controller gained this turn (AbilityUtils.xCount `LifeYouGainedThisTurn`)."""
FORGE_BOTH = re.compile(r"PlayerCountPropertyYou\$LifeLostThisTurn/Times\.(\w+)")
"""The life the controller lost this turn (AbilityUtils.playerXProperty `LifeLostThisTurn`) times the SVar of the
life gained: one or more only when both happened."""


def _forge(b: ScriptBuilder) -> Params:
    """`CheckSVar$ Y | SVarCompare$ GE1` with `SVar:Y:PlayerCountPropertyYou$LifeLostThisTurn/Times.X` and
    `SVar:X:Count$LifeYouGainedThisTurn`, as Forge's own Lunar Convocation checks it (Trigger.requirementsCheck
    reads CheckSVar$/SVarCompare$, on triggering and on resolution)."""
    gained = b.amount_svar(FORGE_GAINED)
    both = b.amount_svar(f"PlayerCountPropertyYou$LifeLostThisTurn/Times.{gained}")
    return [("CheckSVar", both), ("SVarCompare", "GE1")]


def _forge_read(r: ScriptReader, bag: Bag) -> bool:
    def svars_read(svar: str) -> tuple[str, ...] | None:
        match = FORGE_BOTH.fullmatch(svar)
        return (match[1],) if match is not None and r.svars.get(match[1]) == FORGE_GAINED else None

    return r.take_check(bag, svars_read)


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering) -> Expr:
    """`new CompoundCondition("you gained and lost life this turn", YouGainedLifeCondition.getZero(), new
    YouLostLifeCondition())`: both framework conditions (the life gained this turn, PlayerGainedLifeWatcher; the
    life lost, PlayerLostLifeWatcher), its text the printed words. XMage's own Lunar Convocation writes a
    condition of its own that asks the same two watchers."""
    return w.new(w.use("CompoundCondition"), w.Str(WORDS), w.const("YouGainedLifeCondition.getZero()"),
                 w.new(w.use("YouLostLifeCondition")))


# --------------------------------------------------------------------------------------------- resolver

def _game(state: GameState, you: str) -> bool:
    player = state.players[you]
    return player.life_gained_this_turn > 0 and player.life_lost_this_turn > 0


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = ConditionConstruct(
    kind="gained_and_lost_life",
    text=ConditionText(words=WORDS, phrasings=_PHRASINGS),
    forge=ForgeCondition(trigger_check=_forge, read_check=_forge_read),
    # YouGainedLifeCondition reads PlayerGainedLifeWatcher, which the game doesn't add itself: the ability adds one
    xmage=XMageCondition(
        condition='new CompoundCondition("you gained and lost life this turn", YouGainedLifeCondition.getZero(), '
                  'new YouLostLifeCondition())',
        made=_xmage, watcher="PlayerGainedLifeWatcher"),
    rule=ConditionRule(game=_game),
)
