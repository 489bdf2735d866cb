"""The `tap` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.game import continuous
from cardgen.game.context import Context
from cardgen.game.events import Tapped
from cardgen.game.objects import Entity
from cardgen.spec.model import Tap
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.text.phrases import ClauseWords

CONSTRUCT = EffectConstruct("tap", Tap, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [Form("tap {w:object}", {"effect": "tap", "what": V("w")})],
})


CONSTRUCT.put("text_antecedents", ("what",))


@CONSTRUCT.slot("text_clause")
def _clause(words: ClauseWords, effect: Tap, subject: Any, target: str | None) -> str | None:
    if target is not None and subject.target.player is None:
        return f"tap {target}"
    if subject in ("enchanted", "equipped"):
        return f"tap {subject} creature"
    return None


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Tap) -> list[Entity]:
    """Every subject counts as acted on; only an untapped one becomes tapped (and is logged)."""
    objects = ctx.permanents(effect.what, "what")
    for obj in objects:
        if not obj.tapped:
            obj.tapped = True
            ctx.state.emit(Tapped(obj.name, continuous.controller_of(ctx.state, obj)))
    return [obj.oid for obj in objects]
