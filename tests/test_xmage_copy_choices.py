"""A `copy:` action in XMage's test: Twincast copies it, and XMage asks whether to change each target the
copied spell was cast with (StackObjectImpl.chooseNewTarget) - once per target, never for a spell without
one; and Twincast copies only instant and sorcery spells."""

from __future__ import annotations

from pathlib import Path

import pytest
from shipped import shipped_catalog

from cardgen.engines.xmage.scenario_tests import NOT_EXPRESSIBLE, render_tests
from cardgen.resolver.scenario.loader import load_file, load_text
from cardgen.resolver.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def cards():
    return {loaded.card.name: loaded.card for loaded in shipped_catalog().cards}


def _test(cards, card: str, text: str):
    loaded = load_text(text, "scenarios/cgt/x.yaml")
    assert not loaded.diagnostics
    for scenario in loaded.scenarios:  # written from the rules: the resolver agrees
        assert run_scenario(scenario, cards).ok
    result = render_tests(cards, {card: f"card_specs/cgt/{card.lower()}.yaml"}, [loaded])
    (source,) = result.files.values()
    return source, result.diagnostics


def _after_twincast(source: str) -> list[str]:
    lines = [line.strip() for line in source.splitlines()]
    start = next(i for i, line in enumerate(lines) if '"Twincast"' in line and line.startswith("castSpell"))
    return [line for line in lines[start + 1:] if line.startswith("setChoice(")]


DIVINATION = """\
card: Divination
scenarios:
  - name: a copy of Divination draws two more cards
    rules: ["707.10"]
    players:
      alice: {hand: [Divination], library: 10}
      bob: {}
    actions:
      - cast: Divination
        hold: true
      - copy: Divination
    expect:
      players:
        alice: {hand: 4, library: 6, graveyard: [Divination]}
"""


def test_a_copy_of_a_spell_without_targets_asks_nothing(cards) -> None:
    source, _ = _test(cards, "Divination", DIVINATION)
    assert _after_twincast(source) == []


SHOCK = """\
card: Shock
scenarios:
  - name: a copy of Shock keeps its target
    rules: ["707.10"]
    players:
      alice: {hand: [Shock]}
      bob: {}
    actions:
      - cast: Shock
        targets: [bob]
        hold: true
      - copy: Shock
    expect:
      players:
        bob: {life: 16}
"""


def test_a_copy_of_a_spell_with_one_target_is_asked_once_whether_to_change_it(cards) -> None:
    source, _ = _test(cards, "Shock", SHOCK)
    assert _after_twincast(source) == ["setChoice(playerA, false);"]


BEARS = """\
card: Grizzly Bears
scenarios:
  - name: a copy of a creature spell becomes a token
    rules: ["707.10", "608.3f"]
    players:
      alice: {hand: [Grizzly Bears]}
      bob: {}
    actions:
      - cast: Grizzly Bears
        hold: true
      - copy: Grizzly Bears
    expect:
      players:
        alice: {battlefield: 2}
"""


def test_a_copy_of_a_creature_spell_is_not_scripted_with_twincast(cards) -> None:
    source, diagnostics = _test(cards, "Grizzly Bears", BEARS)
    assert "Twincast" not in source
    (note,) = [d for d in diagnostics if d.code == NOT_EXPRESSIBLE]
    assert "copies only an instant or sorcery spell" in note.message


ISLANDS = """\
card: Divination
scenarios:
  - name: the Island you control is still there after Divination
    players:
      alice: {hand: [Divination], battlefield: [Island], library: 5}
      bob: {}
    actions:
      - cast: Divination
    expect:
      players:
        alice: {battlefield: 1}
      permanents:
        - {name: Island, controller: alice}
"""


def test_the_lands_added_for_mana_are_counted_in_every_battlefield_count(cards) -> None:
    source, _ = _test(cards, "Divination", ISLANDS)
    added = next(line for line in source.splitlines() if 'addCard(Zone.BATTLEFIELD, playerA, "Island"' in line)
    lands = int(added.rsplit(",", 1)[1].strip(" );")) if added.count(",") == 3 else 1
    assert f"assertPermanentCount(playerA, {1 + lands});" in source
    assert f'assertPermanentCount(playerA, "Island", {1 + lands});' in source


def test_no_wait_is_scripted_for_a_player_who_has_lost(cards) -> None:
    """XMage's `waitStackResolved` for a player who has left the game is never used (800.4a): after bob
    loses to Shock, only the players still in the game wait."""
    loaded = load_file(ROOT / "scenarios" / "cgt" / "shock.yaml")
    result = render_tests(cards, {"Shock": "card_specs/cgt/shock.yaml"}, [loaded])
    source = result.files[next(path for path in result.files if path.endswith("ShockMultiplayerTest.java"))]
    start = source.index("testAPlayerShockBringsTo0LifeLeavesTheGame")
    body = source[start:source.index("execute();", start)]
    assert "setLife(playerC, 2);" in body  # bob sits in playerC's seat
    assert "waitStackResolved(1, PhaseStep.PRECOMBAT_MAIN, playerC)" not in body
    assert "waitStackResolved(1, PhaseStep.PRECOMBAT_MAIN);" not in body
    assert "waitStackResolved(1, PhaseStep.PRECOMBAT_MAIN, playerA);" in body
