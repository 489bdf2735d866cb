"""`validate` refuses a card name whose derived file names export could not write: more than 255 bytes
per name once normalized (the ligature ﬃ is one character that normalizes to three letters)."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from cardgen.cli import cli

CGT = Path(__file__).resolve().parents[1] / "card_specs" / "cgt"


def spec(tmp_path: Path, name: str, slug: str) -> Path:
    folder = tmp_path / "specs" / "cgt"
    folder.mkdir(parents=True)
    shutil.copy(CGT / "set.yaml", folder)
    (folder / f"{slug}.yaml").write_text(f"""name: "{name}"
mana_cost: '{{1}}{{G}}'
types: [Creature]
subtypes: [Bear]
pt: 2/2
printings:
  - {{set: CGT, number: 200, rarity: common}}
oracle: ""
abilities: []
""", encoding="utf-8")
    return tmp_path / "specs"


def test_a_name_whose_test_class_file_is_256_bytes_is_refused(tmp_path: Path) -> None:
    specs = spec(tmp_path, "Bear " + "\ufb03" * 81, "bear_" + "ffi" * 81)
    result = CliRunner().invoke(cli, ["validate", str(specs)])
    assert result.exit_code == 1, result.output
    assert "CG406" in result.output and "256 bytes" in result.output
    out = tmp_path / "out"
    exported = CliRunner().invoke(cli, ["export", "--out", str(out), str(specs)])
    assert exported.exit_code == 1 and not out.exists()


def test_a_name_just_within_the_limit_passes(tmp_path: Path) -> None:
    specs = spec(tmp_path, "Bear " + "\ufb03" * 77, "bear_" + "ffi" * 77)  # BearFfi...MultiplayerTest.java: 255 bytes
    result = CliRunner().invoke(cli, ["validate", str(specs)])
    assert result.exit_code == 0, result.output
