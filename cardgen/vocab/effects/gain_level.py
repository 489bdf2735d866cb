"""The `gain_level` effect: "This Class's level becomes N." (716.2a), what a Class's level ability does as it
resolves. Derived: a spec never writes it (the `class_level` ability's rule hands it to the resolver), and
both engines write it as part of their level ability (Forge's `K:Class`, XMage's `ClassLevelAbility`).

The level is a designation of the permanent (716.2d, not a counter); as it becomes N, the abilities of level N
are the permanent's (716.2b) and its "When this Class becomes level N" abilities trigger (716.2c). A Class
that left the battlefield before the ability resolves is a new object, or none: nothing happens (400.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from cardgen.model.parts import EffectBase
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect

if TYPE_CHECKING:
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity


# ------------------------------------------------------------------------------------------ the spec model

class GainLevel(EffectBase):
    """"This Class's level becomes N." (716.2a); derived from the Class's level ability."""

    effect: Literal["gain_level"]
    level: int


# --------------------------------------------------------------------------------------------- resolver

def _resolve(ctx: Context, effect: GainLevel) -> list[Entity]:
    """The source's level becomes N (if it is still the permanent the ability came from), then its level's
    "becomes level N" abilities trigger."""
    from cardgen.game import triggers
    from cardgen.game.events import ClassLevelGained

    state = ctx.state
    obj = state.live(ctx.source)
    if obj is None or obj.zone != "battlefield" or obj.phased_out:
        return []
    obj.class_level = effect.level
    state.emit(ClassLevelGained(obj.name, effect.level))
    triggers.class_level_gained(state, obj, effect.level)
    return [obj.oid]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="gain_level", model=GainLevel, subjects=(),
    text=EffectText(phrasings={}, derived=True),
    forge=ForgeEffect(
        # Forge's `K:Class` keyword is the level ability (`AB$ ClassLevelUp`): the effect is not written itself.
        from_keyword=True,
    ),
    xmage=XMageEffect(),
    rule=OneShot(resolve=_resolve),
)
