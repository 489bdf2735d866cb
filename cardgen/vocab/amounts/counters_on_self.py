"""The `counters_on_self` amount: "the number of stash counters on this enchantment", counted as the effect
resolves (608.2h). "This enchantment" is the ability's source (an ability exists apart from its source,
113.7a): if it has left the battlefield, by a cost that sacrificed it or otherwise, the count is of the
counters it had as it last existed there (608.2h, 113.7a: last known information).

`amount: {count: counters_on_self, counter: stash}` ("Discard your hand, then draw cards equal to the number of
stash counters on this enchantment").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import AmountBase, CounterKind
from cardgen.vocab.construct import AmountConstruct, AmountRule, AmountText, ForgeAmount, XMageAmount
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.xmage.java_expr import Expr
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.game.context import Context


# ------------------------------------------------------------------------------------------ the spec model

class CountersOnSelf(AmountBase):
    """As many as the counters of `counter`'s kind on the ability's source."""

    count: Literal["counters_on_self"]
    counter: CounterKind


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    # "draw cards equal to the number of stash counters on this enchantment": the `cards` rule says how many
    "cards": [Form("cards equal to the number of {c:counter_kind} counters on {s:self}",
                   {"count": "counters_on_self", "counter": V("c")})],
}


# ------------------------------------------------------------------------------------------------ Forge

FORGE_PREFIX = "Count$CardCounters."
"""Forge's count of the host card's counters of a kind (AbilityUtils.xCount: `CardCounters.<TYPE>`, the host's
counters of that CounterType; a host that left the battlefield as the cost was paid is counted as it last
was, its LKI copy), as Forge's own Hoarder's Overflow counts its stash counters."""


FORGE_COUNTERS = {"+1/+1": "P1P1", "-1/-1": "M1M1", "stun": "STUN", "shield": "SHIELD",
                  "indestructible": "Indestructible", "stash": "STASH"}
"""Each counter kind as Forge names its CounterEnumType (the Forge backend's own table, `engines.forge.syntax.COUNTERS`,
which a test holds this to)."""
XMAGE_COUNTERS = {"+1/+1": "P1P1", "-1/-1": "M1M1", "stun": "STUN", "shield": "SHIELD",
                  "indestructible": "INDESTRUCTIBLE", "stash": "STASH"}
"""Each counter kind as XMage names its CounterType member (`engines.xmage.forms.COUNTER_TYPES`, held to it
the same way)."""


def _forge(w: object, amount: CountersOnSelf) -> str:
    return FORGE_PREFIX + FORGE_COUNTERS[amount.counter]


def _forge_read(value: str) -> dict[str, Any] | None:
    if not value.startswith(FORGE_PREFIX):
        return None
    kind = next((spec for spec, forge in FORGE_COUNTERS.items() if forge == value[len(FORGE_PREFIX):]), None)
    return {"count": "counters_on_self", "counter": kind} if kind is not None else None


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, amount: CountersOnSelf) -> Expr:
    """`new CountersSourceCount(CounterType.STASH)`: XMage's dynamic value of its source's counters of a kind
    (it reads the source as it last existed when it left the battlefield), as its own Hoarder's Overflow."""
    return w.new(w.use("CountersSourceCount"), w.Raw(f"{w.use('CounterType')}.{XMAGE_COUNTERS[amount.counter]}"))


def _xmage_read(value: Any) -> dict[str, Any] | None:
    if getattr(value, "cls", None) != "CountersSourceCount" or len(value.args) != 1:
        return None
    said = value.args[0].flat()
    kind = next((spec for spec, java in XMAGE_COUNTERS.items() if said == f"CounterType.{java}"), None)
    return {"count": "counters_on_self", "counter": kind} if kind is not None else None


# --------------------------------------------------------------------------------------------- resolver

def _evaluate(ctx: Context, amount: CountersOnSelf) -> int:
    """The source's counters of the kind, now, or as it last existed on the battlefield (608.2h)."""
    source = ctx.state.objects.get(ctx.source)
    return source.counters.get(amount.counter, 0) if source is not None else 0


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AmountConstruct(
    kind="counters_on_self", model=CountersOnSelf,
    text=AmountText(phrasings=_PHRASINGS),
    forge=ForgeAmount(write=_forge, read=_forge_read),
    xmage=XMageAmount(write=_xmage, read=_xmage_read, dynamic=True),
    rule=AmountRule(evaluate=_evaluate),
)
