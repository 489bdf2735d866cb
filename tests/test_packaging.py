"""A plain (non-editable) install must still find the templates: wheels ship them inside the package."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(cardgen_wheel: Path) -> Path:
    return cardgen_wheel


def test_wheel_ships_every_template(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {
        "cardgen/templates/" + path.relative_to(ROOT / "templates").as_posix()
        for path in (ROOT / "templates").rglob("*")
        if path.is_file()
    }
    assert expected, "templates/ is empty"
    assert expected <= names
    assert "cardgen/data/engine_deviations.yaml" in names  # the engine-deviations data the export reads
    assert {"cardgen/data/card_specs/cgt/grizzly_bears.yaml", "cardgen/data/card_specs/cgt/set.yaml",
            "cardgen/data/card_specs/pw26/set.yaml"} <= names  # the test cards, for `check` in any repository


def test_installed_wheel_finds_templates_from_another_directory(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    probe = (
        "import cardgen, cardgen.templates_path as t, cardgen.stand_ins as s; "
        "d = t.templates_dir(); print(cardgen.__file__); print(d); print(sorted(p.name for p in d.iterdir())); "
        "print(*s.stand_in_folders())"
    )
    environment = {**os.environ, "PYTHONPATH": str(target)}
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=elsewhere, env=environment, check=True, capture_output=True, text=True
    )
    module_file, templates, listing, stand_ins = result.stdout.splitlines()
    assert module_file.startswith(str(target))
    assert stand_ins.startswith(str(target)) and stand_ins.endswith("pw26")
    assert templates.startswith(str(target))
    for engine in ("forge", "xmage"):
        if (ROOT / "templates" / engine).is_dir():
            assert engine in listing
