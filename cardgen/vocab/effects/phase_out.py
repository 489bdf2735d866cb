"""The `phase_out` effect."""

from __future__ import annotations

from cardgen.game import continuous
from cardgen.game.context import Context
from cardgen.game.events import PhasedOut
from cardgen.game.objects import Entity
from cardgen.spec.model import PhaseOut
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("phase_out", PhaseOut, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("{w:object_sg} phases out", {"effect": "phase_out", "what": V("w")}),
        Form("{w:object_pl} phase out", {"effect": "phase_out", "what": V("w")}),
    ],
})


CONSTRUCT.put("text_antecedents", ("what",))


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: PhaseOut) -> list[Entity]:
    """Phasing out also phases out everything attached (indirect phasing, 702.26g)."""
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
