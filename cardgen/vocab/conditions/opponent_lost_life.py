"""The `opponent_lost_life` condition: "an opponent lost life this turn" (Hired Claw's "Activate only if an
opponent lost life this turn").

It reads the game: whether any opponent of the player its "you" is (the controller of the ability) lost
life at any time this turn (119.3: a loss adjusts the life total; damage, 120.3a, and life paid, 119.4, are
losses too), whatever they gained since. An activated ability gated on it can be activated only while it
holds (602.5b: a restriction on activating it, checked as it is activated).
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
    # an activated ability's restriction: "Activate only if an opponent lost life this turn ..."
    "activate_if": [Form("an opponent lost life this turn", "opponent_lost_life")],
}


# ------------------------------------------------------------------------------------------------ Forge

FORGE_LOST = "Count$LifeOppsLostThisTurn"
"""The life the controller's opponents lost this turn (AbilityUtils.xCount: `LifeOppsLostThisTurn`)."""


def _forge(b: ScriptBuilder) -> Params:
    """`CheckSVar$ X` with `SVar:X:Count$LifeOppsLostThisTurn` (SVarCompare$ default GE1, read by
    SpellAbilityRestriction as the ability is activated), as Forge's own Hired Claw says it."""
    return [("CheckSVar", b.amount_svar(FORGE_LOST))]


def _forge_read(r: ScriptReader, bag: Bag) -> bool:
    return r.take_check(bag, lambda svar: () if svar == FORGE_LOST else None)


# --------------------------------------------------------------------------------------------- resolver

def _game(state: GameState, you: str) -> bool:
    return any(state.players[player].life_lost_this_turn > 0 for player in state.opponents(you))


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = ConditionConstruct(
    kind="opponent_lost_life",
    text=ConditionText(words="an opponent lost life this turn", phrasings=_PHRASINGS),
    forge=ForgeCondition(activation=_forge, read_activation=_forge_read),
    # its `toString()` is "an opponent lost life this turn", which LimitedTimesPerTurnActivatedAbility prints
    xmage=XMageCondition(condition="OpponentsLostLifeCondition.instance"),
    rule=ConditionRule(game=_game),
)
