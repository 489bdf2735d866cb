"""`cardgen diff` must not call a card missing when the checkout has its file but the reader cannot read
it, or when the file names another card: a maintainer would go looking for a file that is there."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cardgen.cli import cli

ROOT = Path(__file__).resolve().parents[1]
WEAR_DOWN = ROOT / "card_specs" / "blb" / "wear_down.yaml"


def run(*args: str):
    return CliRunner().invoke(cli, ["diff", *args])


def test_an_unreadable_file_with_our_name_is_unreadable_not_missing(tmp_path: Path) -> None:
    folder = tmp_path / "Mage.Sets" / "src" / "mage" / "cards" / "w"
    folder.mkdir(parents=True)
    (folder / "WearDown.java").write_text(
        "package mage.cards.w;\n\npublic final class WearDown extends CardImpl {\n"
        "    public WearDown(UUID ownerId, CardSetInfo setInfo) {\n"
        "        super(ownerId, setInfo, new CardType[]{CardType.SORCERY}, \"{1}{G}\");\n"
        "        this.getSpellAbility().addEffect(new SomethingNobodyKnowsEffect());\n    }\n}\n",
        encoding="utf-8")
    result = run("--engine", "xmage", "--against", str(tmp_path), str(WEAR_DOWN))
    assert result.exit_code == 1
    assert "Wear Down: unreadable" in result.output and "missing" not in result.output
    assert "WearDown.java" in result.output


def test_a_file_with_our_name_naming_another_card_is_pointed_out(tmp_path: Path) -> None:
    folder = tmp_path / "cardsfolder" / "w"
    folder.mkdir(parents=True)
    (folder / "wear_down.txt").write_text("Name:Wear Up\nManaCost:1 G\nTypes:Sorcery\nOracle:\n", encoding="utf-8")
    result = run("--engine", "forge", "--against", str(tmp_path), str(WEAR_DOWN))
    assert result.exit_code == 1
    assert "Wear Down: missing" in result.output
    assert "wear_down.txt names 'Wear Up'" in result.output
