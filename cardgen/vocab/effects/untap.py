"""The `untap` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.model.card import Untap
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

CONSTRUCT = EffectConstruct("untap", Untap, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [Form("untap {w:object}", {"effect": "untap", "what": V("w")})],
})


CONSTRUCT.put("text_antecedents", ("what",))


@CONSTRUCT.slot("text_clause")
def _clause(words: ClauseWords, effect: Untap, subject: Any, target: str | None) -> str | None:
    return f"untap {target}" if target is not None and subject.target.player is None else None


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Untap) -> tuple[str, Params]:
    if (selector := w.all_of(e.what)) is not None:
        return "UntapAll", [("ValidCards", w.valid(selector))]
    return "Untap", w.defined(e.what)


@CONSTRUCT.slot("forge_read:Untap")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    return [{"effect": "untap", "what": what} for what in r.subject(player=False, default="self")]


@CONSTRUCT.slot("forge_read:UntapAll")
def _forge_read_all(r: NodeReader) -> list[dict[str, Any]]:
    return [{"effect": "untap", "what": r.all_of("ValidCards")}]


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "UntapTargetEffect"),
    form("all", "UntapAllEffect", "filter"),
    form("self", "UntapSourceEffect"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"UntapTargetEffect"}))

# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Untap) -> list[Entity]:
    """Every subject counts as acted on; only a tapped one becomes untapped (and is logged), or loses a
    stun counter instead (122.1d)."""
    from cardgen.game import actions
    objects = ctx.permanents(effect.what, "what")
    for obj in objects:
        actions.untap(ctx.state, obj)
    return [obj.oid for obj in objects]
