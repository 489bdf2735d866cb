"""Every shipped scenario passes; every gift card (and Jolly Gerbils) has promised and not-promised
scenarios; every seeded ruling is exercised; outcomes are deterministic plain data; the CLI reports
failures with file:line and the documented exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from shipped import shipped_catalog

from cardgen.cli import cli
from cardgen.naming import slug
from cardgen.resolver.scenario.loader import load_text
from cardgen.resolver.scenario.model import CastAction
from cardgen.resolver.scenario.results import diff_outcomes
from cardgen.resolver.scenario.runner import load_scenarios, run_paths, run_scenario
from cardgen.vocab.abilities.triggered import TriggeredAbility

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
SPECS = ROOT / "card_specs"
CATALOG = shipped_catalog()
CARDS = {loaded.card.name: loaded.card for loaded in CATALOG.cards}
LOADED, DIAGNOSTICS, _, _ = load_scenarios([SCENARIOS])

GIFT_CARDS = sorted(
    name for name, card in CARDS.items()
    if card.gift is not None or any(isinstance(a, TriggeredAbility) and a.event == "you_give_gift"
                                    for a in card.abilities)
)

RULINGS = [
    "702.174j",  # the gift comes before the spell's other effects
    "ruling: a countered spell gives no gift",
    "ruling: a spell that doesn't resolve gives no gift",
    "ruling: a copy of a promised spell is promised to the same opponent",
    "ruling: a permanent entering as a copy is not promised",
    "ruling: targets only if promised",
    "702.174m",
    "ruling: extra turn order",
    "ruling: a gift that does nothing is still given",
    "ruling: the chosen player is an opponent",
    "ruling: a gift cost can't be paid twice",
    "702.174c",
    "702.174b",
]


def test_scenario_files_load_cleanly() -> None:
    assert DIAGNOSTICS == []
    assert len(LOADED) >= 100


@pytest.mark.parametrize("loaded", LOADED, ids=lambda s: f"{s.card}: {s.scenario.name}")
def test_shipped_scenario_passes(loaded) -> None:
    outcome = run_scenario(loaded, CARDS)
    assert outcome.ok, "\n".join(str(f) for f in outcome.failures)


def test_all_gift_cards_are_known() -> None:
    """The 26 printed cards, and the test set's (CGT) invented cards that prove new vocabulary."""
    printed = [name for name in GIFT_CARDS if all(p.set != "CGT" for p in CARDS[name].printings)]
    assert len(printed) == 26
    assert "Jolly Gerbils" in GIFT_CARDS


@pytest.mark.parametrize("name", GIFT_CARDS)
def test_gift_card_has_promised_and_unpromised_scenarios(name: str) -> None:
    card = CARDS[name]
    path = SCENARIOS / card.printings[0].set.lower() / f"{slug(name)}.yaml"
    assert path.is_file(), f"missing {path.relative_to(ROOT)}"
    mine = [s for s in LOADED if Path(s.file).resolve() == path.resolve()]
    assert mine and all(s.card == name for s in mine)
    casts = [action for s in mine for action in s.scenario.actions
             if isinstance(action, CastAction) and action.error is None
             and (action.cast == name or card.gift is None)]
    assert any(action.gift for action in casts), f"{name}: no scenario promises the gift"
    assert any(not action.gift for action in casts), f"{name}: no scenario without the promise"


@pytest.mark.parametrize("ruling", RULINGS)
def test_each_ruling_has_a_scenario(ruling: str) -> None:
    assert any(ruling in s.scenario.rules for s in LOADED), ruling


def test_outcomes_are_deterministic_plain_data() -> None:
    first = [run_scenario(s, CARDS).comparable() for s in LOADED]
    second = [run_scenario(s, CARDS).comparable() for s in LOADED]
    assert first == second
    assert json.loads(json.dumps(first)) == first


def test_a_different_card_pool_gives_a_different_outcome() -> None:
    """What `cardgen check` relies on: the same scenario with a card that behaves differently (a read-back
    Blooming Blast dealing 4 instead of 3) fails and its outcome differs."""
    loaded = next(s for s in LOADED if s.card == "Blooming Blast" and s.scenario.name.startswith("promised"))
    original = run_scenario(loaded, CARDS)
    data = CARDS["Blooming Blast"].model_dump(mode="json")
    data["abilities"][0]["effects"][1]["amount"] = 4
    changed = run_scenario(loaded, {**CARDS, "Blooming Blast": type(CARDS["Blooming Blast"]).model_validate(data)})
    assert original.ok and not changed.ok
    assert original.comparable() != changed.comparable()
    assert any("bob's life" in f.message for f in changed.failures)
    differences = diff_outcomes(original, changed)
    assert "snapshot.players.bob.life: 17 != 16" in differences
    assert any(d.startswith("events[") and "'amount': 3" in d for d in differences)
    assert diff_outcomes(original, run_scenario(loaded, CARDS)) == []


BROKEN = """card: Shock
scenarios:
  - name: wrong expectation
    players:
      alice: {hand: [Shock]}
      bob: {}
    actions:
      - cast: Shock
        targets: [bob]
    expect:
      players:
        bob: {life: 19}
"""


def test_failure_points_at_the_expectation_line() -> None:
    loaded = load_text(BROKEN, "broken.yaml")
    outcome = run_scenario(loaded.scenarios[0], CARDS)
    assert [str(f) for f in outcome.failures] == [
        "broken.yaml:12:15: [wrong expectation] bob's life: expected 19, got 18"]


def test_unexpected_error_and_unknown_card_are_failures_not_exceptions() -> None:
    text = BROKEN.replace("targets: [bob]", "targets: [Grizzly Bears]").replace("hand: [Shock]",
                                                                              "hand: [Shock, Nope]")
    outcome = run_scenario(load_text(text, "x.yaml").scenarios[0], CARDS)
    assert [f.location.line for f in outcome.failures] == [5]
    assert "unknown card 'Nope'" in outcome.failures[0].message


def test_refused_action_reports_error_code() -> None:
    text = BROKEN.replace("targets: [bob]", "targets: [alice, bob]")
    outcome = run_scenario(load_text(text, "x.yaml").scenarios[0], CARDS)
    assert outcome.errors == ["target_count"]
    assert outcome.failures[0].location.line == 8
    assert "target_count" in str(outcome.failures[0])


@pytest.mark.parametrize("text, line, needle", [
    (BROKEN.replace("targets:", "tragets:"), 9, "tragets"),
    (BROKEN.replace("bob: {life: 19}", "bob: {life: 19, life: 18}"), 12, "duplicate key"),
    (BROKEN.replace("- cast: Shock", "- cats: Shock"), 8, "exactly one of"),
    (BROKEN + "      events: [{event: gift_givn}]\n", 13, "unknown event"),
])
def test_invalid_scenarios_point_at_file_and_line(text: str, line: int, needle: str) -> None:
    loaded = load_text(text, "bad.yaml")
    assert loaded.scenarios == []
    assert any(d.location.line == line and needle in d.message for d in loaded.diagnostics), loaded.diagnostics


def test_cli_runs_the_shipped_scenarios(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, ["scenario", "run"])
    assert result.exit_code == 0, result.output
    assert "0 failed" in result.output


def test_cli_failure_and_usage_exit_codes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    broken = tmp_path / "broken.yaml"
    broken.write_text(BROKEN, encoding="utf-8")
    result = CliRunner().invoke(cli, ["scenario", "run", str(broken)])
    assert result.exit_code == 1
    assert f"{broken}:12:15:" in result.output and "expected 19, got 18" in result.output
    assert CliRunner().invoke(cli, ["scenario", "run", str(tmp_path / "missing.yaml")]).exit_code == 2
    assert CliRunner().invoke(cli, ["scenario", "run", "--bogus"]).exit_code == 2
    json_run = CliRunner().invoke(cli, ["scenario", "run", str(broken), "--format", "json"])
    payload = json.loads(json_run.output)
    assert payload["outcomes"][0]["failures"][0]["expected"] == 19


def test_run_paths_filter() -> None:
    report = run_paths([SCENARIOS], CARDS, "wear down")
    assert report.outcomes and all(o.ok for o in report.outcomes)
    assert {o.location.file for o in report.outcomes} == {str(SCENARIOS / "blb" / "wear_down.yaml")}
