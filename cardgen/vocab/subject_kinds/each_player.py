"""The `each_player` subject: every player, in APNAP order (101.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.vocab.pattern import Form
from cardgen.vocab.subject import SubjectConstruct

if TYPE_CHECKING:
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity

CONSTRUCT = SubjectConstruct("each_player", str)
CONSTRUCT.put("names", "player")


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {"player_sg": [Form("each player", "each_player")]})

CONSTRUCT.put("text_player_word", "each player")


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_defined", "Player")
CONSTRUCT.put("forge_player_group", "Player")


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver

@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, value: Any, field_name: str) -> list[Entity]:
    return list(ctx.state.apnap())
