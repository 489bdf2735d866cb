"""Hypothesis profiles for the whole suite (see `examples`), the `slow` tests and the deep-only ones.

`default` keeps `pytest` fast for everyday work: each property runs a fifth of its examples.
`HYPOTHESIS_PROFILE=deep` runs every property with the full example counts written in the tests, times
four, for a thorough run before a release or after touching a parser, renderer or the resolver; it also
runs the tests marked `@pytest.mark.deep`: slow ones whose coverage a quicker test of the default profile
shares (each says which), reported as skipped otherwise.
"""

from __future__ import annotations

import os
from pathlib import Path

import keep_bytecode  # noqa: F401 - first: the bytecode folder is chosen before cardgen is imported
import pytest
from click.testing import CliRunner
from examples import PROFILE
from hypothesis import settings
from trees import tree

from cardgen.cli import cli

settings.register_profile("default", deadline=None)
settings.register_profile("deep", deadline=None, print_blob=True)
settings.load_profile(PROFILE)

SLOW = PROFILE == "deep" or os.environ.get("CARDGEN_SLOW") == "1"
"""Whether the tests marked `slow` (a 300 MB input, ...) run: in the thorough profile, or asked for."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    slow = pytest.mark.skip(reason="slow: runs with HYPOTHESIS_PROFILE=deep or CARDGEN_SLOW=1")
    deep = pytest.mark.skip(reason="slow, and covered by a quicker test: runs with HYPOTHESIS_PROFILE=deep")
    for item in items:
        if not SLOW and item.get_closest_marker("slow") is not None:
            item.add_marker(slow)
        if PROFILE != "deep" and item.get_closest_marker("deep") is not None:
            item.add_marker(deep)


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


@pytest.fixture(scope="session")
def cardgen_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """cardgen built as a wheel from this checkout, offline (hatchling from the test extra), once per
    session: for the tests of what a plain install and an engine repository's CI get."""
    import importlib.util
    import subprocess
    import sys

    if importlib.util.find_spec("hatchling") is None:
        pytest.skip("hatchling (test extra) is needed to build the wheel offline")
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w",
                    str(out), str(Path(__file__).resolve().parents[1])], check=True, capture_output=True)
    (built,) = out.glob("cardgen-*.whl")
    return built
