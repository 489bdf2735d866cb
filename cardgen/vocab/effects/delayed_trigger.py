"""The `delayed_trigger` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.game.context import Context
from cardgen.game.events import DelayedTriggerCreated
from cardgen.game.objects import DelayedTrigger as DelayedAbility
from cardgen.game.objects import Entity
from cardgen.spec.model import DelayedTrigger
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms

CONSTRUCT = EffectConstruct("delayed_trigger", DelayedTrigger, subjects=())


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "effect": [  # the effects it holds, said before or after when they happen
        Form("{e:plain_clauses} at the beginning of the next end step",
             {"effect": "delayed_trigger", "at": "next_end_step", "effects": V("e")}),
        Form("at the beginning of the next end step, {e:plain_clauses}",
             {"effect": "delayed_trigger", "at": "next_end_step", "effects": V("e")}, parse_only=True),
    ],
})


CONSTRUCT.put("text_own_sentence", True)


@CONSTRUCT.slot("canonical")
def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    effect["effects"] = forms.chain(effect["effects"])


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: DelayedTrigger) -> list[Entity]:
    """"At the beginning of the next end step": this turn's, unless that end step has begun (603.7)."""
    state = ctx.state
    started = state.step in ("end", "cleanup")
    state.delayed.append(DelayedAbility(
        controller=ctx.controller, source=ctx.source, source_name=ctx.source_name,
        effects=list(effect.effects), not_before_turn=state.turn_number + (1 if started else 0),
        promised=ctx.promised, gift_recipient=ctx.recipient, refs=dict(ctx.refs)))
    state.emit(DelayedTriggerCreated(ctx.controller, ctx.source_name, effect.at))
    return []
