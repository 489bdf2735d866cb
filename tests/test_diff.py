"""`cardgen diff`: generated cards against an engine checkout, card by card, in meaning."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import cli

ROOT = Path(__file__).resolve().parents[1]
SPECS = ROOT / "card_specs"
SHARED = next((parent / "shared" for parent in Path(__file__).resolve().parents[1:]
               if (parent / "shared" / "reference").is_dir()), ROOT.parent / "shared")
FORGE_SCRIPTS = SHARED / "reference" / "forge-scripts"

needs_reference = pytest.mark.skipif(not FORGE_SCRIPTS.is_dir(), reason="shared/reference/forge-scripts absent")


def run(*args: str):
    return CliRunner().invoke(cli, ["diff", *args])


@needs_reference
def test_forges_own_scripts_mean_the_same_but_where_they_are_wrong() -> None:
    """Forge's own Parting Gust and Starfall Invocation (as the reference copy has them) write `!Token`,
    which Forge's CardProperty does not match: read as Forge runs them they let tokens through, a recorded
    deviation of Forge's own scripts, so they differ (a copy of a mistake is still a mistake)."""
    result = run("--engine", "forge", "--against", str(FORGE_SCRIPTS), "--ignore-missing", "-v", str(SPECS))
    assert result.exit_code == 1, result.output
    same = [line.split(":")[0] for line in result.output.splitlines()
            if line.endswith(": same") or ": same meaning, other hints (" in line]
    reference_names = {path.stem for path in FORGE_SCRIPTS.glob("*.txt")}
    assert len(same) == len(reference_names) - 2 >= 21
    assert "Parting Gust: differs" in result.output and "Starfall Invocation: unreadable" in result.output
    assert result.output.count("a known deviation of the engine's own card (forge-own-script-capital-token)") == 2
    assert "Perch Protection: missing" in result.output  # no Forge script for it in the reference set


@needs_reference
def test_missing_cards_fail_unless_ignored() -> None:
    result = run("--engine", "forge", "--against", str(FORGE_SCRIPTS), str(SPECS))
    assert result.exit_code == 1
    assert "missing in checkout" in result.output


def checkout_with(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "checkout" / "cardsfolder" / name[0]
    folder.mkdir(parents=True)
    (folder / f"{name}.txt").write_text(text, encoding="utf-8")
    return tmp_path / "checkout"


BLOOMING_BLAST = (
    "Name:Blooming Blast\nManaCost:1 R\nTypes:Instant\nK:Gift\n"
    "SVar:GiftAbility:DB$ Token | TokenScript$ c_a_treasure_sac | TokenOwner$ Promised | GiftDescription$ a Treasure\n"
    "A:SP$ DealDamage | ValidTgts$ Creature | NumDmg$ 2 | SubAbility$ DBDealDamage | SpellDescription$ Boom.\n"
    "SVar:DBDealDamage:DB$ DealDamage | Defined$ TargetedController | NumDmg$ {amount} | ConditionZone$ Stack | "
    "ConditionPresent$ Card.Self+PromisedGift | ConditionCompare$ EQ1\n"
    "Oracle:Boom.\n"
)


def test_hints_are_compared_apart_from_the_meaning(tmp_path: Path) -> None:
    """An AI or deck-building hint only one side has is no difference in meaning (exit 0) but is not
    "same" either: the card is listed with each such hint."""
    text = BLOOMING_BLAST.format(amount=3).replace("NumDmg$ 2 |", "NumDmg$ 2 | AILogic$ Always |")
    checkout = checkout_with(tmp_path, "blooming_blast", text + "DeckHas:Ability$Token\n")
    result = run("--engine", "forge", "--against", str(checkout), "--ignore-missing", str(SPECS / "blb"))
    assert result.exit_code == 0, result.output
    assert "Blooming Blast: same meaning, other hints" in result.output
    assert "hint: only in checkout: DealDamage: AILogic$ Always" in result.output
    assert "hint: only in checkout: DeckHas: Ability$Token" in result.output
    assert "1 with other hints" in result.output


def test_same_meaning_in_another_layout_is_no_difference(tmp_path: Path) -> None:
    checkout = checkout_with(tmp_path, "blooming_blast", BLOOMING_BLAST.format(amount=3))
    result = run("--engine", "forge", "--against", str(checkout), "--set", "BLB", "--ignore-missing",
                 str(SPECS / "blb" / "blooming_blast.yaml"))
    assert result.exit_code == 0, result.output
    assert "1 cards: 1 same" in result.output


def test_a_changed_number_is_a_difference(tmp_path: Path) -> None:
    checkout = checkout_with(tmp_path, "blooming_blast", BLOOMING_BLAST.format(amount=4))
    result = run("--engine", "forge", "--against", str(checkout), str(SPECS / "blb" / "blooming_blast.yaml"))
    assert result.exit_code == 1
    assert "Blooming Blast: differs" in result.output
    assert "amount: generated 3, checkout 4" in result.output


def test_a_construct_the_reader_does_not_know_is_reported(tmp_path: Path) -> None:
    text = BLOOMING_BLAST.format(amount=3).replace("NumDmg$ 2 |", "NumDmg$ 2 | Frobnicate$ Yes |")
    checkout = checkout_with(tmp_path, "blooming_blast", text)
    result = run("--engine", "forge", "--against", str(checkout), str(SPECS / "blb" / "blooming_blast.yaml"))
    assert result.exit_code == 1
    assert "unreadable" in result.output and "Frobnicate" in result.output


def test_card_found_by_name_when_the_file_name_differs(tmp_path: Path) -> None:
    checkout = checkout_with(tmp_path, "blast_renamed", BLOOMING_BLAST.format(amount=3))
    result = run("--engine", "forge", "--against", str(checkout), str(SPECS / "blb" / "blooming_blast.yaml"))
    assert result.exit_code == 0, result.output


def test_output_folder_of_an_export_has_no_difference(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert CliRunner().invoke(cli, ["export", "--engine", "forge", "--out", str(out), str(SPECS)]).exit_code == 0
    result = run("--engine", "forge", "--against", str(out / "forge"), str(SPECS))
    assert result.exit_code == 0, result.output


def test_bad_specs_exit_1(tmp_path: Path) -> None:
    specs = tmp_path / "specs"
    shutil.copytree(SPECS / "blb", specs)
    (specs / "blooming_blast.yaml").write_text("name: [unclosed\n", encoding="utf-8")
    result = run("--engine", "forge", "--against", str(tmp_path), str(specs))
    assert result.exit_code == 1


@pytest.mark.parametrize("args", [
    ["--against", "."],
    ["--engine", "forge"],
    ["--engine", "nope", "--against", "."],
    ["--engine", "forge", "--against", "/definitely/not/here"],
])
def test_usage_errors_exit_2(args: list[str]) -> None:
    assert run(*args, str(SPECS)).exit_code == 2
