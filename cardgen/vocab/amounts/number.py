"""The number itself: `amount: 2`, the simplest amount kind (its model is `int`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from cardgen.vocab.construct import AmountConstruct, AmountRule, AmountText, ForgeAmount, XMageAmount

if TYPE_CHECKING:
    from cardgen.engines.xmage.java_expr import Expr
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.game.context import Context


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: object, amount: int) -> str:
    """`NumCards$ 2`."""
    return str(amount)


def _forge_read(value: str) -> int | None:
    return int(value) if re.fullmatch(r"[+-]?[0-9]+", value) else None


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, amount: int) -> Expr:
    """`new DrawCardSourceControllerEffect(2)`."""
    return w.Raw(str(amount))


def _xmage_read(value: object) -> int | None:
    text = value.flat() if hasattr(value, "flat") else None
    return int(text) if isinstance(text, str) and re.fullmatch(r"-?[0-9]+", text) else None


# --------------------------------------------------------------------------------------------- resolver

def _evaluate(ctx: Context, amount: int) -> int:
    return amount


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AmountConstruct(
    kind="number", model=int,
    text=AmountText(phrasings={}),  # the grammar's `number`, `count` and `cards` rules say numbers
    forge=ForgeAmount(write=_forge, read=_forge_read, svar=False),
    xmage=XMageAmount(write=_xmage, read=_xmage_read, dynamic=False),
    rule=AmountRule(evaluate=_evaluate),
)
