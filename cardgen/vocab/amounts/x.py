"""The `x` amount: "X" in an effect of a spell whose mana cost has {X}, the value announced for X.

`amount: {count: x}` ("Draw X cards", Mind Spring). The caster announces the value of X as the spell is
cast (601.2b); while the spell is on the stack X is that value (107.3a), and the resolving spell's
effects use it (608.2h). Anywhere else X is 0 (107.3b: an object not on the stack, whose value of X was
never announced); the announced value is a decision of the cast, so a copy of the spell keeps it (707.10).
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

class XValue(AmountBase):
    """The value the caster announced for X (107.3a)."""

    count: Literal["x"]


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {"cards": [Form("x cards", {"count": "x"})]}
""""Draw X cards": the `cards` rule is how an effect says a number of cards."""


# ------------------------------------------------------------------------------------------------ Forge

FORGE_COUNT = "Count$xPaid"
"""Forge's value of X paid for the spell (AbilityUtils.calculateAmount reads `Count$xPaid` from the
spell's `XManaCostPaid`), as its own Mind Spring writes `NumCards$ X | SVar:X:Count$xPaid`."""


def _forge(w: object, amount: XValue) -> str:
    return FORGE_COUNT


def _forge_read(value: str) -> dict[str, Any] | None:
    return {"count": "x"} if value == FORGE_COUNT else None


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, amount: XValue) -> Expr:
    """`GetXValue.instance`, XMage's dynamic value of the X announced for the spell (its own Mind Spring)."""
    return w.Raw(f"{w.use('GetXValue')}.instance")


def _xmage_read(value: Any) -> dict[str, Any] | None:
    flat = value.flat() if hasattr(value, "flat") else None
    return {"count": "x"} if flat in ("GetXValue.instance", "ManacostVariableValue.REGULAR") else None


# --------------------------------------------------------------------------------------------- resolver

def _evaluate(ctx: Context, amount: XValue) -> int:
    """X of the resolving spell (107.3a); 0 for a source that isn't a spell (107.3b)."""
    source = ctx.state.objects.get(ctx.source)
    return source.spell.x if source is not None and source.spell is not None else 0


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AmountConstruct(
    kind="x", model=XValue,
    text=AmountText(phrasings=_PHRASINGS),
    forge=ForgeAmount(write=_forge, read=_forge_read),
    xmage=XMageAmount(write=_xmage, read=_xmage_read),
    rule=AmountRule(evaluate=_evaluate),
)
