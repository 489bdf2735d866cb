"""The `phase_out` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import AllSubject, EffectBase, Subject, TargetSubject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect, XMageSequence
from cardgen.vocab.forge_forms import ApiForm
from cardgen.vocab.java_statements import Do, Statement
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.xmage.read_sequence import SequenceReader
    from cardgen.engines.xmage.sequence import SequenceLowering
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity


# ------------------------------------------------------------------------------------------ the spec model

class PhaseOut(EffectBase):
    effect: Literal["phase_out"]
    what: Subject


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("{w:object_sg} phases out", {"effect": "phase_out", "what": V("w")}),
        Form("{w:object_pl} phase out", {"effect": "phase_out", "what": V("w")}),
    ],
}


# ------------------------------------------------------------------------------------------------ Forge

_FORGE = ApiForm("Phases", "what")


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "PhaseOutTargetEffect"),
)


def _xmage_needs_sequence(effect: PhaseOut) -> bool:
    """`PhaseOutTargetEffect` takes a target; other objects phase out in the sequence effect."""
    return not isinstance(effect.what, TargetSubject)


def _xmage_sequence_step(s: SequenceLowering, effect: PhaseOut, subject: Any, indent: int
                         ) -> list[Statement] | None:
    """`new PhaseOutAllEffect(new ArrayList<>(<objects>)).apply(game, source)`."""
    if isinstance(subject, str):
        return None
    before, cards, _zone = s.source(subject, effect, indent)
    phase = s.call(s.new(s.use("PhaseOutAllEffect"), s.new(f"{s.use('ArrayList')}<>", cards)), "apply",
                   s.Raw("game"), s.Raw("source"))
    return [*before, Do(s.fmt(phase, indent))]


def _xmage_read_step(sr: SequenceReader, value: Any, node: Any) -> list[dict[str, Any]] | None:
    """`new PhaseOutAllEffect(new ArrayList<>(<objects>)).apply(game, source)`."""
    if not (isinstance(value, sr.Call) and value.method == "apply"
            and value.args == (sr.Raw("game"), sr.Raw("source"))):
        return None
    effect = value.receiver
    if isinstance(effect, sr.New) and effect.cls == "PhaseOutAllEffect" and len(effect.args) == 1:
        listed = effect.args[0]
        if isinstance(listed, sr.New) and listed.cls == "ArrayList" and len(listed.args) == 1:
            phased: dict[str, Any] = {"effect": CONSTRUCT.kind}
            phased["what"], _zone = sr.source(listed.args[0], phased, node)
            return [phased]
    return None

def _xmage_removes_your_lands(effect: PhaseOut) -> bool:
    """A phase-out of the permanents (or lands) its controller controls takes the lands a generated test
    adds to pay later spells: the test floats their mana first (scenario_actions._float_mana)."""
    if not isinstance(effect.what, AllSubject):
        return False
    what = effect.what.all
    return what.controller == "you" and (not what.types or bool({"permanent", "land"} & set(what.types)))

# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: PhaseOut) -> list[Entity]:
    """Phasing out also phases out everything attached (indirect phasing, 702.26g)."""
    from cardgen.game import continuous
    from cardgen.game.events import PhasedOut
    state = ctx.state
    objects = ctx.permanents(effect.what, "what")
    chosen = {obj.oid for obj in objects}
    attached = [obj for obj in state.permanents() if obj.attached_to in chosen and obj.oid not in chosen]
    for obj in [*objects, *attached]:
        controller = continuous.controller_of(state, obj)
        obj.phased_out = True
        obj.phased_out_controller = controller
        state.emit(PhasedOut(obj.name, controller))
    return [obj.oid for obj in objects]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="phase_out", model=PhaseOut, subjects=("what",),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what",),
    ),
    forge=ForgeEffect(
        api=_FORGE,
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        needs_sequence=_xmage_needs_sequence,
        removes_your_lands=_xmage_removes_your_lands,
        sequence=XMageSequence(
            step=_xmage_sequence_step,
            read_step=_xmage_read_step,
        ),
    ),
    rule=OneShot(resolve=_resolve),
)
