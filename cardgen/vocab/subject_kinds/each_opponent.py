"""The `each_opponent` subject: every opponent of the controller."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.vocab.pattern import Form
from cardgen.vocab.subject import SubjectConstruct

if TYPE_CHECKING:
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity

CONSTRUCT = SubjectConstruct("each_opponent", str)
CONSTRUCT.put("names", "player")


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {"player_sg": [Form("each opponent", "each_opponent")]})

CONSTRUCT.put("text_player_word", "each opponent")


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_defined", "Opponent")
CONSTRUCT.put("forge_player_group", "Opponent")


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver

@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, value: Any, field_name: str) -> list[Entity]:
    return list(ctx.state.opponents(ctx.controller))
