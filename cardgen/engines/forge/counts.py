"""Count expressions that depend on the gift promise, evaluated both ways.

Forge gates targets on the promise by count SVars: `TargetMin$ X | TargetMax$ X` with
`SVar:X:Count$PromisedGift.1.0` (1 if promised, else 0; the writer's form, `script.Count`). Forge's own
scripts also write it as `Count$ValidStack Card.Self+PromisedGift` or `Count$Compare Y EQ1.0.1`. The reader
evaluates any of these to a pair (value if promised, value if not), which is all the meaning they carry.
"""

from __future__ import annotations

import re
from collections.abc import Callable

Pair = tuple[int, int]
"""(value when the gift was promised, value when it was not)."""

_COMPARATORS: dict[str, Callable[[int, int], bool]] = {
    "EQ": lambda a, b: a == b, "NE": lambda a, b: a != b, "GE": lambda a, b: a >= b,
    "GT": lambda a, b: a > b, "LE": lambda a, b: a <= b, "LT": lambda a, b: a < b,
}


class CountError(ValueError):
    """A count expression the reader does not understand."""


def evaluate(expression: str, svars: dict[str, str], depth: int = 0) -> Pair:
    """Evaluate a count parameter value (a number, an SVar name, or a `Count$` expression)."""
    if depth > 8:
        raise CountError(f"count SVars refer to each other in a loop at {expression!r}")
    text = expression.strip()
    if re.fullmatch(r"-?[0-9]+", text):
        return int(text), int(text)
    if text in svars:
        return evaluate(svars[text], svars, depth + 1)
    if match := re.fullmatch(r"Count\$PromisedGift\.(-?[0-9]+)\.(-?[0-9]+)", text):
        return int(match.group(1)), int(match.group(2))
    if text in ("Count$ValidStack Card.Self+PromisedGift", "Count$Valid Card.Self+PromisedGift"):
        return 1, 0
    if match := re.fullmatch(r"Count\$Compare (\S+) (EQ|NE|GE|GT|LE|LT)(-?[0-9]+)\.(-?[0-9]+)\.(-?[0-9]+)", text):
        inner = evaluate(match.group(1), svars, depth + 1)
        compare = _COMPARATORS[match.group(2)]
        bound, yes, no = int(match.group(3)), int(match.group(4)), int(match.group(5))
        promised, not_promised = (yes if compare(value, bound) else no for value in inner)
        return promised, not_promised
    raise CountError(f"cannot evaluate count {expression!r}")


def compare(pair: Pair, comparator: str) -> tuple[bool, bool]:
    """Apply `GE1`/`EQ0`/... to both sides of a pair: (holds if promised, holds if not)."""
    match = re.fullmatch(r"(EQ|NE|GE|GT|LE|LT)(-?[0-9]+)", comparator.strip())
    if not match:
        raise CountError(f"unknown comparison {comparator!r}")
    check = _COMPARATORS[match.group(1)]
    bound = int(match.group(2))
    return check(pair[0], bound), check(pair[1], bound)
