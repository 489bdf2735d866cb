"""`export --scenarios`: its inputs decide XMage's test classes, so a missing or incomplete input must
never write wrong tests, call the right ones stale, or let `--prune` delete them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from shipped import shipped_catalog

from cardgen.cli import cli
from cardgen.engines.xmage.scenario_tests import TESTS_ROOT, UNPLAYABLE, render_tests
from cardgen.resolver.scenario.loader import load_text

ROOT = Path(__file__).resolve().parent.parent
CGT = ROOT / "card_specs" / "cgt"
PAIR_SPEC = CGT / "brambleguard_pair.yaml"
PAIR_SCENARIOS = ROOT / "scenarios" / "cgt" / "brambleguard_pair.yaml"
PAIR_TEST = f"xmage/{TESTS_ROOT}/cgt/BrambleguardPairTest.java"


def _export(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["export", "--engine", "xmage", "-q", *args])
    return result.exit_code, result.output


def _tree(root: Path) -> dict[str, bytes]:
    return {str(path.relative_to(root)): path.read_bytes() for path in sorted(root.rglob("*")) if path.is_file()}


@pytest.fixture()
def exported(tmp_path: Path) -> Path:
    """An export of the Pair with the cards its scenarios use, tests included."""
    out = tmp_path / "out"
    code, output = _export("--out", str(out), str(CGT), "--scenarios", str(PAIR_SCENARIOS))
    assert code == 0, output
    assert (out / PAIR_TEST).is_file()
    return out


def test_a_scenario_naming_a_card_outside_the_pool_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, output = _export("--out", str(out), str(PAIR_SPEC), "--scenarios", str(PAIR_SCENARIOS))
    assert code == 1
    assert "XMG301" in output and "unknown card 'Wind Drake'" in output
    assert "brambleguard_pair.yaml:7:" in output  # where the scenario names it
    assert not out.exists()


def test_the_refusal_leaves_an_earlier_export_as_it_was(exported: Path) -> None:
    before = _tree(exported)
    code, _ = _export("--out", str(exported), str(PAIR_SPEC), "--scenarios", str(PAIR_SCENARIOS), "--prune")
    assert code == 1
    assert _tree(exported) == before


def test_a_scenario_path_that_does_not_exist_is_a_usage_error_that_changes_nothing(exported: Path) -> None:
    before = _tree(exported)
    typo = ROOT / "scenarios" / "cgt" / "typo"
    for extra in ((), ("--prune",), ("--check",)):
        code, output = _export("--out", str(exported), str(CGT), "--scenarios", str(typo), *extra)
        assert code == 2, output
        assert "does not exist" in output
        assert _tree(exported) == before


def test_prune_removes_no_test_because_the_default_scenarios_folder_is_not_there(
        exported: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # no ./scenarios here: the default input is not found
    code, output = _export("--out", str(exported), str(CGT), "--prune")
    assert code == 0, output
    assert (exported / PAIR_TEST).is_file()
    assert "removed" not in output and "stale" not in output.replace("0 stale", "")


def test_prune_still_removes_a_test_whose_scenarios_are_gone(exported: Path, tmp_path: Path) -> None:
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    shutil.copy(ROOT / "scenarios" / "cgt" / "grizzly_bears.yaml", scenarios / "grizzly_bears.yaml")
    code, output = _export("--out", str(exported), str(CGT), "--scenarios", str(scenarios), "--prune")
    assert code == 0, output
    assert not (exported / PAIR_TEST).exists()


UNPLAYABLE_SCENARIO = """\
card: Blooming Blast
scenarios:
  - name: plays
    players:
      alice: {hand: [Blooming Blast]}
      bob: {battlefield: [Grizzly Bears]}
    actions:
      - cast: Blooming Blast
        targets: [Grizzly Bears]
    expect:
      players:
        bob: {graveyard: [Grizzly Bears]}
  - name: the resolver does not get there
    players:
      alice: {hand: [Blooming Blast]}
      bob: {battlefield: [Grizzly Bears]}
    actions:
      - cast: Blooming Blast
        targets: [Grizzly Bears]
    expect:
      players:
        bob: {life: 3}
"""


def test_a_scenario_the_resolver_cannot_play_gets_no_test_and_a_warning() -> None:
    catalog = shipped_catalog()
    cards = {loaded.card.name: loaded.card for loaded in catalog.cards}
    loaded = load_text(UNPLAYABLE_SCENARIO, "scenarios/blb/x.yaml")
    assert not loaded.diagnostics
    result = render_tests(cards, {"Blooming Blast": "card_specs/blb/blooming_blast.yaml"}, [loaded])
    (text,) = result.files.values()
    assert "testPlays()" in text
    assert "testTheResolverDoesNotGetThere" not in text
    (warning,) = [d for d in result.diagnostics if d.code == UNPLAYABLE]
    assert warning.severity == "warning" and "the resolver does not get there" in warning.message
    assert warning.location is not None and warning.location.line == 13
