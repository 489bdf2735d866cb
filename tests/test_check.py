"""`cardgen check`: the generated cards behave as their spec, and the check can fail."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result
from shipped import shipped_catalog

from cardgen.cli import cli
from cardgen.crosscheck import check_catalog
from cardgen.engines.base import ReadResult

ROOT = Path(__file__).resolve().parents[1]
SPECS = ROOT / "card_specs"
SCENARIOS = ROOT / "scenarios"


@pytest.fixture(scope="module")
def shipped_check() -> Result:
    """`cardgen check` over every shipped card and scenario, run once for the tests that read its report."""
    return CliRunner().invoke(cli, ["check", str(SPECS), "--scenarios", str(SCENARIOS), "-v"])


def test_check_passes_on_every_shipped_card_and_scenario(shipped_check: Result) -> None:
    result = shipped_check
    assert result.exit_code == 0, result.output
    assert "x 3 runs (spec, forge, xmage): all agree" in result.output


def test_quiet_success_prints_no_table_and_no_warning() -> None:
    """Without -v a passing check prints its one-line result (and a line per note code), no table."""
    result = CliRunner().invoke(cli, ["check", str(SPECS / "blb" / "kitnap.yaml"), "--scenarios",
                                      str(SCENARIOS / "blb" / "kitnap.yaml")])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == ["12 scenario(s) of 1 card(s) x 3 runs (spec, forge, xmage): all agree"]


def test_summary_has_a_column_per_engine_and_a_row_per_card(shipped_check: Result) -> None:
    result = shipped_check
    header = next(line for line in result.output.splitlines() if line.startswith("card ")).split()
    assert header == ["card", "spec", "forge", "xmage"]
    assert any(line.startswith("Kitnap ") for line in result.output.splitlines())


def test_check_says_which_scenarios_touch_a_known_engine_deviation() -> None:
    rebirth = SCENARIOS / "blb" / "coiling_rebirth.yaml"
    result = CliRunner().invoke(cli, ["check", str(SPECS), "--scenarios", str(rebirth), "--engine", "xmage", "-v"])
    assert result.exit_code == 0, result.output
    notes = [line for line in result.output.splitlines() if "DEV001" in line]
    assert len(notes) == 4 and all("xmage-token-copy-of-a-promised-spell-is-promised" in note for note in notes)
    assert f"{rebirth}:66:5: note DEV001 [702.174k]" in notes[0]
    assert "warning" not in result.output  # a fact about the engine, not a problem to act on
    forge_only = CliRunner().invoke(cli, ["check", str(SPECS), "--scenarios", str(rebirth), "--engine", "forge"])
    assert "DEV001" not in forge_only.output  # only the engines checked


def test_strict_fails_on_cards_without_scenarios(tmp_path: Path) -> None:
    only = tmp_path / "scenarios"
    only.mkdir()
    shutil.copy(SCENARIOS / "blb" / "wear_down.yaml", only / "wear_down.yaml")
    result = CliRunner().invoke(cli, ["check", str(SPECS), "--scenarios", str(only), "--engine", "forge", "--strict"])
    assert result.exit_code == 1
    assert "error CHK002" in result.output and "has no scenario" in result.output
    lenient = CliRunner().invoke(cli, ["check", str(SPECS), "--scenarios", str(only), "--engine", "forge"])
    assert lenient.exit_code == 0 and "CHK002" not in lenient.output  # narrowed on purpose: no warning


def _mutated_templates(tmp_path: Path) -> Path:
    """A copy of the templates whose Forge parameter macro silently drops every `Condition...` parameter:
    the promised / not-promised conditions vanish from every generated script."""
    copy = tmp_path / "templates"
    shutil.copytree(ROOT / "templates", copy)
    macro = copy / "forge" / "_lines.j2"
    original = "{% for key, value in pairs %}"
    text = macro.read_text(encoding="utf-8")
    assert original in text, "the mutation no longer applies: update this test with the template"
    macro.write_text(text.replace(original, original[:-3] + ' if not key.startswith("Condition") %}'),
                     encoding="utf-8")
    return copy


def test_a_broken_template_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Mutation guard: drop the promised conditions from the Forge template and check must fail, naming
    the card, the scenario and the engine."""
    monkeypatch.setenv("CARDGEN_TEMPLATES", str(_mutated_templates(tmp_path)))
    # One card and its scenarios show the mutation; checking every card would only repeat it.
    hunger = SCENARIOS / "blb" / "nocturnal_hunger.yaml"
    result = CliRunner().invoke(cli, ["check", str(SPECS / "blb" / "nocturnal_hunger.yaml"), "--scenarios", str(hunger),
                                      "--engine", "forge"])
    assert result.exit_code == 1
    mismatch_lines = [line for line in result.output.splitlines() if " / forge: " in line]
    assert any(line.split(": error CHK001 [check]: ", 1)[1].startswith("Nocturnal Hunger / ")
               for line in mismatch_lines), result.output
    assert any("alice.life: 20 != 18" in line for line in mismatch_lines)


def test_a_wrong_read_back_is_reported_with_the_first_difference(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reader (or renderer) that loses a condition shows up as a difference against the spec run."""
    from cardgen.engines.forge.backend import ForgeBackend

    original = ForgeBackend.read_card

    def lossy(self: ForgeBackend, path: Path) -> ReadResult:
        result = original(self, path)
        if result.card is None or result.card.name != "Nocturnal Hunger":
            return result
        spell = result.card.abilities[0]
        effects = [effect.model_copy(update={"condition": None}) for effect in spell.effects]
        abilities = [spell.model_copy(update={"effects": effects}), *result.card.abilities[1:]]
        return ReadResult(result.card.model_copy(update={"abilities": abilities}), result.diagnostics)

    monkeypatch.setattr(ForgeBackend, "read_card", lossy)
    catalog = shipped_catalog()
    report = check_catalog(catalog, [SCENARIOS / "blb" / "nocturnal_hunger.yaml"], ["forge"])
    assert not report.ok
    assert {m.card for m in report.mismatches} == {"Nocturnal Hunger"}
    assert all(m.engine == "forge" for m in report.mismatches)
    assert any("life" in detail for m in report.mismatches for detail in m.details)


def test_checking_one_spec_plays_only_its_scenarios_with_the_shipped_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """`cardgen check card_specs/blb/wear_down.yaml`: the contributor's natural command checks that card,
    with the shipped cards (Grizzly Bears, Ornithopter, ...) available to its scenarios."""
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, ["check", "card_specs/blb/wear_down.yaml", "-v"])
    assert result.exit_code == 0, result.output
    rows = [line.split()[0:2] for line in result.output.splitlines()[1:-1]]
    assert rows == [["Wear", "Down"]]
    assert ": all agree" in result.output


def test_a_folder_of_specs_is_checked_on_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine repository keeps only its own specs and scenarios: the test cards its scenarios play with
    (Grizzly Bears, basic lands, ...) come with cardgen, so nothing needs copying in."""
    cards = ["kitnap.yaml", "wear_down.yaml"]  # Kitnap's scenarios play Wear Down too
    for folder, names in (("card_specs/blb", [*cards, "set.yaml"]), ("scenarios/blb", cards)):
        (tmp_path / folder).mkdir(parents=True)
        for name in names:
            shutil.copy(ROOT / folder / name, tmp_path / folder / name)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check"])
    assert result.exit_code == 0, result.output
    played = sum(len(yaml.safe_load((ROOT / "scenarios/blb" / name).read_text(encoding="utf-8"))["scenarios"])
                 for name in cards)
    assert result.output.splitlines() == [f"{played} scenario(s) of 2 card(s) x 3 runs (spec, forge, xmage): all agree"]
    again = CliRunner().invoke(cli, ["scenario", "run"])
    assert again.exit_code == 0, again.output
