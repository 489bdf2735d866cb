"""The `each_player` subject: every player, in APNAP order (101.4)."""

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
    return list(ctx.state.apnap())


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = SubjectConstruct(
    kind="each_player", model=str, names="player",
    text=SubjectText(
        phrasings={"player_sg": [Form("each player", "each_player")]},
        player_word="each player",
    ),
    forge=ForgeSubject(
        defined="Player",
        player_group="Player",
    ),
    rule=SubjectRule(resolve=_resolve),
)
