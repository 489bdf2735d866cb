"""The set-line model (`sets.SetCardLine`) sorts as its written lines do: XMage keeps a set's
`cards.add(new SetCardInfo(...))` lines sorted by their text, and the template writes them in the order
`sort_key` gives, so the two orders must agree for any names, numbers and graphics."""

from __future__ import annotations

import datetime
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cardgen.engines.xmage.render import environment
from cardgen.engines.xmage.setindex import Registration, parse_registrations
from cardgen.engines.xmage.sets import SetCardLine, registration_lines
from cardgen.model.card import Card, SetInfo

ROOT = Path(__file__).resolve().parent.parent

_names = st.text(st.sampled_from("ab 'A,\"-0"), min_size=1, max_size=6)
_numbers = st.one_of(st.integers(0, 400).map(lambda n: (str(n), True)),
                     st.text(st.sampled_from("01a*"), min_size=1, max_size=4).map(lambda t: (t, False)))
_lines = st.builds(
    lambda name, number, rarity, cls, graphic: SetCardLine(name, number[0], number[1], rarity, cls, graphic),
    _names, _numbers, st.sampled_from(["COMMON", "RARE", "LAND"]),
    st.sampled_from(["mage.cards.a.Ab", "mage.cards.a.A", "mage.cards.basiclands.Forest"]),
    st.sampled_from([None, "FULL_ART", "NON_FULL_USE_VARIOUS", "FULL_ART_USE_VARIOUS", "RETRO_ART",
                     "RETRO_ART_USE_VARIOUS"]))


@given(st.lists(_lines, max_size=6))
def test_lines_in_model_order_are_in_text_order(lines: list[SetCardLine]) -> None:
    text = environment().get_template("set_cards.txt.j2").render(
        set_class="Example", code="EXA", lines=sorted(lines, key=SetCardLine.sort_key))
    written = text.splitlines()[1:]
    assert len(written) == len(lines)
    assert written == sorted(written)


_PW26 = SetInfo(name="X", code="PW26", release_date=datetime.date(2026, 1, 1), type="promo")


def _card(printings: list[dict[str, object]]) -> Card:
    return Card.model_validate({"name": "Example Card", "mana_cost": "{U}", "types": ["Instant"],
                                "oracle": "Draw a card.", "printings": printings, "abilities": []})


def test_a_retro_frame_printing_carries_xmages_retro_art_argument() -> None:
    """XMage's own line for Into the Flood Maw in Wizards Play Network 2026 ends with `RETRO_ART`: the
    graphic argument is the printing's frame, `_USE_VARIOUS` when the set prints the name more than once."""
    retro = _card([{"set": "PW26", "number": 8, "rarity": "rare", "frame": "retro"}])
    one = registration_lines(_PW26, [(retro, "ExampleCard")])
    assert [line.graphic for line in one] == ["RETRO_ART"]
    two = registration_lines(_PW26,
                             [(_card([{"set": "PW26", "number": 8, "rarity": "rare", "frame": "retro"},
                                      {"set": "PW26", "number": 9, "rarity": "rare"}]), "ExampleCard")])
    assert [line.graphic for line in two] == ["RETRO_ART_USE_VARIOUS", "NON_FULL_USE_VARIOUS"]


def test_the_reader_reads_the_frame_back() -> None:
    found: dict[str, Registration] = {}
    parse_registrations('        cards.add(new SetCardInfo("Into the Flood Maw", 8, Rarity.RARE, '
                        'mage.cards.i.IntoTheFloodMaw.class, RETRO_ART));', "PW26", found)
    (entry,) = found.values()
    assert entry.printings == [{"set": "PW26", "number": "8", "rarity": "rare", "variant": None, "frame": "retro"}]
    found = {}
    parse_registrations('        cards.add(new SetCardInfo("Shock", 5, Rarity.COMMON, mage.cards.s.Shock.class));',
                        "M10", found)
    assert "frame" not in next(iter(found.values())).printings[0]
