""""They" after an effect on every object of a filter is those objects: "Raccoons you control get +1/+1 and
gain vigilance until end of turn" (611.2c: both effects lock in the same objects as they begin)."""

from __future__ import annotations

from cardgen.phrasing import read_line
from cardgen.text.oracle import lower_first


def test_get_and_gain_on_every_raccoon_of_yours() -> None:
    reading = read_line("Whenever you expend 4, Raccoons you control get +1/+1 and gain vigilance until end of "
                        "turn.", "Brambleguard Veteran", spell=False)
    assert reading.ability is not None
    raccoons = {"all": {"subtypes": ["Raccoon"], "controller": "you"}}
    assert [effect["what"] for effect in reading.ability["effects"]] == [raccoons, raccoons]


def test_an_effect_text_keeps_the_capital_of_a_subtype_it_starts_with() -> None:
    assert lower_first("Raccoons you control get +1/+1") == "Raccoons you control get +1/+1"
    assert lower_first("Mice you control get +1/+0") == "Mice you control get +1/+0"
    assert lower_first("Creatures you control get +1/+1") == "creatures you control get +1/+1"
    assert lower_first("Destroy target creature") == "destroy target creature"
