"""Pawprint modes (700.2h, 107.19) of the `modes` effect (`cardgen/vocab/effects/modes.py`): "Choose up to five
{P} worth of modes. You may choose the same mode more than once.", each mode worth its own {P}, a mode chosen
more than once performed that many times in the printed order (700.2d); Forge's Charm with `Pawprint$` on it
and on each mode, XMage's `setMaxPawPrints` and `withPawPrintValue`, both read back; and the keyword counter
(122.1b) a returned card gets ("with an indestructible counter on it"). Season of the Burrow's scenarios
(`scenarios/blb/season_of_the_burrow.yaml`) play them from the spec and from both engines' files."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back
from pydantic import ValidationError

from cardgen.model.card import Card
from cardgen.phrasing import read_line
from cardgen.vocab.effects.modes import ChooseModes, choice_problem, chosen_effects, lines

HEAD = "Choose up to five {P} worth of modes. You may choose the same mode more than once."
TEXT = "\n".join([HEAD, "{P} — Draw a card.", "{P}{P} — Create a Food token.",
                  "{P}{P}{P} — Return target creature card from your graveyard to the battlefield "
                  "with an indestructible counter on it."])


def _modal() -> dict:
    return {"effect": "modes", "min": 0, "max": 5, "repeat": True, "pawprints": 5, "modes": [
        {"text": "Draw a card.", "pawprints": 1, "effects": [{"effect": "draw"}]},
        {"text": "Create a Food token.", "pawprints": 2, "effects": [{"effect": "create_token", "token": "food"}]},
        {"text": "Return target creature card from your graveyard to the battlefield with an indestructible "
                 "counter on it.", "pawprints": 3,
         "effects": [{"effect": "return_card", "to": "battlefield", "counters": [{"counter": "indestructible"}],
                      "what": {"target": {"zone": "graveyard", "types": ["creature"], "owner": "you"}}}]},
    ]}


def _card() -> Card:
    return Card.model_validate({
        "name": "Test Season", "mana_cost": "{3}{W}{W}", "types": ["Sorcery"], "oracle": TEXT,
        "printings": [{"set": "CGT", "number": "96", "rarity": "mythic"}],
        "abilities": [{"kind": "spell", "text": TEXT, "effects": [_modal()]}]})


def test_the_pawprint_lines_read_into_the_modal_effect_and_print_back() -> None:
    reading = read_line(TEXT, "Test Season", spell=True)
    assert reading.ability is not None, reading.problem
    assert reading.ability["effects"] == [_modal()]
    assert "\n".join(lines(ChooseModes.model_validate(_modal()))) == TEXT


@pytest.mark.parametrize(("modes", "problem"), [
    ((0, 0, 0, 0, 0), None),
    ((), None),                       # "up to": no mode at all
    ((0, 1, 1), None),                # 1 + 2 + 2
    ((1, 2), None),
    ((2, 2), "worth 6 {P}, more than 5"),
    ((1, 1, 1), "worth 6 {P}, more than 5"),
    ((0, 0, 0, 0, 0, 0), "worth 6 {P}, more than 5"),
    ((3,), "there are 3 modes"),
])
def test_a_choice_is_within_the_pawprints(modes: tuple[int, ...], problem: str | None) -> None:
    found = choice_problem(ChooseModes.model_validate(_modal()), modes)
    assert (found is None) if problem is None else (found is not None and problem in found)


def test_a_mode_chosen_twice_is_performed_twice_in_the_printed_order() -> None:
    effect = ChooseModes.model_validate(_modal())
    kinds = [inner.effect for inner in chosen_effects(effect, (1, 0, 1))]
    assert kinds == ["draw", "create_token", "create_token"]


@pytest.mark.parametrize(("change", "words"), [
    ({"max": 3}, "`max` is 5"),
    ({"min": 1}, "`min` is 0"),
])
def test_pawprints_fix_how_many_modes(change: dict, words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        ChooseModes.model_validate({**_modal(), **change})


@pytest.mark.parametrize(("line", "counter"), [
    ("Return target creature card from your graveyard to the battlefield with an indestructible counter on it.",
     "indestructible"),
    ("Return target creature card from your graveyard to the battlefield with a +1/+1 counter on it.", "+1/+1"),
])
def test_a_counter_takes_the_article_its_word_takes(line: str, counter: str) -> None:
    reading = read_line(line, "Test Season", spell=True)
    assert reading.ability is not None, reading.problem
    assert reading.ability["effects"][0]["counters"] == [{"counter": counter}]


def test_both_engines_write_their_own_form_and_read_it_back() -> None:
    script, source = rendered_and_read_back(_card(), "test_season.txt")
    assert "A:SP$ Charm | Choices$ " in script
    assert "| CharmNum$ 5 | MinCharmNum$ 0 | CanRepeatModes$ True | Pawprint$ 5" in script
    assert "DB$ Draw | Pawprint$ 1 |" in script
    assert "WithCountersType$ Indestructible" in script
    assert "getModes().setMaxPawPrints(5)" in source
    assert "getModes().setMayChooseSameModeMoreThanOnce(true)" in source
    assert "getModes().getMode().withPawPrintValue(1)" in source
    assert ".withPawPrintValue(3)" in source
    assert "CounterType.INDESTRUCTIBLE.createInstance()" in source


def test_a_keyword_counter_gives_its_keyword() -> None:
    from cardgen.game import continuous
    from cardgen.resolver.setup import put
    from cardgen.resolver.testing import make_card, new_game

    game = new_game()
    bears = put(game.state, "alice", make_card("Bears", pt="2/2"), "battlefield")
    assert "indestructible" not in continuous.view(game.state, bears).keywords
    bears.counters["indestructible"] = 1
    assert "indestructible" in continuous.view(game.state, bears).keywords


@pytest.mark.parametrize(("modes", "skip"), [((0, 0, 0, 0, 0), False), ((0, 1, 1), False), ((1, 2), False),
                                             ((0, 0), True), ((2,), True), ((), True)])
def test_xmage_is_told_to_stop_only_while_pawprints_are_left(modes: tuple[int, ...], skip: bool) -> None:
    """Modes.choose asks for another mode while the chosen ones are worth less than setMaxPawPrints, so a
    choice worth all five {P} ends without TestPlayer.MODE_SKIP (an unused one fails the test)."""
    from cardgen.engines.xmage.scenario_actions import _mode_choices

    choices = _mode_choices(_card(), "playerA", modes)
    assert [choice.mode for choice in choices] == [index + 1 for index in modes] + ([None] if skip else [])
