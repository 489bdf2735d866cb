"""The README's quick start and five-minute tour, run as a new user would, in a temporary copy of the
repository: the virtual environment made, cardgen installed from the copy (not editable), the main job
run, then every line of the tour. Nothing is downloaded: pip installs offline, finding the dependencies
where this test's own environment has them, and the tour's card data is the sample Scryfall file the
scaffold tests use. The second quick-start command runs this very suite, so it is shown, not run.
"""

from __future__ import annotations

import filecmp
import os
import re
import shutil
import site
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
SH_BLOCK = re.compile(r"```sh\n(.*?)```", re.S)


def _section(title: str) -> str:
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def _shell_block(title: str) -> str:
    blocks = SH_BLOCK.findall(_section(title))
    assert len(blocks) == 1, f"the README's {title} has one shell block"
    return blocks[0]


QUICK_START = _shell_block("Quick start").splitlines()
TOUR = _shell_block("A five-minute tour")


def test_the_quick_start_is_exactly_two_commands_in_a_virtual_environment() -> None:
    assert len(QUICK_START) == 2
    for line in QUICK_START:
        assert line.startswith("python3 -m venv .venv && .venv/bin/pip install ")  # Debian's Python refuses pip
    assert QUICK_START[0].endswith("&& .venv/bin/cardgen export --engine all")
    assert QUICK_START[1].endswith("&& .venv/bin/python -m pytest -q -n 2")


def test_ci_runs_the_readme_test_command() -> None:
    """.ci/run's test line is the quick start's (the suite on two cores), run with its own Python."""
    readme_tests = QUICK_START[1].rsplit("&& .venv/bin/python ", 1)[1]
    ci_lines = [line.split("#")[0].strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert [line for line in ci_lines if "pytest" in line] == [f"python3 {readme_tests}"]


def _copy_of_the_repository(target: Path) -> None:
    """The committed files (and this checkout's edits of them), as a fresh clone would have them."""
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("needs the repository's git metadata to know its files")
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def _offline() -> dict[str, str]:
    """pip without the network: no index, no dependency resolution, no isolated build; the dependencies
    and the build backend come from this environment's site-packages."""
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("PIP_", "VIRTUAL_ENV"))}
    environment.update(PIP_NO_INDEX="1", PIP_NO_DEPS="1", PIP_NO_BUILD_ISOLATION="0",
                       PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONPATH=os.pathsep.join(site.getsitepackages()),
                       PATH=os.pathsep.join([str(Path(sys.executable).parent), environment.get("PATH", "")]))
    environment.pop("CARDGEN_TEMPLATES", None)
    return environment


def _run(command: str, cwd: Path, environment: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-e", "-c", command], cwd=cwd, env=environment, capture_output=True, text=True,
                          timeout=900)


def test_the_quick_start_and_the_tour_work_as_the_readme_says(tmp_path: Path) -> None:
    repo = tmp_path / "cardgen"
    _copy_of_the_repository(repo)
    environment = _offline()

    main_job = _run(QUICK_START[0], repo, environment)
    assert main_job.returncode == 0, main_job.stdout + main_job.stderr
    report = main_job.stderr + main_job.stdout.split("Successfully installed", 1)[-1]
    assert "warning" not in report.lower() and "error" not in report.lower(), report
    assert re.search(r"^0 written, \d+ unchanged, 0 stale in output$", main_job.stdout, re.M), main_job.stdout
    installed = subprocess.run([str(repo / ".venv/bin/python"), "-c", "import cardgen; print(cardgen.__file__)"],
                               cwd=tmp_path, env=environment, capture_output=True, text=True, check=True)
    assert ".venv" in installed.stdout  # the installed copy ran, not the source tree
    assert not filecmp.dircmp(ROOT / "output", repo / "output").diff_files

    home = tmp_path / "home"
    (home / "src/forge/forge-gui/res/cardsfolder").mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "data" / "scryfall_sample.json", repo / "default-cards.json")
    tour = _run(TOUR, repo, {**environment, "HOME": str(home)})
    assert tour.returncode == 0, tour.stdout + tour.stderr
    assert "warning" not in tour.stdout + tour.stderr
    made = repo / "my-cards"
    assert (made / "card_specs/blb/coiling_rebirth.yaml").is_file()
    assert "1 scenario(s) in 1 file(s): 1 passed, 0 failed" in tour.stdout
    assert "x 3 runs (spec, forge, xmage): all agree" in tour.stdout
    assert (made / "output/forge/cardsfolder/c/coiling_rebirth.txt").is_file()
    assert (made / "output/xmage/Mage.Sets/src/mage/cards/c/CoilingRebirth.java").is_file()
    assert "would create: forge-gui/res/cardsfolder/c/coiling_rebirth.txt" in tour.stdout
    assert not any((home / "src/forge/forge-gui/res/cardsfolder").iterdir())  # --dry-run wrote nothing
