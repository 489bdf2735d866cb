"""The `bounce` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.game import zones
from cardgen.game.context import Context
from cardgen.game.objects import Entity
from cardgen.spec.model import Bounce
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.text.phrases import ClauseWords

CONSTRUCT = EffectConstruct("bounce", Bounce, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("return {w:object_sg} to its owner's hand", {"effect": "bounce", "what": V("w")}),
        Form("return {w:object_pl} to their owners' hands", {"effect": "bounce", "what": V("w")}),
    ],
})


CONSTRUCT.put("text_antecedents", ("what",))


@CONSTRUCT.slot("text_clause")
def _clause(words: ClauseWords, effect: Bounce, subject: Any, target: str | None) -> str | None:
    return None if target is None else f"return {target} to its owner's hand"


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Bounce) -> list[Entity]:
    """Return permanents or spells to their owner's hand."""
    moved = [zones.move(ctx.state, obj.oid, "hand") for obj in ctx.objects(effect.what, "what")
             if obj.zone in ("battlefield", "stack")]
    return [obj.oid for obj in moved if obj is not None]
