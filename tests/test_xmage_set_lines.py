"""The set-line model (`sets.SetCardLine`) sorts as its written lines do: XMage keeps a set's
`cards.add(new SetCardInfo(...))` lines sorted by their text, and the template writes them in the order
`sort_key` gives, so the two orders must agree for any names, numbers and graphics."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardgen.engines.xmage.render import environment
from cardgen.engines.xmage.sets import SetCardLine

_names = st.text(st.sampled_from("ab 'A,\"-0"), min_size=1, max_size=6)
_numbers = st.one_of(st.integers(0, 400).map(lambda n: (str(n), True)),
                     st.text(st.sampled_from("01a*"), min_size=1, max_size=4).map(lambda t: (t, False)))
_lines = st.builds(
    lambda name, number, rarity, cls, graphic: SetCardLine(name, number[0], number[1], rarity, cls, graphic),
    _names, _numbers, st.sampled_from(["COMMON", "RARE", "LAND"]),
    st.sampled_from(["mage.cards.a.Ab", "mage.cards.a.A", "mage.cards.basiclands.Forest"]),
    st.sampled_from([None, "FULL_ART", "NON_FULL_USE_VARIOUS", "FULL_ART_USE_VARIOUS"]))


@given(st.lists(_lines, max_size=6))
def test_lines_in_model_order_are_in_text_order(lines: list[SetCardLine]) -> None:
    text = environment().get_template("set_cards.txt.j2").render(
        set_class="Example", code="EXA", lines=sorted(lines, key=SetCardLine.sort_key))
    written = text.splitlines()[1:]
    assert len(written) == len(lines)
    assert written == sorted(written)
