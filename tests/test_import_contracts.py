"""The import contracts in `.importlinter` (layers with downward imports, engines independent) hold, and
an import against them makes `lint-imports` fail — so a cycle between cardgen's packages cannot come back
unnoticed. Runs import-linter in-process on the source (nothing is imported), without its cache."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

importlinter_cli = pytest.importorskip("importlinter.cli")

ROOT = Path(__file__).resolve().parent.parent


def lint(project: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """`lint-imports` over the `cardgen` package found in `project`, with `project`'s `.importlinter`."""
    monkeypatch.chdir(project)
    monkeypatch.setattr(sys, "path", [str(project), *[p for p in sys.path if Path(p or ".").resolve() != ROOT]])
    for name in [name for name in sys.modules if name == "cardgen" or name.startswith("cardgen.")]:
        monkeypatch.delitem(sys.modules, name)
    return importlinter_cli.lint_imports(config_filename=str(project / ".importlinter"), no_cache=True, no_logo=True)


def copy_project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    shutil.copytree(ROOT / "cardgen", project / "cardgen", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / ".importlinter", project / ".importlinter")
    return project


def test_the_contracts_hold(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert lint(copy_project(tmp_path), monkeypatch) == 0


@pytest.mark.parametrize(
    ("importer", "imported"),
    [
        ("model/card.py", "cardgen.validate"),  # the model reaching up to the checks (the old cycle)
        ("resolver/__init__.py", "cardgen.engines.forge"),  # the resolver depending on an engine
        ("engines/forge/__init__.py", "cardgen.engines.xmage"),  # one engine using the other
        ("diagnostics.py", "cardgen.commands"),  # the bottom layer importing the top
        ("vocab/effects/exile.py", "cardgen.resolver.effects"),  # a construct importing the dispatch to it
        ("game/zones.py", "cardgen.vocab"),  # the game-state kit reaching up to the constructs using it
        ("game/context.py", "cardgen.resolver.stack"),  # the kit reaching up to what drives play
        ("model/gift.py", "cardgen.model.derive"),  # inside the model layer: the gift law over the derived forms
        ("model/parts.py", "cardgen.vocab"),  # the shared parts reaching up to the constructs built from them
        ("vocab/effects/draw.py", "cardgen.model.card"),  # a construct reaching up to the card assembled from it
        ("game/objects.py", "cardgen.model.derive"),  # the game kit reaching up to the forms derived from a card
        ("model/catalog.py", "cardgen.load.specs"),  # the model reaching up to its loader (the old cycle)
        ("load/yamlload.py", "cardgen.validate"),  # the loader reaching up to the checks (the ignored imports)
        ("load/codes.py", "cardgen.load.yamlload"),  # inside the load layer: the code table over the reader
    ],
)
def test_an_upward_import_breaks_a_contract(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, importer: str, imported: str
) -> None:
    project = copy_project(tmp_path)
    module = project / "cardgen" / importer
    module.write_text(module.read_text(encoding="utf-8") + f"\nimport {imported}  # noqa\n", encoding="utf-8")
    assert lint(project, monkeypatch) == 1


def test_ci_runs_the_contracts_before_the_tests() -> None:
    steps = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert "lint-imports" in steps
    assert steps.index("lint-imports") < next(i for i, step in enumerate(steps) if "pytest" in step)
    assert os.access(ROOT / ".ci" / "run", os.X_OK)
