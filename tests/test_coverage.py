"""The coverage tool (`benchmarks/coverage.py`) takes each card of a card data file along the chain, and the
project's record of it (`benchmarks/coverage.json`, shown in the README) is what the tool says today.

The tool runs here on a sample of the corpus (tests/data/coverage/: a card the drafter reads whole, one it
cannot, cards with the project's own spec and scenarios, a Commander card from a second file), so it stays
fast; the sample's rows must equal the record's, so a change that covers more of them fails until the
record is written again (`python benchmarks/coverage.py --data ... --record benchmarks/coverage.json`, then
`python docs/refresh.py`)."""

from __future__ import annotations

import importlib.util
import json
import sys
from dataclasses import asdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = [ROOT / "tests" / "data" / "coverage" / f"{code}-sample.json" for code in ("blb", "blc")]
COMPARED = ("same_xmage", "same_forge")  # measured only against an engine folder, which tests never have


def _tool():
    spec = importlib.util.spec_from_file_location("coverage_tool", ROOT / "benchmarks" / "coverage.py")
    assert spec is not None and spec.loader is not None
    module = sys.modules.setdefault(spec.name, importlib.util.module_from_spec(spec))
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tool():
    return _tool()


@pytest.fixture(scope="module")
def rows(tool):
    return {row.name: row for row in tool.measure(SAMPLE)}


def test_every_card_of_the_files_once(rows) -> None:
    assert list(rows) == ["Brave-Kin Duo", "Salvation Swan", "Wear Down", "Forest", "Octomancer"]
    assert [row.set for row in rows.values()] == ["BLB"] * 4 + ["BLC"]


@pytest.fixture(scope="module")
def draft_rows(tool, tmp_path_factory):
    """The sample's rows with no project spec or scenario: every card goes along the chain from its draft."""
    specs = tmp_path_factory.mktemp("card_specs")
    for set_file in (ROOT / "card_specs").glob("*/set.yaml"):
        (specs / set_file.parent.name).mkdir()
        (specs / set_file.parent.name / "set.yaml").write_bytes(set_file.read_bytes())
    scenarios = tmp_path_factory.mktemp("scenarios")
    return {row.name: row for row in tool.measure(SAMPLE, specs_root=specs, scenario_root=scenarios)}


def test_a_card_drafted_whole_goes_along_the_chain_from_its_draft(draft_rows) -> None:
    duo = draft_rows["Brave-Kin Duo"]
    assert (duo.drafted, duo.spec, duo.todo) == (True, "draft", [])
    assert (duo.validates, duo.forge, duo.xmage) == (True, True, True)
    assert (duo.same_xmage, duo.same_forge) == ("not measured", "not measured")
    assert (duo.scenarios, duo.scenarios_passed) == (0, 0)


def test_a_line_the_drafter_cannot_read_stops_the_chain_and_is_named(rows) -> None:
    swan = rows["Salvation Swan"]
    assert not swan.drafted and not swan.validates and swan.problem
    assert [line.split(" :: ")[0] for line in swan.todo] == [
        "Whenever this creature or another Bird you control enters, exile up to one target creature you control "
        "without flying. Return it to the battlefield under its owner's control with a flying counter on it at the "
        "beginning of the next end step."]
    assert (swan.forge, swan.xmage, swan.same_xmage) == (None, None, None)


def test_the_project_spec_and_its_scenarios(rows) -> None:
    wear_down = rows["Wear Down"]
    assert (wear_down.spec, wear_down.validates, wear_down.forge, wear_down.xmage) == ("project", True, True, True)
    assert wear_down.scenarios > 0 and wear_down.scenarios_passed == wear_down.scenarios
    forest = rows["Forest"]  # the project's spec is cardgen's test card (its mana ability is its type's, 305.6)
    assert forest.spec == "project" and forest.drafted and forest.validates


def test_totals_and_table(tool, rows) -> None:
    counts = tool.totals(rows.values())
    assert counts["BLB"]["cards"] == 4 and counts["BLB"]["drafted"] == 3 and counts["BLB"]["same_xmage"] is None
    assert counts["BLC"] == {"cards": 1, "drafted": 1, "validates": 1, "forge": 1, "xmage": 1, "same_forge": None,
                             "same_xmage": None, "scenarios": 1, "chain": 1, "chain_compared": None}
    table = tool.markdown_table({"totals": counts})
    assert table.splitlines()[0] == "| of the corpus's cards | BLB (4) | BLC (1) |"
    assert "| drafted without a TODO | 3 (75%) | 1 (100%) |" in table and "not measured" in table


def test_the_compared_chain_counts_only_what_both_engines_read_as_the_same(tool, rows) -> None:
    """Forge's "hints" (same meaning, other AI hints) counts; a card an engine lacks, reads otherwise or
    can't be read by cardgen doesn't; without an engine folder nothing is claimed."""
    whole = next(row for row in rows.values() if tool._passes(row, "chain"))
    row = {**asdict(whole), "set": whole.set}
    verdicts = {("same", "same"): True, ("same", "hints"): True, ("same", "missing"): False,
                ("unreadable", "same"): False, ("differs", "hints"): False, ("same", "unreadable"): False}
    for (xmage, forge), expected in verdicts.items():
        assert tool._passes({**row, "same_xmage": xmage, "same_forge": forge}, "chain_compared") is expected
    assert tool._passes({**row, "same_xmage": "same", "same_forge": tool.NOT_MEASURED}, "chain_compared") is None
    stopped = next(row for row in rows.values() if not tool._passes(row, "chain"))
    assert tool._passes({**asdict(stopped), "same_xmage": "same", "same_forge": "same"}, "chain_compared") is False


def test_the_record_agrees_with_the_tool(tool, rows) -> None:
    record = json.loads(tool.RECORD.read_text(encoding="utf-8"))
    recorded = {row["name"]: row for row in record["cards"]}
    for name, row in rows.items():
        fresh = {key: value for key, value in asdict(row).items() if key not in COMPARED}
        kept = {key: value for key, value in recorded[name].items() if key not in COMPARED}
        assert fresh == kept, f"benchmarks/coverage.json is stale for {name}: rerun benchmarks/coverage.py --record"
    assert record["totals"] == tool.totals(record["cards"])


def test_command_line(tool, tmp_path, capsys) -> None:
    record = tmp_path / "record.json"
    assert tool.main(["--data", str(SAMPLE[1]), "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1].startswith("Octomancer ") and "BLC: 1 cards" in out
    assert json.loads(record.read_text(encoding="utf-8"))["cards"][0]["name"] == "Octomancer"
    with pytest.raises(SystemExit) as stopped:
        tool.main(["--data", str(tmp_path / "missing.json")])
    assert stopped.value.code == 2
