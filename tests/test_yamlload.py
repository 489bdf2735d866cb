"""The one YAML loader: the fast parse (no positions) with a positional re-parse of the files that have a
diagnostic gives exactly the diagnostics of parsing every file positionally, over the bad-spec corpus and
the shipped specs and scenarios; and a clean file never pays for its positions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from cardgen.load import yamlload
from cardgen.load.specs import load_catalog
from cardgen.resolver.scenario.runner import load_scenarios
from cardgen.validate import validate_catalog
from cardgen.validate.summary import validate_files

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "bad_specs"
CASES: list[dict[str, Any]] = yaml.safe_load((CORPUS / "cases.yaml").read_text(encoding="utf-8"))
RUNS = [[CORPUS / path for path in case["run"]] for case in CASES] + [[ROOT / "card_specs"]]
IDS = [case["id"] for case in CASES] + ["shipped"]


def _everything_positional(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlload, "parse_data", lambda text: None)


@pytest.mark.parametrize("paths", RUNS, ids=IDS)
def test_fast_parse_and_positional_reparse_give_the_same_diagnostics(paths: list[Path],
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    fast_files, fast = validate_files(paths)
    catalog = load_catalog(paths)
    fast_catalog = [*catalog.diagnostics, *validate_catalog(catalog)]
    _everything_positional(monkeypatch)
    slow_files, slow = validate_files(paths)
    catalog = load_catalog(paths)
    assert fast_files == slow_files
    assert fast == slow
    assert fast_catalog == [*catalog.diagnostics, *validate_catalog(catalog)] == slow


def test_scenarios_give_the_same_diagnostics_and_locations(monkeypatch: pytest.MonkeyPatch) -> None:
    def located() -> tuple[list, list]:
        scenarios, diagnostics, _, _ = load_scenarios([ROOT / "scenarios"])
        return diagnostics, [(s.file, s.location("players"), s.location("expect"), s.location("actions", 0))
                             for s in scenarios]

    fast = located()
    _everything_positional(monkeypatch)
    assert located() == fast


def test_a_clean_spec_never_computes_its_positions() -> None:
    catalog = load_catalog([ROOT / "card_specs"])
    assert catalog.cards and not catalog.diagnostics
    validate_catalog(catalog)
    lazy = [loaded.positions for loaded in catalog.cards]
    assert all(isinstance(p, yamlload.LazyPositions) for p in lazy)
    assert not any(p.computed for p in lazy)  # no diagnostic: no positional parse


def test_positions_of_a_changed_file_are_not_guessed(tmp_path: Path) -> None:
    spec = next((ROOT / "card_specs" / "blb").glob("[a-r]*.yaml"))
    folder = tmp_path / "blb"
    folder.mkdir()
    (folder / "set.yaml").write_bytes((ROOT / "card_specs" / "blb" / "set.yaml").read_bytes())
    copy = folder / spec.name
    copy.write_bytes(spec.read_bytes())
    [loaded] = load_catalog([copy]).cards
    copy.write_text("name: something else\n", encoding="utf-8")
    assert dict(loaded.positions) == {}  # the file changed since: whole-file locations, not wrong lines


@pytest.mark.parametrize("text", ["a: !!str 1\n", "a: ! x\n", "a: [!!int '3']\n", "!!map {a: 1}\n"])
def test_even_standard_tags_are_refused(text: str) -> None:
    """The formats have no tags: a value's type comes from the model, and `!!str 1` is no exception."""
    assert [d.code for d in yamlload.parse_positional(text, "x.yaml").diagnostics] == ["CG007"]
    assert yamlload.parse_data(text) is None


@pytest.mark.parametrize("relative", ["engines/forge/constructs.yaml", "data/engine_deviations.yaml"])
def test_packaged_data_reads_as_pyyaml_reads_it(relative: str) -> None:
    """The YAML files shipped inside cardgen are read by libyaml (fast); PyYAML's own reader gives the
    same data."""
    path = Path(yamlload.__file__).resolve().parents[1] / relative
    assert yamlload.read_packaged(path) == yaml.safe_load(path.read_text(encoding="utf-8"))
