"""The `delayed_trigger` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import DelayedTrigger
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.xmage.lower import CardLowering, Host

CONSTRUCT = EffectConstruct("delayed_trigger", DelayedTrigger, subjects=())


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

@CONSTRUCT.slot("xmage_framework")
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


CONSTRUCT.put("xmage_stands_alone", True)

# --------------------------------------------------------------------------------------------- resolver
