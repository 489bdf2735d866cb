"""The `you` subject: the controller of the spell or ability."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.vocab.pattern import Form
from cardgen.vocab.subject import SubjectConstruct

if TYPE_CHECKING:
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity

CONSTRUCT = SubjectConstruct("you", str)
CONSTRUCT.put("names", "player")


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {"subject_pl": [Form("you", "you")]})


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_defined", "You")
CONSTRUCT.put("forge_default", "player")
CONSTRUCT.put("forge_player_group", "You")


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver

@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, value: Any, field_name: str) -> list[Entity]:
    return [ctx.controller]
