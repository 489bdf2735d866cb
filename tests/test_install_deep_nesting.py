"""`install --engine xmage` on a set class nested deeper than Python's recursion limit, with a syntax error:
a clean error naming the line, not a RecursionError."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from test_install import BLAST, SETS, XMAGE_SET, snapshot, xmage_checkout

from cardgen.cli import cli


def test_a_set_class_nested_30000_parentheses_deep_is_a_clean_error(tmp_path: Path) -> None:
    nested = "int x = " + "(" * 30000 + "1" + ")" * 29999 + ";"  # one parenthesis short
    root = xmage_checkout(tmp_path, {"Bloomburrow": XMAGE_SET.replace("// for sorting in GUI", nested)})
    assert nested in (root / SETS / "Bloomburrow.java").read_text(encoding="utf-8")
    before = snapshot(root)
    result = CliRunner().invoke(cli, ["install", "--engine", "xmage", "--checkout", str(root), BLAST])
    assert result.exit_code == 1, result.output
    assert not isinstance(result.exception, RecursionError)
    assert "not valid Java (line" in result.output
    assert snapshot(root) == before
