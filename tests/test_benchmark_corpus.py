"""The synthetic corpus the benchmarks time validates clean, so validate, export and check do their whole
work on it (a corpus with errors would stop before rendering and time far less)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from benchmarks.corpus import build_corpus, shipped_specs
from cardgen.cli import cli

ROOT = Path(__file__).resolve().parents[1]


def test_two_copies_of_every_shipped_card_validate_clean(tmp_path: Path) -> None:
    count = 2 * len(shipped_specs(ROOT / "card_specs"))  # every card twice, in one benchmark set
    corpus = build_corpus(ROOT / "card_specs", tmp_path / "card_specs", count)
    assert any("translations" in card for card in shipped_specs(corpus))
    result = CliRunner().invoke(cli, ["validate", str(corpus), "--format", "json"])
    report = json.loads(result.output)
    assert result.exit_code == 0, [(d["code"], d["message"]) for d in report["diagnostics"]][:5]
    assert report["summary"]["errors"] == 0
