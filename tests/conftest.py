"""Hypothesis profiles for the whole suite (see `examples`).

`default` keeps `pytest` fast for everyday work: each property runs a fifth of its examples.
`HYPOTHESIS_PROFILE=deep` runs every property with the full example counts written in the tests, times
four, for a thorough run before a release or after touching a parser, renderer or the resolver.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from examples import PROFILE
from hypothesis import settings
from trees import tree

from cardgen.cli import cli

settings.register_profile("default", deadline=None)
settings.register_profile("deep", deadline=None, print_blob=True)
settings.load_profile(PROFILE)


@pytest.fixture(scope="session")
def shipped_export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder a plain `cardgen export` of the shipped specs writes, exported once per session for the
    tests that read what an export writes or compare another way of exporting (`--jobs`, `--cache`) with
    it. Read it, or copy it before writing: tests share it."""
    out = tmp_path_factory.mktemp("shipped-export") / "out"
    specs = Path(__file__).resolve().parents[1] / "card_specs"
    result = CliRunner().invoke(cli, ["export", "--out", str(out), str(specs)], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    return out


@pytest.fixture(scope="session")
def shipped_export_tree(shipped_export: Path) -> dict[str, str]:
    """`shipped_export`'s files (path: SHA-256)."""
    return tree(shipped_export)
