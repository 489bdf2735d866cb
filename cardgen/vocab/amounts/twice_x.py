"""The `twice_x` amount: "twice X" in an effect of a spell whose mana cost has {X} (Stargaze: "Look at twice X
cards from the top of your library").

`amount: {count: twice_x}`: two times the value the caster announced for X as the spell was cast (601.2b, 107.3a),
which the resolving spell's effects use (608.2h); 0 anywhere else (107.3b), as `x` is.
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

class TwiceXValue(AmountBase):
    """Two times the value the caster announced for X (107.3a)."""

    count: Literal["twice_x"]


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {"cards": [Form("twice x cards", {"count": "twice_x"})]}
""""Look at twice X cards": the `cards` rule is how an effect says a number of cards."""


# ------------------------------------------------------------------------------------------------ Forge

FORGE_COUNT = "Count$xPaid/Twice"
"""X paid for the spell (AbilityUtils.calculateAmount: `Count$xPaid`) doubled by doXMath's `/Twice`, as Forge's own
Stargaze writes `DigNum$ Y | SVar:Y:Count$xPaid/Twice`."""


def _forge(w: object, amount: TwiceXValue) -> str:
    return FORGE_COUNT


def _forge_read(value: str) -> dict[str, Any] | None:
    return {"count": "twice_x"} if value == FORGE_COUNT else None


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, amount: TwiceXValue) -> Expr:
    """`new MultipliedValue(GetXValue.instance, 2)`: XMage's dynamic value of X announced for the spell, doubled."""
    return w.new(w.use("MultipliedValue"), w.Raw(f"{w.use('GetXValue')}.instance"), w.Raw("2"))


def _xmage_read(value: Any) -> dict[str, Any] | None:
    flat = value.flat() if hasattr(value, "flat") else None
    return {"count": "twice_x"} if flat in ("new MultipliedValue(GetXValue.instance, 2)",) else None


# --------------------------------------------------------------------------------------------- resolver

def _evaluate(ctx: Context, amount: TwiceXValue) -> int:
    """Twice X of the resolving spell (107.3a); 0 for a source that isn't a spell (107.3b)."""
    source = ctx.state.objects.get(ctx.source)
    return 2 * source.spell.x if source is not None and source.spell is not None else 0


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AmountConstruct(
    kind="twice_x", model=TwiceXValue,
    text=AmountText(phrasings=_PHRASINGS),
    forge=ForgeAmount(write=_forge, read=_forge_read),
    xmage=XMageAmount(write=_xmage, read=_xmage_read, dynamic=True),
    rule=AmountRule(evaluate=_evaluate),
)
