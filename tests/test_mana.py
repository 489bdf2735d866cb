"""Mana costs: every printable cost parses and prints back unchanged; mana value is the sum of its symbols;
anything else is a `ManaCostError` (and, in a spec, a CG104 diagnostic), never another exception."""

from __future__ import annotations

import pytest
from examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.model.mana import COLORS, MAX_GENERIC, ManaCost, ManaCostError

HYBRID = [f"{a}/{b}" for a in COLORS for b in COLORS if a != b]
MONO_HYBRID = [f"2/{c}" for c in COLORS]
COLORLESS_HYBRID = [f"C/{c}" for c in COLORS]
PHYREXIAN = [f"{c}/P" for c in COLORS]
HYBRID_PHYREXIAN = [f"{a}/{b}/P" for a in COLORS for b in COLORS if a != b]
COLORED = [*COLORS, "C", "S", *HYBRID, *MONO_HYBRID, *COLORLESS_HYBRID, *PHYREXIAN, *HYBRID_PHYREXIAN]


def symbol_value(text: str) -> int:
    """Rule 202.3: X is 0, {2/W} is 2, every other non-generic symbol is 1."""
    if text.isdigit():
        return int(text)
    if text == "X":
        return 0
    if text.startswith("2/"):
        return 2
    return 1


@st.composite
def costs(draw: st.DrawFn) -> tuple[str, list[str]]:
    """A valid printed cost and its symbols: X's, then at most one generic, then colored symbols."""
    xs = ["X"] * draw(st.integers(0, 2))
    colored = draw(st.lists(st.sampled_from(COLORED), max_size=6))
    generic: list[str] = []
    if draw(st.booleans()):
        amount = draw(st.integers(1, MAX_GENERIC))
        generic = [str(amount)]
    elif not xs and not colored and draw(st.booleans()):
        generic = ["0"]  # {0} stands alone
    symbols = [*xs, *generic, *colored]
    return "".join("{" + s + "}" for s in symbols), symbols


@given(costs())
def test_valid_costs_round_trip(cost: tuple[str, list[str]]) -> None:
    text, symbols = cost
    parsed = ManaCost.parse(text)
    assert str(parsed) == text
    assert [s.text for s in parsed.symbols] == symbols
    assert ManaCost.parse(str(parsed)) == parsed


@given(costs())
def test_lower_case_input_prints_upper_case(cost: tuple[str, list[str]]) -> None:
    text, _ = cost
    assert str(ManaCost.parse(text.lower())) == text


@given(costs())
def test_mana_value_is_the_sum_of_symbol_values(cost: tuple[str, list[str]]) -> None:
    text, symbols = cost
    parsed = ManaCost.parse(text)
    assert parsed.mana_value == sum(symbol_value(s) for s in symbols)
    assert parsed.generic == sum(int(s) for s in symbols if s.isdigit())


@given(costs())
def test_colors_are_in_wubrg_order_and_come_from_symbols(cost: tuple[str, list[str]]) -> None:
    text, symbols = cost
    colors = ManaCost.parse(text).colors
    assert list(colors) == [c for c in COLORS if any(c in s.split("/") for s in symbols)]


@given(st.text(max_size=40))
def test_any_text_parses_or_raises_mana_cost_error(text: str) -> None:
    try:
        parsed = ManaCost.parse(text)
    except ManaCostError:
        return
    assert ManaCost.parse(str(parsed)) == parsed


@given(st.text(alphabet="{}0123456789XWUBRGCSP/ ", max_size=20))
def test_brace_soup_parses_or_raises_mana_cost_error(text: str) -> None:
    try:
        parsed = ManaCost.parse(text)
    except ManaCostError:
        return
    assert str(parsed).upper() == text.upper()


@pytest.mark.parametrize(
    "text",
    ["2R", "{2}{R", "{R}{2}", "{1}{2}", "{Q}", "{100}", "{0}{R}", "{R/R}", "{W/P/P}", "{}", "{2}{X}", " {R}"],
)
def test_malformed_costs_are_refused(text: str) -> None:
    with pytest.raises(ManaCostError):
        ManaCost.parse(text)


def test_examples() -> None:
    assert ManaCost.parse("").mana_value == 0
    assert ManaCost.parse("{X}{X}{G}").mana_value == 1
    assert ManaCost.parse("{2/W}{2/W}").mana_value == 4
    assert ManaCost.parse("{3}{B}{B}").mana_value == 5
    assert ManaCost.parse("{G/U/P}").colors == ("U", "G")


_SYMBOL_TEXTS = ["X", "x", "0", "1", "2", "12", "99", "100", "W", "u", "B", "R", "G", "C", "S", "Q", "P", "W/U",
                 "U/U", "2/W", "C/G", "G/P", "W/U/P", "2/C", "", "R/W", "T"]


@given(st.lists(st.sampled_from(_SYMBOL_TEXTS), max_size=5), st.booleans())
@settings(max_examples=examples(400), deadline=None)
def test_the_json_schema_pattern_accepts_exactly_the_costs_the_parser_accepts(inners: list[str], junk: bool) -> None:
    """Editors flag the same costs `validate` refuses: `{Q}`, `{R}{2}`, `{1}{2}`, `{0}{R}`, ..."""
    import re

    from cardgen.model.mana import json_schema_pattern

    text = "".join("{" + inner + "}" for inner in inners) + ("R" if junk else "")
    try:
        ManaCost.parse(text)
        parses = True
    except ManaCostError:
        parses = False
    assert bool(re.fullmatch(json_schema_pattern(), text)) == parses, text
