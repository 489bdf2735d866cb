"""The `delayed_trigger` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, field_validator

from cardgen.model.parts import EffectBase, RefSubject, TargetSubject, expand_instead_groups
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect, XMageSequence
from cardgen.vocab.java_statements import Do, Local, Statement
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.lower import CardLowering, Host
    from cardgen.engines.xmage.read_sequence import SequenceReader
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.engines.xmage.sequence import SequenceLowering
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.model.card import Effect


# ------------------------------------------------------------------------------------------ the spec model

class DelayedTrigger(EffectBase):
    effect: Literal["delayed_trigger"]
    at: Literal["next_end_step"]
    effects: Annotated[list[Effect], Field(min_length=1)]

    @field_validator("effects", mode="after")
    @classmethod
    def _groups(cls, effects: list[Any]) -> list[Any]:
        return expand_instead_groups(effects)


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "effect": [  # the effects it holds, said before or after when they happen
        Form("{e:plain_clauses} at the beginning of the next end step",
             {"effect": "delayed_trigger", "at": "next_end_step", "effects": V("e")}),
        Form("at the beginning of the next end step, {e:plain_clauses}",
             {"effect": "delayed_trigger", "at": "next_end_step", "effects": V("e")}, parse_only=True),
    ],
}


def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    effect["effects"] = forms.chain(effect["effects"])


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: DelayedTrigger) -> tuple[str, Params]:
    effects = list(e.effects)
    handover, remembered = w.hand_over(effects)
    execute = w.sub_chain(effects, "Trig", remembered)
    return "DelayedTrigger", [("Mode", "Phase"), ("Phase", "End of Turn"), ("Execute", execute), *handover]


def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    bag = r.bag
    if bag.get("Mode") != "Phase" or bag.get("Phase") != "End of Turn" or bag.has("ValidPlayer"):
        raise r.error("FG201", "only 'at the beginning of the next end step' delayed triggers are read")
    bag.get("TriggerDescription")
    execute = bag.get("Execute")
    if execute is None:
        raise r.error("FG201", "DelayedTrigger without Execute$")
    effects = r.sub_chain(execute, bag.get("RememberObjects"))
    return [{"effect": "delayed_trigger", "at": "next_end_step", "effects": effects}]


# ------------------------------------------------------------------------------------------------ XMage

def _xmage_framework(w: CardLowering, host: Host, effect: DelayedTrigger, **_: Any) -> tuple[Any, bool, None]:
    """`CreateDelayedTriggeredAbilityEffect` around one inner effect (the creating effect's target
    pointer is copied to it, so "that creature" still works while the creature stays put)."""
    if len(effect.effects) != 1:
        raise w.Unsupported("a delayed trigger renders with exactly one effect")
    inner_effect = effect.effects[0]
    if inner_effect.condition is not None or inner_effect.only_if is not None:
        raise w.Unsupported("put the condition on the delayed trigger, not on its effect")
    expr, continuous, _slot = w.framework(host, inner_effect)
    if continuous:
        expr = w.new(w.use("AddContinuousEffectToGame"), expr)
    trigger = w.new(w.use("AtTheBeginOfNextEndStepDelayedTriggeredAbility"), expr)
    return w.new(w.use("CreateDelayedTriggeredAbilityEffect"), trigger), False, None


def _xmage_sequence_step(s: SequenceLowering, effect: DelayedTrigger, subject: Any, indent: int
                         ) -> list[Statement]:
    """The inner effect pointed at an earlier step's objects (`FixedTargets`), added as a delayed trigger."""
    if len(effect.effects) != 1:
        raise s.Unsupported("a delayed trigger renders as one effect at the beginning of the next end step")
    inner = effect.effects[0]
    if inner.condition is not None or inner.only_if is not None or inner.instead_if_promised is not None:
        raise s.Unsupported("put the condition on the delayed trigger, not on its effect")
    subject = s.primary(inner)
    if not isinstance(subject, RefSubject | TargetSubject):
        raise s.Unsupported("a delayed trigger in a sequence acts on an earlier effect's objects (`ref`)")
    before, cards, zone = s.source(subject, inner, indent)
    framework, continuous, _slot = s.framework(s.host, inner, ref_as_target=True, zone_of_ref=zone)
    if continuous:
        framework = s.new(s.use("AddContinuousEffectToGame"), framework)
    local = s.local("effect")
    pointer = s.new(s.use("FixedTargets"), cards, s.Raw("game"))
    trigger = s.new(s.use("AtTheBeginOfNextEndStepDelayedTriggeredAbility"), s.Raw(local))
    return [*before, Local(s.use("Effect"), local, s.fmt(framework, indent, offset=len(local) + 10)),
            Do(f"{local}.setTargetPointer({s.fmt(pointer, indent, offset=len(local) + 18)})"),
            Do(f"game.addDelayedTriggeredAbility({s.fmt(trigger, indent, offset=32)}, source)")]


def _xmage_read(r: EffectReader, value: Any, index: int, node: Any, subject: Any,
                zone: str | None) -> dict[str, Any] | None:
    """`CreateDelayedTriggeredAbilityEffect(new AtTheBeginOfNextEndStepDelayedTriggeredAbility(<effect>))`."""
    if len(value.args) != 1:
        return None
    trigger = value.args[0]
    if isinstance(trigger, r.New) and trigger.cls == "AtTheBeginOfNextEndStepDelayedTriggeredAbility" \
            and len(trigger.args) == 1:
        inner = r.unwrap(trigger.args[0], index, node, subject)
        return {"effect": CONSTRUCT.kind, "at": "next_end_step", "effects": [inner]}
    raise r.ReadError(f"delayed trigger not understood: {value.flat()[:100]}", node=node)


def _xmage_read_step(sr: SequenceReader, value: Any, node: Any) -> list[dict[str, Any]] | None:
    """`game.addDelayedTriggeredAbility(new AtTheBeginOfNextEndStepDelayedTriggeredAbility(effect), source)`
    for an `effect` declared and pointed earlier in the sequence."""
    if not (isinstance(value, sr.Call) and value.receiver == sr.Raw("game")
            and value.method == "addDelayedTriggeredAbility"):
        return None
    trigger = value.args[0] if value.args else None
    if not (isinstance(trigger, sr.New) and trigger.cls == "AtTheBeginOfNextEndStepDelayedTriggeredAbility"
            and len(trigger.args) == 1 and isinstance(trigger.args[0], sr.Raw)
            and trigger.args[0].text in sr.delayed):
        raise sr.error("delayed trigger not understood", node)
    holder = sr.delayed.pop(trigger.args[0].text)
    subject, zone = holder["_subject"]
    inner = sr.framework_on(holder["_value"], holder, subject, zone, node)
    return [{"effect": CONSTRUCT.kind, "at": "next_end_step", "effects": [inner]}]

# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: DelayedTrigger) -> list[Entity]:
    """"At the beginning of the next end step": this turn's, unless that end step has begun (603.7)."""
    from cardgen.game.events import DelayedTriggerCreated
    from cardgen.game.objects import DelayedTrigger as DelayedAbility
    state = ctx.state
    started = state.step in ("end", "cleanup")
    state.delayed.append(DelayedAbility(
        controller=ctx.controller, source=ctx.source, source_name=ctx.source_name,
        effects=list(effect.effects), not_before_turn=state.turn_number + (1 if started else 0),
        promised=ctx.promised, gift_recipient=ctx.recipient, refs=dict(ctx.refs)))
    state.emit(DelayedTriggerCreated(ctx.controller, ctx.source_name, effect.at))
    return []


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="delayed_trigger", model=DelayedTrigger, subjects=(),
    text=EffectText(
        phrasings=_PHRASINGS,
        own_sentence=True,
        canonical=_canonical,
    ),
    forge=ForgeEffect(
        write=_forge,
        reads={"DelayedTrigger": _forge_read},
    ),
    xmage=XMageEffect(
        framework=_xmage_framework,
        stands_alone=True,
        read_classes={"CreateDelayedTriggeredAbilityEffect": _xmage_read},
        inner_effects="effects",
        sequence=XMageSequence(
            step=_xmage_sequence_step,
            read_step=_xmage_read_step,
        ),
    ),
    rule=OneShot(resolve=_resolve),
)
