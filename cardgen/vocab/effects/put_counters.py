"""The `put_counters` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from cardgen.model.parts import CounterKind, EffectBase, Subject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.forge_forms import ApiForm
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.model.card import PositiveAmount


# ------------------------------------------------------------------------------------------ the spec model

class PutCounters(EffectBase):
    effect: Literal["put_counters"]
    what: Subject
    counter: CounterKind
    amount: PositiveAmount = 1


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("put {c:a_counter_kind} counter on {w:object}",
             {"effect": "put_counters", "what": V("w"), "counter": V("c")}),
        Form("put {n:count} {c:counter_kind} counters on {w:object}",
             {"effect": "put_counters", "what": V("w"), "counter": V("c"), "amount": V("n", 1)}),
    ],
}


# ------------------------------------------------------------------------------------------------ Forge

# the amount is always written: PutCounterAll without CounterNum$ puts no counters in older Forge (a blank
# amount reads as 0) and one in newer, so a card must not depend on Forge's default
_FORGE = ApiForm("PutCounter", "what", all_api="PutCounterAll", counter="CounterType", amount="CounterNum",
                 amount_always=True)

# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "AddCountersTargetEffect", "counter"),
    form("all", "AddCountersAllEffect", "counter", "filter"),
    form("self", "AddCountersSourceEffect", "counter"),
    form("enchanted", "AddCountersAttachedEffect", "counter", "text:enchanted creature"),
    form("equipped", "AddCountersAttachedEffect", "counter", "text:equipped creature"),
)

# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: PutCounters) -> list[Entity]:
    from cardgen.game.events import CountersAdded
    amount = ctx.amount(effect.amount)
    objects = ctx.permanents(effect.what, "what")
    for obj in objects:
        obj.counters[effect.counter] = obj.counters.get(effect.counter, 0) + amount
        ctx.state.emit(CountersAdded(obj.name, effect.counter, amount))
    return [obj.oid for obj in objects]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="put_counters", model=PutCounters, subjects=("what",),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what",),
    ),
    forge=ForgeEffect(
        api=_FORGE,
        # Forge's own scripts that put +1/+1 counters say so to deck building (its Heartfire Hero, Mind
        # Spiral, Pileated Provisioner, Seedglaive Mentor, Sunshower Druid, Valley Mightcaller)
        deck_hints=lambda e: (("DeckHas", "Ability", "Counters"),) if e.counter == "+1/+1" else (),
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        pointer_stable=True,
    ),
    rule=OneShot(resolve=_resolve),
)
