"""The `destroy` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.game.actions import destroy
from cardgen.game.context import Context
from cardgen.game.objects import Entity
from cardgen.spec.model import Destroy
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.text.phrases import ClauseWords

CONSTRUCT = EffectConstruct("destroy", Destroy, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [Form("destroy {w:object}", {"effect": "destroy", "what": V("w")})],
})


CONSTRUCT.put("text_antecedents", ("what",))


@CONSTRUCT.slot("text_clause")
def _clause(words: ClauseWords, effect: Destroy, subject: Any, target: str | None) -> str | None:
    return f"destroy {target}" if target is not None and subject.target.player is None else None


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Destroy) -> list[Entity]:
    """Returns the graveyard objects: an indestructible permanent is not destroyed and is not recorded."""
    moved = [destroy(ctx.state, obj.oid) for obj in ctx.objects(effect.what, "what")]
    return [obj.oid for obj in moved if obj is not None]
