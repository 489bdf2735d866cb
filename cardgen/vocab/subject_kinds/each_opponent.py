"""The `each_opponent` subject: every opponent of the controller."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.vocab.construct import ForgeSubject, SubjectConstruct, SubjectRule, SubjectText
from cardgen.vocab.pattern import Form

if TYPE_CHECKING:
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity


# ------------------------------------------------------------------------------------------------ Forge


# --------------------------------------------------------------------------------------------- resolver

def _resolve(ctx: Context, value: Any, field_name: str) -> list[Entity]:
    return list(ctx.state.opponents(ctx.controller))


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = SubjectConstruct(
    kind="each_opponent", model=str, names="player",
    text=SubjectText(
        phrasings={"player_sg": [Form("each opponent", "each_opponent")]},
        player_word="each opponent",
    ),
    forge=ForgeSubject(
        defined="Opponent",
        player_group="Opponent",
        # AbilityUtils.getDefinedPlayers (forge-game/src/main/java/forge/game/ability/AbilityUtils.java, read
        # at 000267b0): a value it does not name ("Player") starts from every player in turn order, and the
        # part after the dot filters them (`Player.Opponent`: PlayerPredicates.restriction) - the opponents
        read_defined=("Player.Opponent",),
    ),
    rule=SubjectRule(resolve=_resolve),
)
