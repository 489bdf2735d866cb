"""The `lost_life` condition: "you've lost life this turn" (Essence Channeler).

It reads the game: whether the player its "you" is (the controller of the static ability's source) lost
life at any time this turn (119.3: a loss adjusts the life total; damage, 120.3a, and life paid, 119.4, are
losses too), whatever they gained since. A static ability gated on it applies exactly while it holds,
checked whenever the effect is (611.3a): from the loss to the end of the turn.
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
    "as_long_as": [Form("as long as you've lost life this turn, ", "lost_life")],
}


# ------------------------------------------------------------------------------------------------ Forge

FORGE_LOST = "PlayerCountPropertyYou$LifeLostThisTurn"
"""The life the controller lost this turn (AbilityUtils.playerXProperty: `LifeLostThisTurn`)."""


def _forge(b: ScriptBuilder) -> Params:
    """`CheckSVar$ X` with `SVar:X:PlayerCountPropertyYou$LifeLostThisTurn` (SVarCompare$ default GE1, read
    by StaticAbility.checkConditions), as Forge's own Essence Channeler
    says it."""
    return [("CheckSVar", b.amount_svar(FORGE_LOST))]


def _forge_read(r: ScriptReader, bag: Bag) -> bool:
    return r.take_check(bag, lambda svar: () if svar == FORGE_LOST else None)


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering) -> Expr:
    """`new YouLostLifeCondition()`: more than zero life lost this turn (PlayerLostLifeWatcher, which the game
    adds itself), as XMage's own Essence Channeler says it."""
    return w.new(w.use("YouLostLifeCondition"))


# --------------------------------------------------------------------------------------------- resolver

def _game(state: GameState, you: str) -> bool:
    return state.players[you].life_lost_this_turn > 0


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = ConditionConstruct(
    kind="lost_life",
    text=ConditionText(words="you lost life this turn", phrasings=_PHRASINGS),
    forge=ForgeCondition(static=_forge, read_static=_forge_read),
    xmage=XMageCondition(condition="new YouLostLifeCondition()", made=_xmage),
    rule=ConditionRule(game=_game),
)
