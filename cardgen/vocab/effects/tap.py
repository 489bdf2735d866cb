"""The `tap` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.model.card import Tap
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
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

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Tap) -> tuple[str, Params]:
    if (selector := w.all_of(e.what)) is not None:
        return "TapAll", [("ValidCards", w.valid(selector))]
    return "Tap", w.defined(e.what)


@CONSTRUCT.slot("forge_read:Tap")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    return [{"effect": "tap", "what": what} for what in r.subject(player=False, default="self")]


@CONSTRUCT.slot("forge_read:TapAll")
def _forge_read_all(r: NodeReader) -> list[dict[str, Any]]:
    return [{"effect": "tap", "what": r.all_of("ValidCards")}]


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "TapTargetEffect"),
    form("all", "TapAllEffect", "filter"),
    form("self", "TapSourceEffect"),
    form("enchanted", "TapEnchantedEffect"),
    form("equipped", "TapEnchantedEffect", "text:equipped creature"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"TapTargetEffect", "TapEnchantedEffect"}))

# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
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
