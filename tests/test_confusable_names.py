"""`validate` refuses a card name that looks like another card's: one Unicode confusables skeleton
(UTS #39), different letters ("Grizzly Веars" with Cyrillic В and е beside "Grizzly Bears")."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from cardgen.cli import cli
from cardgen.naming import skeleton, slug

CGT = Path(__file__).resolve().parents[1] / "card_specs" / "cgt"


def specs(tmp_path: Path, *names: str) -> Path:
    folder = tmp_path / "specs" / "cgt"
    folder.mkdir(parents=True)
    shutil.copy(CGT / "set.yaml", folder)
    for number, name in enumerate(names, start=200):
        (folder / f"{slug(name)}.yaml").write_text(f"""name: "{name}"
mana_cost: '{{1}}{{G}}'
types: [Creature]
subtypes: [Bear]
pt: 2/2
printings:
  - {{set: CGT, number: {number}, rarity: common}}
oracle: ""
abilities: []
""", encoding="utf-8")
    return tmp_path / "specs"


def test_a_cyrillic_twin_of_another_cards_name_is_refused(tmp_path: Path) -> None:
    root = specs(tmp_path, "Grizzly Bears", "Grizzly \u0412\u0435ars")
    result = CliRunner().invoke(cli, ["validate", str(root)])
    assert result.exit_code == 1, result.output
    assert "CG412" in result.output and "Grizzly Bears" in result.output
    out = tmp_path / "out"
    exported = CliRunner().invoke(cli, ["export", "--out", str(out), str(root)])
    assert exported.exit_code == 1 and not out.exists()


def test_names_that_only_share_letters_pass(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["validate", str(specs(tmp_path, "Grizzly Bears", "Grizzly Boars"))])
    assert result.exit_code == 0, result.output


def test_the_skeleton_follows_unicodes_table() -> None:
    assert skeleton("Grizzly \u0412\u0435ars") == skeleton("Grizzly Bears")
    assert skeleton("Grizzly \u0412\u0435ars") == skeleton("grizzly bears")  # folded after mapping
    assert skeleton("\u0391ether") == skeleton("Aether")  # Greek capital alpha
    assert skeleton("Lórien") != skeleton("Lorien")  # an accent is a different letter, not a lookalike
