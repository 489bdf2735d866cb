"""A Forge edition file saved with a UTF-8 byte order mark is recognised by its `Code=` (install merges
into it instead of writing a second edition file beside it), and its BOM is kept."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cardgen.cli import cli

BLAST = str(Path(__file__).resolve().parents[1] / "card_specs" / "blb" / "blooming_blast.yaml")
HEAD = "[metadata]\nCode=BLB\nDate=2024-08-02\nName=Bloomburrow\nType=Expansion\n\n[cards]\n1 C Foo @X\n"


def test_an_edition_file_with_a_bom_is_merged_into_and_keeps_it(tmp_path: Path) -> None:
    editions = tmp_path / "res" / "editions"
    editions.mkdir(parents=True)
    (tmp_path / "res" / "cardsfolder").mkdir()
    edition = editions / "Blb2024.txt"
    edition.write_bytes(b"\xef\xbb\xbf" + HEAD.encode())
    result = CliRunner().invoke(cli, ["install", "--engine", "forge", "--checkout", str(tmp_path / "res"), BLAST])
    assert result.exit_code == 0, result.output
    assert sorted(path.name for path in editions.iterdir()) == ["Blb2024.txt"]
    written = edition.read_bytes()
    assert written.startswith(b"\xef\xbb\xbf[metadata]\n")
    assert b"Blooming Blast" in written and b"1 C Foo @X\n" in written
