"""The `untap` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, Subject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.forge_forms import ApiForm
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.text.phrases import ClauseWords


# ------------------------------------------------------------------------------------------ the spec model

class Untap(EffectBase):
    """Untap the permanents of `what` (an untapped one stays as it is)."""

    effect: Literal["untap"]
    what: Subject


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [Form("untap {w:object}", {"effect": "untap", "what": V("w")})],
}


def _clause(words: ClauseWords, effect: Untap, subject: Any, target: str | None) -> str | None:
    return f"untap {target}" if target is not None and subject.target.player is None else None


# ------------------------------------------------------------------------------------------------ Forge

_FORGE = ApiForm("Untap", "what", all_api="UntapAll")


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "UntapTargetEffect"),
    form("all", "UntapAllEffect", "filter"),
    form("self", "UntapSourceEffect"),
)

_XMAGE_READ_FORMS = (
    # XMage's own High Stride and Shore Up: `new UntapTargetEffect("Untap it")`, the text naming the target
    # a sentence before (only text)
    form("target", "UntapTargetEffect", "rule_text"),
)


def _xmage_rule_text(w: CardLowering, effect: Untap) -> list[Any]:
    """The effect's own rules text; written by no form of ours (a `setText` gives the whole text instead),
    read in XMage's own classes."""
    return [w.Str("untap it")]


def _xmage_read_rule_text(r: EffectReader, arg: Any, effect: dict[str, Any], node: Any) -> bool:
    """The effect's own rules text ("Untap it"): wording, not meaning."""
    if not isinstance(arg, r.Str):
        raise r.NoMatch("the effect's rules text")
    return False


def _xmage_read_untap_controlled(r: EffectReader, value: Any, index: int, node: Any, subject: Any,
                                 zone: str | None) -> dict[str, Any] | None:
    """XMage's untap of its controller's permanents (`UntapAllControllerEffect(filter)`, as XMage's own Valley
    Floodcaller says "Untap them"): an untap of every permanent of its filter that you control. Read, never
    written (`UntapAllEffect` with a filter of yours is)."""
    if len(value.args) != 1:
        return None
    fields, _ = r.filters.selector(value.args[0].flat(), node, "battlefield")
    return {"effect": CONSTRUCT.kind, "what": {"all": {**fields, "controller": "you"}}}


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: Untap) -> list[Entity]:
    """Every subject counts as acted on; only a tapped one becomes untapped (and is logged), or loses a
    stun counter instead (122.1d)."""
    from cardgen.game import actions
    objects = ctx.permanents(effect.what, "what")
    for obj in objects:
        actions.untap(ctx.state, obj)
    return [obj.oid for obj in objects]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="untap", model=Untap, subjects=("what",),
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
        read_forms=_XMAGE_READ_FORMS,
        args={"rule_text": _xmage_rule_text},
        read_args={"rule_text": _xmage_read_rule_text},
        read_classes={"UntapAllControllerEffect": _xmage_read_untap_controlled},
        pointer_stable=True,
        # framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
        phrased=frozenset({"UntapTargetEffect"}),
    ),
    rule=OneShot(resolve=_resolve),
)
