"""The `tap` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, Subject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.forge_forms import ApiForm
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.text.phrases import ClauseWords


# ------------------------------------------------------------------------------------------ the spec model

class Tap(EffectBase):
    effect: Literal["tap"]
    what: Subject


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [Form("tap {w:object}", {"effect": "tap", "what": V("w")})],
}


def _clause(words: ClauseWords, effect: Tap, subject: Any, target: str | None) -> str | None:
    if target is not None and subject.target.player is None:
        return f"tap {target}"
    if subject in ("enchanted", "equipped"):
        return f"tap {subject} creature"
    return None


# ------------------------------------------------------------------------------------------------ Forge

_FORGE = ApiForm("Tap", "what", all_api="TapAll")


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "TapTargetEffect"),
    form("all", "TapAllEffect", "filter"),
    form("self", "TapSourceEffect"),
    form("enchanted", "TapEnchantedEffect"),
    form("equipped", "TapEnchantedEffect", "text:equipped creature"),
)


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: Tap) -> list[Entity]:
    """Every subject counts as acted on; only an untapped one becomes tapped (and is logged)."""
    from cardgen.game import continuous
    from cardgen.game.events import Tapped
    objects = ctx.permanents(effect.what, "what")
    for obj in objects:
        if not obj.tapped:
            obj.tapped = True
            ctx.state.emit(Tapped(obj.name, continuous.controller_of(ctx.state, obj)))
    return [obj.oid for obj in objects]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="tap", model=Tap, subjects=("what",),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what",),
        clause=_clause,
    ),
    forge=ForgeEffect(
        api=_FORGE,
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        pointer_stable=True,
        # framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
        phrased=frozenset({"TapTargetEffect", "TapEnchantedEffect"}),
    ),
    rule=OneShot(resolve=_resolve),
)
