"""The `gift_recipient` subject: the opponent who got the promised gift (702.174)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.vocab.construct import ForgeSubject, SubjectConstruct, SubjectRule, XMageSubject

if TYPE_CHECKING:
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_UNSUPPORTED = (
    "XMage keeps the gift's recipient inside GiftAbility; no effect can name them", "702.174")


# --------------------------------------------------------------------------------------------- resolver

def _resolve(ctx: Context, value: Any, field_name: str) -> list[Entity]:
    return [ctx.recipient] if ctx.recipient else []


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = SubjectConstruct(
    kind="gift_recipient", model=str, names="player",
    forge=ForgeSubject(defined="Promised"),
    xmage=XMageSubject(unsupported=_XMAGE_UNSUPPORTED),
    rule=SubjectRule(resolve=_resolve),
)
