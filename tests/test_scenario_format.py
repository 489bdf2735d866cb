"""The scenario format's newer parts: what a permanent is (colours, types, subtypes, rules lines), counted
events and windows between actions, starting with a spell on the stack or a promised permanent, and
players conceding in a multiplayer game (800.4a). Each expectation is shown to fail when the game differs,
with the line of the expectation that failed."""

from __future__ import annotations

from pathlib import Path

import pytest
from shipped import shipped_catalog

from cardgen.resolver.scenario.loader import load_text
from cardgen.resolver.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
CARDS = {loaded.card.name: loaded.card for loaded in shipped_catalog().cards}

OCTOPUS = """card: Octomancer
scenarios:
  - name: the Octopus
    players:
      alice: {hand: [Octomancer]}
      bob: {}
    actions:
      - cast: Octomancer
        gift: bob
    expect:
      permanents:
        - {name: Octopus, colors: [U], types: [Creature], subtypes: [Octopus], abilities: []}
"""


def _run(text: str) -> list[str]:
    loaded = load_text(text, "case.yaml")
    assert loaded.diagnostics == [], loaded.diagnostics
    [scenario] = loaded.scenarios
    return [str(failure) for failure in run_scenario(scenario, CARDS).failures]


def test_the_octopus_is_a_blue_octopus_creature_token() -> None:
    assert _run(OCTOPUS) == []


@pytest.mark.parametrize(("old", "new", "needle"), [
    ("colors: [U]", "colors: [G]", "Octopus colors: expected ['G'], got [['U']]"),
    ("colors: [U]", "colors: []", "Octopus colors"),
    ("types: [Creature]", "types: [Artifact, Creature]", "Octopus types"),
    ("subtypes: [Octopus]", "subtypes: [Fish]", "Octopus subtypes"),
    ("abilities: []", "has_abilities: ['{T}: Add {U}.']", "lacks the ability"),
])
def test_a_wrong_characteristic_fails_at_its_line(old: str, new: str, needle: str) -> None:
    failures = _run(OCTOPUS.replace(old, new))
    assert len(failures) == 1 and needle in failures[0] and failures[0].startswith("case.yaml:12:"), failures


def test_a_token_s_rules_text_is_its_ability() -> None:
    text = OCTOPUS.replace("Octomancer", "Blooming Blast")
    text = text.replace("        gift: bob\n", "        gift: bob\n        targets: [Grizzly Bears]\n")
    text = text.replace("      bob: {}", "      bob: {battlefield: [Grizzly Bears]}")
    text = text.replace("{name: Octopus, colors: [U], types: [Creature], subtypes: [Octopus], abilities: []}",
                        "{name: Treasure, colors: [], types: [Artifact], subtypes: [Treasure], "
                        "abilities: ['{T}, Sacrifice this artifact: Add one mana of any color.']}")
    assert _run(text) == []


SHOCKS = """card: Shock
scenarios:
  - name: two Shocks
    players:
      alice: {hand: [Shock, Shock]}
      bob: {}
    actions:
      - cast: Shock
        targets: [bob]
        label: first
      - cast: Shock
        targets: [bob]
    expect:
      events:
        - {event: damage, to: bob, amount: 2, count: 2}
      events_between:
        - {after: first, none: [{event: life_gained}], events: [{event: damage, to: bob, count: 1}]}
        - {before: 1, events: [{event: damage, count: 1}]}
"""


def test_counted_events_and_windows_between_actions() -> None:
    assert _run(SHOCKS) == []


@pytest.mark.parametrize(("old", "new", "line", "needle"), [
    ("amount: 2, count: 2}", "amount: 2, count: 3}", 15, "expected 3, got 2"),
    ("events: [{event: damage, to: bob, count: 1}]", "events: [{event: damage, to: bob, count: 2}]", 17,
     "expected 2, got 1"),
    ("none: [{event: life_gained}]", "none: [{event: damage}]", 17, "unexpected event between the actions"),
    ("{before: 1, events: [{event: damage, count: 1}]}", "{before: 1, events: [{event: damage, count: 0}]}",
     18, "expected 0, got 1"),
])
def test_a_wrong_count_or_window_fails_at_its_line(old: str, new: str, line: int, needle: str) -> None:
    failures = _run(SHOCKS.replace(old, new))
    assert len(failures) == 1 and needle in failures[0] and failures[0].startswith(f"case.yaml:{line}:"), failures


@pytest.mark.parametrize(("old", "new", "needle"), [
    ("after: first", "after: second", "no action has `label: second`"),
    ("before: 1", "before: 5", "there is no action 5"),
    ("{before: 1,", "{after: 1, before: 1,", "is not before"),
    ("after: first,", "after: first, before: first,", "is not before"),
    ("count: 2}", "count: -1}", "`count` is a number of events"),
    ("        label: first\n      - cast: Shock\n", "        label: first\n      - cast: Shock\n        label: first\n",
     "the same `label`"),
])
def test_a_bad_window_or_count_is_a_diagnostic(old: str, new: str, needle: str) -> None:
    loaded = load_text(SHOCKS.replace(old, new), "case.yaml")
    assert loaded.scenarios == []
    assert any(needle in d.message for d in loaded.diagnostics), loaded.diagnostics


STACK = """card: Cancel
scenarios:
  - name: a promised spell on the stack
    players:
      alice: {hand: [Cancel]}
      bob: {battlefield: [Grizzly Bears]}
    stack:
      - {spell: Blooming Blast, by: bob, gift: alice, targets: [Grizzly Bears]}
    actions:
      - resolve
    expect:
      players:
        alice: {battlefield: [Treasure]}
        bob: {life: 17, graveyard: [Blooming Blast, Grizzly Bears]}
      events:
        - {event: gift_given, player: bob, to: alice, gift: treasure}
      no_events:
        - {event: cast}
"""


def test_a_spell_can_start_on_the_stack_promised() -> None:
    assert _run(STACK) == []


@pytest.mark.parametrize(("old", "new", "needle"), [
    ("gift: alice", "gift: bob", "not_an_opponent"),
    ("targets: [Grizzly Bears]", "targets: [alice]", "illegal_target"),
    ("targets: [Grizzly Bears]", "targets: []", "target_count"),
    ("spell: Blooming Blast, by: bob, gift: alice", "spell: Shock, by: bob, gift: alice", "no_gift"),
    ("spell: Blooming Blast", "spell: Forest", "not_castable"),
])
def test_a_spell_that_could_not_have_been_cast_is_refused_at_its_line(old: str, new: str, needle: str) -> None:
    failures = _run(STACK.replace(old, new))
    assert len(failures) == 1 and needle in failures[0] and failures[0].startswith("case.yaml:8:"), failures


PROMISED = """card: Octomancer
scenarios:
  - name: a promised permanent
    players:
      alice: {battlefield: [{card: Octomancer, promised: true}]}
      bob: {}
    expect:
      permanents:
        - {name: Octomancer, promised: true}
"""


def test_a_permanent_can_start_promised() -> None:
    assert _run(PROMISED) == []
    failures = _run(PROMISED.replace("Octomancer, promised: true}]", "Grizzly Bears, promised: true}]")
                    .replace("card: Octomancer\n", "card: Grizzly Bears\n"))
    assert len(failures) == 1 and "has no gift" in failures[0] and failures[0].startswith("case.yaml:5:"), failures


@pytest.mark.parametrize(("old", "new", "needle"), [
    ("promised: true}]", "gift: bob}]", "add `promised: true`"),
    ("{card: Octomancer, promised: true}", "{token: fish, promised: true}", "never cast"),
    ("promised: true}]", "promised: true, gift: dave}]", "'dave' is not among the players"),
])
def test_a_bad_promised_permanent_is_a_diagnostic(old: str, new: str, needle: str) -> None:
    loaded = load_text(PROMISED.replace(old, new), "case.yaml")
    assert loaded.scenarios == []
    assert any(needle in d.message for d in loaded.diagnostics), loaded.diagnostics


CONCEDE = """card: Blooming Blast
scenarios:
  - name: bob concedes
    players:
      alice: {hand: [Blooming Blast], battlefield: [Jolly Gerbils]}
      bob: {hand: [Shock], battlefield: [Grizzly Bears, {card: Kitnap, attached_to: Grizzly Bears}]}
      carol: {battlefield: [Ornithopter]}
    actions:
      - cast: Blooming Blast
        gift: bob
        targets: [Ornithopter]
        hold: true
      - concede: bob
      - resolve
    expect:
      players:
        alice: {hand: 1}
        bob: {lost: true, hand: 0, library: 0, battlefield: 0, graveyard: 0}
        carol: {life: 17}
      permanents:
        - {name: Grizzly Bears, count: 0}
      events:
        - {event: player_lost, player: bob, reason: conceded}
        - {event: left_game, player: bob, exiled: []}
        - {event: triggered, source: Jolly Gerbils, count: 1}
      no_events:
        - {event: gift_given}
"""


def test_a_player_who_concedes_leaves_with_everything_they_own() -> None:
    assert _run(CONCEDE) == []


def test_conceding_twice_is_refused() -> None:
    again = "      - concede: bob\n      - concede: bob\n        error: game_over\n"
    text = CONCEDE.replace("      - concede: bob\n", again)
    assert _run(text) == []


STOLEN = """card: Kitnap
scenarios:
  - name: the player whose Kitnap stole a creature concedes
    players:
      alice: {battlefield: [{card: Kitnap, attached_to: Grizzly Bears}]}
      bob: {battlefield: [Grizzly Bears]}
      carol: {}
    actions:
      - concede: alice
    expect:
      players:
        alice: {lost: true, battlefield: 0}
        bob: {battlefield: [Grizzly Bears], exile: 0}
      events:
        - {event: left_game, player: alice, objects: [Kitnap, Library Card, Library Card, Library Card, Library Card,
           Library Card, Library Card, Library Card, Library Card, Library Card, Library Card, Library Card,
           Library Card, Library Card, Library Card, Library Card, Library Card, Library Card, Library Card,
           Library Card, Library Card], exiled: []}
"""


def test_control_a_leaving_player_s_permanent_gave_ends_with_it() -> None:
    assert _run(STOLEN) == []
    assert _run(STOLEN.replace("bob: {battlefield: [Grizzly Bears], exile: 0}", "bob: {battlefield: 0}"))
