"""An "it" with nothing before it, after a trigger on the permanent itself, is that permanent."""

from __future__ import annotations

from cardgen.phrasing import read_line

VALIANT = ("Valiant — Whenever this creature becomes the target of a spell or ability you control for the first "
           "time each turn, ")


def test_it_after_valiant_is_the_creature_itself() -> None:
    reading = read_line(VALIANT + "put a +1/+1 counter on it.", "Seedglaive Mentor", spell=False)
    assert reading.ability is not None
    assert reading.ability["effects"] == [{"effect": "put_counters", "what": "self", "counter": "+1/+1"}]


def test_it_gets_and_gains_after_valiant_are_both_the_creature() -> None:
    reading = read_line(VALIANT + "it gets +1/+0 and gains first strike until end of turn.", "Guardmouse",
                        spell=False)
    assert reading.ability is not None
    assert [effect["what"] for effect in reading.ability["effects"]] == ["self", "self"]


def test_its_controller_with_nothing_before_it_is_still_not_read() -> None:
    reading = read_line(VALIANT + "its controller draws a card.", "Guardmouse", spell=False)
    assert reading.ability is None


def test_it_after_an_event_on_another_player_has_nothing_to_point_at() -> None:
    reading = read_line("Whenever you expend 4, put a +1/+1 counter on it.", "Wandertale", spell=False)
    assert reading.ability is None
