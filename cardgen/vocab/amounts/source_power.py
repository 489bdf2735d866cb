"""The `source_power` amount: "equal to its power", the power of the ability's source.

`amount: {count: source_power}` ("When this creature dies, it deals damage equal to its power to each
opponent", Heartfire Hero). The value is taken as the effect resolves (608.2h); a source that has left the
battlefield (a dies trigger's, 603.10a) counts as it last existed there, its counters and pumps included
(608.2h). A negative power counts as 0 for a number of damage (107.1b). Forge says it with the triggering
card (`TriggeredCard$CardPower`, its last known information), so the kind is for the card's own zone-change
triggers ("when this creature dies / enters"), as Forge's own scripts write it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import AmountBase
from cardgen.vocab.construct import AmountConstruct, AmountRule, AmountText, ForgeAmount, XMageAmount
from cardgen.vocab.pattern import Form

if TYPE_CHECKING:
    from cardgen.engines.xmage.java_expr import Expr
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.game.context import Context


# ------------------------------------------------------------------------------------------ the spec model

class SourcePower(AmountBase):
    """The power of the spell or ability's source, as it is or as it last existed on the battlefield."""

    count: Literal["source_power"]


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {"equal_to": [Form(" equal to its power", {"count": "source_power"})]}
""""deals damage equal to its power": the `equal_to` rule is how an effect says an amount after its noun."""


# ------------------------------------------------------------------------------------------------ Forge

FORGE_COUNT = "TriggeredCard$CardPower"
"""The power of the card that triggered the ability, as it last existed (AbilityUtils.calculateAmount:
`TriggeredCard` is the trigger's run parameter, its LKI copy for a card that left the battlefield), as
Forge's own Heartfire Hero writes `NumDmg$ X | SVar:X:TriggeredCard$CardPower`."""


def _forge(w: object, amount: SourcePower) -> str:
    return FORGE_COUNT


def _forge_read(value: str) -> dict[str, Any] | None:
    return {"count": "source_power"} if value == FORGE_COUNT else None


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, amount: SourcePower) -> Expr:
    """`SourcePermanentPowerValue.NOT_NEGATIVE`: the source permanent's power, or its last known information
    (`getPermanentOrLKIBattlefield`), a negative power counting 0, as XMage's own Heartfire Hero writes it."""
    return w.Raw(f"{w.use('SourcePermanentPowerValue')}.NOT_NEGATIVE")


def _xmage_read(value: Any) -> dict[str, Any] | None:
    flat = value.flat() if hasattr(value, "flat") else None
    return {"count": "source_power"} if flat == "SourcePermanentPowerValue.NOT_NEGATIVE" else None


# --------------------------------------------------------------------------------------------- resolver

def _evaluate(ctx: Context, amount: SourcePower) -> int:
    """The source's power now, or as it last existed on the battlefield (608.2h); at least 0 (107.1b)."""
    from cardgen.game.continuous import view
    source = ctx.state.objects.get(ctx.source)
    if source is None:
        return 0
    if source.gone:
        power = source.last_power
    else:
        power = view(ctx.state, source).power if source.zone == "battlefield" else source.chars.power
    return max(power or 0, 0)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AmountConstruct(
    kind="source_power", model=SourcePower,
    text=AmountText(phrasings=_PHRASINGS),
    forge=ForgeAmount(write=_forge, read=_forge_read),
    xmage=XMageAmount(write=_xmage, read=_xmage_read),
    rule=AmountRule(evaluate=_evaluate),
)
