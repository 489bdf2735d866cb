"""`--jobs N` changes how fast, never what: every output is byte-identical to `--jobs 1`.

The shipped corpus is small, so the tests lower the per-worker minimum (`MIN_ITEMS_PER_JOB`) to make the
commands really fork; the workers inherit the patched value.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from shipped import shipped_catalog
from trees import tree

from cardgen import executor
from cardgen.cli import cli
from cardgen.crosscheck import check_catalog
from cardgen.load.specs import load_catalog
from cardgen.validate import validate_catalog

ROOT = Path(__file__).resolve().parents[1]
SPECS = ROOT / "card_specs"
BAD = ROOT / "tests" / "bad_specs"

pytestmark = pytest.mark.skipif(not executor.can_fork(), reason="--jobs needs fork")


@pytest.fixture(autouse=True)
def fork_for_small_work(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(executor, "MIN_ITEMS_PER_JOB", 1)


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_ranges_cover_everything_in_order() -> None:
    for count in range(0, 40):
        for pieces in range(1, 9):
            spans = executor.ranges(count, pieces)
            assert [i for start, stop in spans for i in range(start, stop)] == list(range(count))
            assert max(stop - start for start, stop in spans) - min(stop - start for start, stop in spans) <= 1


def test_results_come_back_in_order() -> None:
    chunks = list(executor.map_ranges(_squares, list(range(100)), 100, 3))
    assert len(chunks) > 1
    assert [x for chunk in chunks for x in chunk] == [i * i for i in range(100)]


def _squares(shared: list[int], start: int, stop: int) -> list[int]:
    return [x * x for x in shared[start:stop]]


@pytest.mark.parametrize("paths", [[SPECS], [BAD], [SPECS, BAD]], ids=["shipped", "bad", "both"])
def test_loading_and_validation_are_identical(paths: list[Path]) -> None:
    serial = load_catalog(paths)
    parallel_ = load_catalog(paths, jobs=3)
    assert [(c.card, c.path, c.positions) for c in parallel_.cards] == [
        (c.card, c.path, c.positions) for c in serial.cards]
    assert parallel_.sets == serial.sets
    assert parallel_.diagnostics == serial.diagnostics
    assert validate_catalog(parallel_, jobs=3) == validate_catalog(serial)


@pytest.mark.parametrize("path", [SPECS, BAD], ids=["shipped", "bad"])
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_validate_report_is_identical(path: Path, fmt: str) -> None:
    serial = invoke("validate", "--format", fmt, str(path))
    assert invoke("validate", "--jobs", "2", "--format", fmt, str(path)) == serial


def test_export_trees_are_byte_identical(tmp_path: Path, shipped_export_tree: dict[str, str]) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    code, out, err = invoke("export", "--out", str(two), "--jobs", "2", str(SPECS))
    assert code == 0, err
    assert tree(two) == shipped_export_tree  # the same files as a plain `--jobs 1` export
    assert shipped_export_tree  # something was written
    # --jobs 0: one worker per CPU; an unchanged re-export reports the same as a serial one
    shutil.copytree(two, one)
    again = invoke("export", "--out", str(one), str(SPECS))
    code, out, err = invoke("export", "--out", str(two), "--jobs", "0", str(SPECS))
    assert (code, out.replace(str(two), str(one)), err) == again


def test_export_of_one_set_is_identical(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    invoke("export", "--out", str(one), "--set", "CGT", str(SPECS))
    invoke("export", "--out", str(two), "--set", "CGT", "--jobs", "3", str(SPECS))
    assert tree(one) == tree(two)
    assert tree(one)  # something was written


def test_a_card_that_cannot_be_rendered_fails_the_same_way(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.engines.forge import backend
    from cardgen.engines.forge.build import RenderError

    original = backend.ForgeBackend.render_card

    def refuse_shock(self: backend.ForgeBackend, card: object) -> str:
        if getattr(card, "name", None) == "Shock":
            raise RenderError("FG100", "refused for the test")
        return original(self, card)

    monkeypatch.setattr(backend.ForgeBackend, "render_card", refuse_shock)
    (tmp_path / "none").mkdir()  # the set with Shock, without the scenarios that play other sets' cards
    only = ["--scenarios", str(tmp_path / "none"), str(SPECS / "cgt")]
    serial = invoke("export", "--out", str(tmp_path / "one"), *only)
    jobs = invoke("export", "--out", str(tmp_path / "two"), "--jobs", "2", *only)
    assert serial[0] == 1 and "refused for the test" in serial[2]
    assert jobs == serial
    assert not (tmp_path / "one").exists() and not (tmp_path / "two").exists()  # nothing written


def test_export_refuses_bad_specs_the_same_way(tmp_path: Path) -> None:
    specs = tmp_path / "specs"
    shutil.copytree(SPECS / "cgt", specs / "cgt")
    shock = specs / "cgt" / "shock.yaml"
    shock.write_text(shock.read_text(encoding="utf-8").replace("types:", "typo:"), encoding="utf-8")
    serial = invoke("export", "--out", str(tmp_path / "one"), str(specs))
    jobs = invoke("export", "--out", str(tmp_path / "two"), "--jobs", "2", str(specs))
    assert serial[0] == 1 and "CG" in serial[2]
    assert jobs == serial


def test_check_report_is_identical(monkeypatch: pytest.MonkeyPatch) -> None:
    """Eight cards' scenarios, played with the whole shipped pool; the fork threshold is lowered so that
    this small check shares its rendering and its scenarios among workers as a check of every card does
    (checking every card twice took most of a minute)."""
    from cardgen.resolver.scenario.loader import card_named

    monkeypatch.setattr(executor, "MIN_ITEMS_PER_JOB", 2)
    catalog = shipped_catalog()
    files = sorted((ROOT / "scenarios" / "blb").glob("*.yaml"))[:8]
    focus = frozenset(name for name in (card_named(file.read_text(encoding="utf-8")) for file in files) if name)
    assert len(focus) == len(files)
    scenarios = [ROOT / "scenarios"]
    serial = check_catalog(catalog, scenarios, ["forge", "xmage"], focus=focus)
    jobs = check_catalog(catalog, scenarios, ["forge", "xmage"], jobs=2, focus=focus)
    assert (jobs.cards, jobs.passed, jobs.totals, jobs.mismatches, jobs.diagnostics) == (
        serial.cards, serial.passed, serial.totals, serial.mismatches, serial.diagnostics)
    assert sum(serial.totals.values()) > 0


def test_jobs_must_not_be_negative() -> None:
    assert invoke("validate", "--jobs", "-1", str(SPECS))[0] == 2
