"""The `you` subject: the controller of the spell or ability."""

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
    return [ctx.controller]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = SubjectConstruct(
    kind="you", model=str, names="player",
    text=SubjectText(phrasings={"subject_pl": [Form("you", "you")]}),
    forge=ForgeSubject(
        defined="You",
        default="player",
        player_group="You",
    ),
    rule=SubjectRule(resolve=_resolve),
)
