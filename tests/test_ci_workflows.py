"""The GitHub Actions workflows of docs/ci-integration.md, run step by step against a copy of an XMage
fork and of a Forge fork, with cardgen installed from the wheel (as their install step would from the
pinned commit): green on a fork whose generated files are its specs', red when a spec changed and the
files were not installed again. The pins they show are real: the commit exists in cardgen's history
and has the pre-commit hooks the docs name.
"""

from __future__ import annotations

import os
import re
import shutil
import site
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from test_install import XMAGE_SET  # a set class in XMage's shape

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "ci-integration.md").read_text(encoding="utf-8")
FENCE = re.compile(r"```(\w*)\n(.*?)```", re.S)
WORKFLOWS = {("xmage" if "XMage fork" in body.splitlines()[0] else "forge"): yaml.safe_load(body)
             for lang, body in FENCE.findall(DOC) if lang == "yaml" and body.startswith("# .github/workflows/")}
PIN = re.compile(r"@([0-9a-f]{40})$")


def test_there_is_a_workflow_for_each_engine_and_each_pins_what_it_uses() -> None:
    assert set(WORKFLOWS) == {"xmage", "forge"}
    for workflow in WORKFLOWS.values():
        job = workflow["jobs"]["cards"]
        assert PIN.search(job["env"]["CARDGEN"]), "cardgen is pinned by commit"
        assert all(re.fullmatch(r"actions/[a-z-]+@v\d+", step["uses"]) for step in job["steps"] if "uses" in step)
        assert workflow["permissions"] == {"contents": "read"}


def _git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)


def test_the_pinned_commit_is_real_and_has_the_hooks() -> None:
    """No tag is invented: the docs pin a commit of cardgen's history, the same one everywhere."""
    pins = set(re.findall(r"[0-9a-f]{40}", DOC))
    assert len(pins) == 1
    (pin,) = pins
    assert f"rev: {pin}" in DOC
    if shutil.which("git") is None or _git("rev-parse", "--git-dir").returncode != 0:
        pytest.skip("no git history here")
    if _git("cat-file", "-e", f"{pin}^{{commit}}").returncode != 0:
        if _git("rev-parse", "--is-shallow-repository").stdout.strip() == "true":
            pytest.skip("a shallow clone does not hold the pinned commit")
        pytest.fail(f"the docs pin {pin}, which is not a commit of this repository")
    hooks = yaml.safe_load(_git("show", f"{pin}:.pre-commit-hooks.yaml").stdout)
    assert {hook["id"] for hook in hooks} == {"cardgen-validate", "cardgen-check"}
    assert _git("merge-base", "--is-ancestor", pin, "HEAD").returncode == 0


def _fork(root: Path, engine: str) -> None:
    """An engine repository with a few specs and their scenarios, and the engine's own folders."""
    for folder, names in (("card_specs/blb", ["set.yaml", "kitnap.yaml", "wear_down.yaml"]),
                          ("scenarios/blb", ["kitnap.yaml", "wear_down.yaml"])):
        (root / folder).mkdir(parents=True)
        for name in names:
            shutil.copy(ROOT / folder / name, root / folder / name)
    if engine == "xmage":
        (root / "Mage.Sets/src/mage/cards").mkdir(parents=True)
        (root / "Mage.Tests/src/test/java").mkdir(parents=True)
        (root / "Mage.Sets/src/mage/sets").mkdir(parents=True)
        (root / "Mage.Sets/src/mage/sets/Bloomburrow.java").write_text(XMAGE_SET, encoding="utf-8")
        (root / "pom.xml").write_text("<project/>\n", encoding="utf-8")
    else:
        (root / "forge-gui/res/cardsfolder").mkdir(parents=True)
        (root / "forge-gui/res/editions").mkdir(parents=True)


@pytest.fixture(scope="module")
def runner(tmp_path_factory: pytest.TempPathFactory, cardgen_wheel: Path) -> dict[str, str]:
    """A runner's environment: a fresh virtual environment first on PATH (its pip installs the wheel the
    step names, offline: the dependencies come from this environment's site-packages)."""
    wheel = cardgen_wheel
    venv = tmp_path_factory.mktemp("runner") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("PIP_", "VIRTUAL_ENV"))}
    environment.pop("CARDGEN_TEMPLATES", None)
    environment.update(PATH=os.pathsep.join([str(venv / "bin"), environment.get("PATH", "")]),
                       PYTHONPATH=os.pathsep.join(site.getsitepackages()), PIP_NO_INDEX="1", PIP_NO_DEPS="1",
                       PIP_DISABLE_PIP_VERSION_CHECK="1", CARDGEN=str(wheel), GIT_AUTHOR_NAME="ci",
                       GIT_AUTHOR_EMAIL="ci@example.org", GIT_COMMITTER_NAME="ci",
                       GIT_COMMITTER_EMAIL="ci@example.org")
    return environment


def _steps(workflow: dict[str, Any]) -> list[tuple[str, str]]:
    return [(step.get("name", step["run"]), step["run"]) for step in workflow["jobs"]["cards"]["steps"]
            if "run" in step]


def _run_steps(steps: list[tuple[str, str]], fork: Path, environment: dict[str, str]) -> list[tuple[str, int, str]]:
    """Each step as Actions runs it on Linux (`bash --noprofile --norc -eo pipefail`), in order, all of them."""
    results = []
    for name, script in steps:
        done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script], cwd=fork,
                              env=environment, capture_output=True, text=True, timeout=600)
        results.append((name, done.returncode, done.stdout + done.stderr))
    return results


@pytest.mark.skipif(shutil.which("git") is None, reason="the workflows compare with git")
@pytest.mark.parametrize("engine", ["xmage", "forge"])
def test_the_workflow_runs_green_in_a_fork_and_catches_a_stale_file(engine: str, tmp_path: Path,
                                                                     runner: dict[str, str]) -> None:
    fork = tmp_path / "fork"
    _fork(fork, engine)
    environment = runner
    steps = _steps(WORKFLOWS[engine])
    install = next(script for name, script in steps if "pip install" in script)
    first = subprocess.run(["bash", "-eo", "pipefail", "-c", install], cwd=fork, env=environment,
                           capture_output=True, text=True)
    assert first.returncode == 0, first.stdout + first.stderr
    # The fork's maintainers installed the generated files once and committed them.
    adopted = subprocess.run(["cardgen", "install", "--engine", engine, "--checkout", "."], cwd=fork,
                             env=environment, capture_output=True, text=True)
    assert adopted.returncode == 0, adopted.stdout + adopted.stderr
    for command in (["git", "init", "-q"], ["git", "add", "-A"], ["git", "commit", "-qm", "cards"]):
        subprocess.run(command, cwd=fork, env=environment, check=True, capture_output=True)

    for name, code, output in _run_steps(steps, fork, environment):
        assert code == 0, f"{name}: {output}"
        assert "::warning" not in output and "::error" not in output, f"{name}: {output}"

    # A pull request adds a card, its spec and scenarios, but not the engine's files: the last step says so.
    for folder in ("card_specs/blb", "scenarios/blb"):
        shutil.copy(ROOT / folder / "dewdrop_cure.yaml", fork / folder / "dewdrop_cure.yaml")
    subprocess.run(["git", "add", "-A"], cwd=fork, env=environment, check=True, capture_output=True)
    results = _run_steps(steps[1:], fork, environment)  # cardgen is installed already
    assert [code for _name, code, _output in results][:-1] == [0] * (len(results) - 1), results
    assert results[-1][1] == 1 and "::error::run 'cardgen install" in results[-1][2], results[-1][2]

    # One changes a printed fact the engine's files carry: install refuses the conflicting line, the step fails.
    subprocess.run(["git", "checkout", "-q", "--", "."], cwd=fork, env=environment, check=True)
    subprocess.run(["git", "clean", "-qfd"], cwd=fork, env=environment, check=True)
    spec = fork / "card_specs/blb/kitnap.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace("rarity: rare", "rarity: mythic"), encoding="utf-8")
    _name, code, output = _run_steps(steps[-1:], fork, environment)[0]
    assert code == 1 and "--force" in output, output


@pytest.mark.skipif(shutil.which("git") is None, reason="the workflows compare with git")
def test_the_forge_workflow_catches_a_missing_translation_line(tmp_path: Path, runner: dict[str, str]) -> None:
    """install writes a card's printed translations into res/languages too, so the last step compares that
    folder as well: a fork that lost a card's lines there (a file deleted, a merge that dropped a line)
    fails, and install puts them back."""
    fork = tmp_path / "fork"
    _fork(fork, "forge")
    for folder in ("card_specs/blb", "scenarios/blb"):
        shutil.copy(ROOT / folder / "cruelclaws_heist.yaml", fork / folder / "cruelclaws_heist.yaml")
    steps = _steps(WORKFLOWS["forge"])
    install = next(script for _name, script in steps if "pip install" in script)
    assert subprocess.run(["bash", "-eo", "pipefail", "-c", install], cwd=fork, env=runner,
                          capture_output=True).returncode == 0
    adopted = subprocess.run(["cardgen", "install", "--engine", "forge", "--checkout", "."], cwd=fork, env=runner,
                             capture_output=True, text=True)
    assert adopted.returncode == 0, adopted.stdout + adopted.stderr
    languages = fork / "forge-gui/res/languages"
    assert sorted(path.name for path in languages.iterdir())  # the card's translations were installed
    for command in (["git", "init", "-q"], ["git", "add", "-A"], ["git", "commit", "-qm", "cards"]):
        subprocess.run(command, cwd=fork, env=runner, check=True, capture_output=True)
    assert _run_steps(steps[-1:], fork, runner)[0][1] == 0

    lost = sorted(languages.iterdir())[0]
    subprocess.run(["git", "rm", "-q", str(lost.relative_to(fork))], cwd=fork, env=runner, check=True)
    subprocess.run(["git", "commit", "-qm", "lost a language file"], cwd=fork, env=runner, check=True,
                   capture_output=True)
    _name, code, output = _run_steps(steps[-1:], fork, runner)[0]
    assert code == 1 and "::error::run 'cardgen install" in output and lost.name in output, output
