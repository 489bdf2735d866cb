"""The `threshold` condition: "there are seven or more cards in your graveyard", Bloomburrow's Threshold
ability word ("Threshold — As long as there are seven or more cards in your graveyard, ...", 207.2c: the
ability word has no rules meaning).

It reads the game: the cards in the graveyard of the player its "you" is (the controller of the static
ability's source). A static ability gated on it applies exactly while it holds, checked whenever the
effect is (611.3a): it starts and stops applying as cards enter and leave that graveyard, with no moment
of its own.
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

CARDS = 7
"""How many cards in the graveyard make threshold."""

# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "as_long_as": [
        Form("threshold — as long as there are seven or more cards in your graveyard, ", "threshold"),
        Form("threshold — as long as seven or more cards are in your graveyard, ", "threshold", parse_only=True),
    ],
}


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder) -> Params:
    """`Condition$ Threshold`: StaticAbility.checkConditions asks the controller's `hasThreshold()` (seven or
    more cards in their graveyard), as Forge's own Mindwhisker and Mind Drill Assailant say it."""
    return [("Condition", "Threshold")]


def _forge_read(r: ScriptReader, bag: Bag) -> bool:
    if bag.peek("Condition") != "Threshold":
        return False
    bag.get("Condition")
    return True


# --------------------------------------------------------------------------------------------- resolver

def _game(state: GameState, you: str) -> bool:
    return len(state.players[you].graveyard) >= CARDS


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = ConditionConstruct(
    kind="threshold",
    text=ConditionText(words="there are seven or more cards in your graveyard", phrasings=_PHRASINGS),
    forge=ForgeCondition(static=_forge, read_static=_forge_read),
    # ThresholdCondition: the size of the ability's controller's graveyard, seven or more
    xmage=XMageCondition(condition="ThresholdCondition.instance", ability_word="THRESHOLD"),
    rule=ConditionRule(game=_game),
)
