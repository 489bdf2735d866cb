"""Mana costs in the printed `{2}{R}` form.

A cost is parsed once into symbols so that every consumer (validator, renderers, resolver) works from
the same structure instead of re-parsing strings, and so that a malformed cost is an error at load time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BeforeValidator, PlainSerializer, WithJsonSchema

COLORS = ("W", "U", "B", "R", "G")
_SYMBOL = re.compile(r"\{([^{}]*)\}")
_GENERIC = re.compile(r"0|[1-9][0-9]{0,1}")
MAX_GENERIC = 99
_HINT = "write each symbol in braces, e.g. '{2}{R}'"


class ManaCostError(ValueError):
    """A mana cost string that is not a sequence of valid `{...}` symbols."""


@dataclass(frozen=True, slots=True)
class ManaSymbol:
    """One `{...}` symbol. `text` is the inside of the braces, upper-case, e.g. `2`, `R`, `W/U`, `G/P`."""

    text: str

    @property
    def is_generic(self) -> bool:
        return self.text.isdigit()

    @property
    def is_variable(self) -> bool:
        return self.text == "X"

    @property
    def mana_value(self) -> int:
        """Contribution to mana value (rule 202.3): generic counts its number, X counts 0, `{2/W}` counts 2."""
        if self.is_generic:
            return int(self.text)
        if self.is_variable:
            return 0
        if self.text.startswith("2/"):
            return 2
        return 1

    @property
    def colors(self) -> tuple[str, ...]:
        return tuple(part for part in self.text.split("/") if part in COLORS)


def _parse_symbol(inner: str) -> ManaSymbol:
    text = inner.upper()
    if _GENERIC.fullmatch(text):
        return ManaSymbol(text)
    if text in COLORS or text in ("C", "X", "S"):
        return ManaSymbol(text)
    parts = text.split("/")
    if len(parts) == 2:
        left, right = parts
        # hybrid {W/U}, monocolored hybrid {2/W}, phyrexian {W/P}, colorless hybrid {C/W}
        if left in COLORS and right in COLORS and left != right:
            return ManaSymbol(text)
        if left in ("2", "C") and right in COLORS:
            return ManaSymbol(text)
        if left in COLORS and right == "P":
            return ManaSymbol(text)
    if len(parts) == 3 and parts[0] in COLORS and parts[1] in COLORS and parts[2] == "P":
        return ManaSymbol(text)
    raise ManaCostError(f"unknown mana symbol {{{inner}}}")


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A parsed mana cost. `symbols` is empty for a card with no mana cost (a land)."""

    symbols: tuple[ManaSymbol, ...]

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        if not isinstance(text, str):
            raise ManaCostError("a mana cost is a string such as '{2}{R}'")
        if text == "":
            return cls(())
        pos = 0
        symbols: list[ManaSymbol] = []
        for match in _SYMBOL.finditer(text):
            if match.start() != pos:
                raise ManaCostError(f"unexpected {text[pos:match.start()]!r} at position {pos + 1}; {_HINT}")
            symbols.append(_parse_symbol(match.group(1)))
            pos = match.end()
        if pos != len(text):
            raise ManaCostError(f"unexpected {text[pos:]!r} at position {pos + 1}; {_HINT}")
        generic = [s for s in symbols if s.is_generic]
        if len(generic) > 1:
            raise ManaCostError("a mana cost has at most one generic symbol, e.g. '{3}' not '{1}{2}'")
        if generic and int(generic[0].text) > MAX_GENERIC:
            raise ManaCostError(f"generic mana above {MAX_GENERIC} is not printed on any card")
        if generic and generic[0].text == "0" and len(symbols) > 1:
            raise ManaCostError("'{0}' stands alone; drop it when the cost has other symbols")
        # Printed order: X first, then generic, then the rest (rule 107.4 presentation order).
        order = [0 if s.is_variable else 1 if s.is_generic else 2 for s in symbols]
        if order != sorted(order):
            raise ManaCostError("write X first, then the generic amount, then colored symbols, e.g. '{X}{2}{R}'")
        return cls(tuple(symbols))

    @property
    def mana_value(self) -> int:
        return sum(symbol.mana_value for symbol in self.symbols)

    @property
    def colors(self) -> tuple[str, ...]:
        seen = {color for symbol in self.symbols for color in symbol.colors}
        return tuple(color for color in COLORS if color in seen)

    @property
    def generic(self) -> int:
        return sum(int(s.text) for s in self.symbols if s.is_generic)

    def __str__(self) -> str:
        return "".join("{" + symbol.text + "}" for symbol in self.symbols)


def _coerce(value: Any) -> ManaCost:
    if isinstance(value, ManaCost):
        return value
    if not isinstance(value, str):
        raise ValueError("a mana cost is a quoted string such as '{2}{R}'")
    try:
        return ManaCost.parse(value)
    except ManaCostError as error:
        raise ValueError(str(error)) from None


def _any_case(text: str) -> str:
    return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else re.escape(c) for c in text)


def _symbols_pattern(symbols: list[str]) -> str:
    return r"\{(?:" + "|".join(_any_case(symbol) for symbol in symbols) + r")\}"


def json_schema_pattern() -> str:
    """The costs `ManaCost.parse` accepts, as one regular expression (for editors, through the JSON
    Schema): no cost, `{0}` alone, or X symbols, then at most one generic amount from 1 to 99, then the
    other symbols (colors, C, S, hybrid, monocolored hybrid, phyrexian), as rule 107.4 orders them."""
    pairs = [f"{a}/{b}" for a in COLORS for b in COLORS if a != b]
    others = [*COLORS, "C", "S", *pairs, *(f"{left}/{c}" for left in ("2", "C") for c in COLORS),
              *(f"{c}/P" for c in COLORS), *(f"{a}/{b}/P" for a in COLORS for b in COLORS)]
    others.sort(key=len, reverse=True)  # the longest first: `W/U/P` before `W/U`
    return (rf"^(?:\{{0\}}|(?:{_symbols_pattern(['X'])})*(?:\{{[1-9][0-9]?\}})?(?:{_symbols_pattern(others)})*)$")


ManaCostField = Annotated[
    ManaCost,
    BeforeValidator(_coerce),
    PlainSerializer(str, return_type=str),
    WithJsonSchema({"type": "string", "pattern": json_schema_pattern(), "examples": ["{2}{R}"]}),
]
"""Pydantic field type: validates a printed cost string and serialises back to it."""
