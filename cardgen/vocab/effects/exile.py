"""The `exile` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.game import zones
from cardgen.game.context import Context
from cardgen.game.objects import Entity
from cardgen.spec.model import Exile
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.text.phrases import ClauseWords

CONSTRUCT = EffectConstruct("exile", Exile, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [Form("exile {w:object}", {"effect": "exile", "what": V("w")})],
})


CONSTRUCT.put("text_antecedents", ("what",))


@CONSTRUCT.slot("text_clause")
def _clause(words: ClauseWords, effect: Exile, subject: Any, target: str | None) -> str | None:
    return "exile {this}" if subject == "self" else None


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Exile) -> list[Entity]:
    """Returns the new objects in exile (400.7), which later effects (`{ref: ...}`) can find there."""
    moved = [zones.move(ctx.state, obj.oid, "exile") for obj in ctx.objects(effect.what, "what")]
    return [obj.oid for obj in moved if obj is not None]
