"""The `gift_recipient` subject: the opponent who got the promised gift (702.174)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.vocab.subject import SubjectConstruct

if TYPE_CHECKING:
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity

CONSTRUCT = SubjectConstruct("gift_recipient", str)
CONSTRUCT.put("names", "player")


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_defined", "Promised")


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_unsupported", (
    "XMage keeps the gift's recipient inside GiftAbility; no effect can name them", "702.174"))


# --------------------------------------------------------------------------------------------- resolver

@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, value: Any, field_name: str) -> list[Entity]:
    return [ctx.recipient] if ctx.recipient else []
