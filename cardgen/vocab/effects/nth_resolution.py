"""The `nth_resolution` effect: "Then draw a card if this is the second time this ability has resolved this
turn" (Harvestrite Host). The effects it holds happen only when the ability doing it resolves for exactly
that time this turn, this resolution counted (608.2c: the check is made as it resolves). An ability that is
removed or countered as it would resolve (608.2b: all its targets illegal) didn't resolve and isn't counted;
the abilities of a permanent that left the battlefield and came back are a new object's, which haven't
resolved yet (400.7); each object's ability is counted on its own, whoever controls it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, field_validator

from cardgen.model.parts import EffectBase, expand_instead_groups
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.lower import CardLowering, Host
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.model.card import Effect


# ------------------------------------------------------------------------------------------ the spec model

class NthResolution(EffectBase):
    """`{effect: nth_resolution, times: 2, effects: [{effect: draw}]}`: "draw a card if this is the second time
    this ability has resolved this turn"."""

    effect: Literal["nth_resolution"]
    times: Annotated[int, Field(ge=2, le=5)]
    effects: Annotated[list[Effect], Field(min_length=1, max_length=1)]

    @field_validator("effects", mode="after")
    @classmethod
    def _groups(cls, effects: list[Any]) -> list[Any]:
        return expand_instead_groups(effects)


# ------------------------------------------------------------------------------------ text and phrasing

ORDINALS = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}

_PHRASINGS = {
    "effect": [
        # "Then ..." (a sentence of its own after what the ability did first, 608.2c)
        Form(f"then {{e:plain_clauses}} if this is the {word} time this ability has resolved this turn",
             {"effect": "nth_resolution", "times": times, "effects": V("e")})
        for times, word in ORDINALS.items()
    ],
}


def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    effect["effects"] = forms.chain(effect["effects"])


# ------------------------------------------------------------------------------------------------ Forge

FORGE_RESOLVED = "Count$ResolvedThisTurn"
"""The times the ability being resolved has resolved this turn, this time included (AbilityUtils.xCount
`ResolvedThisTurn`: the root ability's getResolvedThisTurn)."""


def _forge(w: EffectWriter, e: NthResolution) -> tuple[str, Params]:
    """The effect it holds, written as its own ability with `ConditionCheckSVar$ X | ConditionSVarCompare$ EQ2`
    and `SVar:X:Count$ResolvedThisTurn` (SpellAbilityCondition checks it as the ability resolves), as Forge's
    own Harvestrite Host says it."""
    inner = e.effects[0]
    if inner.condition is not None or inner.only_if is not None or inner.instead_if_promised is not None:
        raise w.error("put the condition on the nth_resolution effect, not on what it holds")
    api, params = w.inner(inner)
    return api, [*params, ("ConditionCheckSVar", w.builder.amount_svar(FORGE_RESOLVED)),
                 ("ConditionSVarCompare", f"EQ{e.times}")]


def _forge_wrap(r: NodeReader) -> Any:
    """A node whose `ConditionCheckSVar$` counts the ability's resolutions this turn, compared `EQn`: its
    effects happen on the n-th resolution."""
    bag = r.bag
    name = bag.values.get("ConditionCheckSVar")
    if name is None or r.reader.svars.get(name) != FORGE_RESOLVED:
        return None
    compare = bag.values.get("ConditionSVarCompare") or ""
    if not compare.startswith("EQ") or not compare[2:].isdigit() or int(compare[2:]) not in ORDINALS:
        raise r.error("FG201", f"Count$ResolvedThisTurn is read as 'the n-th time this ability has resolved "
                               f"this turn' only (ConditionSVarCompare$ EQ2 to EQ5), not {compare!r}")
    bag.get("ConditionCheckSVar")
    bag.get("ConditionSVarCompare")
    r.reader.used_svars.add(name)
    times = int(compare[2:])

    def wrap(effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{"effect": CONSTRUCT.kind, "times": times, "effects": effects}]
    return wrap


# ------------------------------------------------------------------------------------------------ XMage

WATCHER = "AbilityResolvedWatcher"
"""The watcher IfAbilityHasResolvedXTimesEffect reads (AbilityResolvedWatcher.getResolutionCount), which the
game doesn't add itself: the ability adds it, as XMage's own Harvestrite Host does."""


def _xmage_framework(w: CardLowering, host: Host, effect: NthResolution, **_: Any) -> tuple[Any, bool, None]:
    """`new IfAbilityHasResolvedXTimesEffect(2, <the effect it holds>)` (its count of the source ability's
    resolutions this turn, AbilityResolvedWatcher), as XMage's own Harvestrite Host."""
    inner = effect.effects[0]
    if inner.condition is not None or inner.only_if is not None:
        raise w.Unsupported("put the condition on the nth_resolution effect, not on what it holds")
    expr, continuous, _slot = w.framework(host, inner)
    return w.new(w.use("IfAbilityHasResolvedXTimesEffect"), w.Raw(str(effect.times)), expr), False, None


def _xmage_read(r: EffectReader, value: Any, index: int, node: Any, subject: Any,
                zone: str | None) -> dict[str, Any] | None:
    """`IfAbilityHasResolvedXTimesEffect(n, <effect>)`."""
    if len(value.args) != 2 or not value.args[0].flat().isdigit() or int(value.args[0].flat()) not in ORDINALS:
        return None
    return {"effect": CONSTRUCT.kind, "times": int(value.args[0].flat()), "effects": [r.top(value.args[1], node)]}


# --------------------------------------------------------------------------------------------- resolver

def _resolve(ctx: Context, effect: NthResolution) -> list[Entity]:
    """The effects it holds, when the resolving ability's count of resolutions this turn is `times`."""
    if ctx.resolution != effect.times:
        return []
    ctx.perform(effect.effects, "effects")
    return []


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="nth_resolution", model=NthResolution, subjects=(),
    text=EffectText(
        phrasings=_PHRASINGS,
        # "Then draw a card if this is the second time ...": a sentence of its own, after what the ability did
        own_sentence=True,
        canonical=_canonical,
    ),
    forge=ForgeEffect(
        write=_forge,
        wraps=_forge_wrap,
    ),
    xmage=XMageEffect(
        framework=_xmage_framework,
        stands_alone=True,
        read_classes={"IfAbilityHasResolvedXTimesEffect": _xmage_read},
        watcher=WATCHER,
    ),
    rule=OneShot(resolve=_resolve),
)
