"""`cardgen schema` is the same whatever the validator cache holds: one process stores the sub-models'
core schemas, a later one builds the JSON Schema of `Card` from them, and the result is the committed file."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

_STORE = """
from cardgen.model import card  # noqa: F401
from cardgen.model.parts import SpecModel

def walk(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from walk(sub)

for model in list(walk(SpecModel)):
    try:
        model.model_rebuild(force=True)
    except Exception:
        pass
"""


def _run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(cwd)}, check=False)


@pytest.mark.parametrize("first", [
    ("-c", _STORE),
    ("-m", "cardgen", "schema", "--check"),  # the schema built once stores the models it used
    ("-m", "cardgen", "validate", str(REPO / "card_specs" / "blb" / "kitnap.yaml")),
], ids=["rebuilt", "schema", "validate"])
def test_schema_from_a_cache_another_process_wrote_is_the_committed_one(tmp_path: Path,
                                                                        first: tuple[str, ...]) -> None:
    """A model made from a stored schema must serialize its defaults as one built here does: the JSON
    Schema writes a sub-model's default (an `ObjectFilter`) through that sub-model's serializer."""
    shutil.copytree(REPO / "cardgen", tmp_path / "cardgen",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "schema", tmp_path / "schema")
    shutil.copytree(REPO / "templates", tmp_path / "templates")  # validate builds the XMage class model too
    stored = _run(tmp_path, *first)
    assert stored.returncode == 0, stored.stdout + stored.stderr
    assert list((tmp_path / "cardgen" / "model" / "__pycache__").glob("*-schema.*.pickle"))
    checked = _run(tmp_path, "-m", "cardgen", "schema", "--check")
    assert checked.returncode == 0, checked.stdout + checked.stderr
