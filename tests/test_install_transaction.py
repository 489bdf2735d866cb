"""`cardgen install` as one transaction: staged, checked against what was read, renamed; undone on failure.

These run real processes (a file-size limit set with `setrlimit`), real signals and a real file system."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_install import BLAST, HOWL, REBIRTH, SETS, XMAGE_SET, snapshot, xmage_checkout

from cardgen.cli import cli
from cardgen.engines import load_backend
from cardgen.install.plan import InstallConflict, InstallWriteError, apply_plan, plan_install
from cardgen.output import TEMP_PREFIX

ROOT = Path(__file__).resolve().parents[1]
TESTS = "Mage.Tests/src/test/java/org/mage/test/cards/single"


def leftovers(root: Path) -> list[Path]:
    return [path for path in root.rglob(f"{TEMP_PREFIX}*")]


def xmage_plan(root: Path):
    from cardgen.commands.common import load_validated
    from cardgen.commands.reporting import Reporter

    catalog, failed = load_validated((Path(BLAST), Path(REBIRTH), Path(HOWL)), Reporter())
    assert not failed
    result = load_backend("xmage").render(catalog, frozenset({"BLB"}))
    return plan_install("xmage", root, result.files)


def test_a_file_size_limit_leaves_the_checkout_as_it_was(tmp_path: Path) -> None:
    """Under `ulimit -f`, the third file staged fails: no file of the checkout changes, no temporary is left."""
    root = xmage_checkout(tmp_path, {"Bloomburrow": XMAGE_SET})
    before = snapshot(root)

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (2500, 2500))

    done = subprocess.run([sys.executable, "-m", "cardgen", "install", "--engine", "xmage", "--checkout", str(root),
                           BLAST, REBIRTH, HOWL], cwd=ROOT, capture_output=True, text=True, preexec_fn=limit,
                          timeout=300)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert "nothing was written" in done.stderr and "File too large" in done.stderr
    assert snapshot(root) == before
    assert leftovers(root) == []
    assert not (root / TESTS).exists(), "the folders made for staging are removed again"


def test_a_file_edited_after_it_was_read_is_never_overwritten(tmp_path: Path) -> None:
    root = xmage_checkout(tmp_path, {"Bloomburrow": XMAGE_SET})
    plan = xmage_plan(root)
    edited = XMAGE_SET.replace("// for sorting in GUI", "// a user's edit, saved while the install ran")
    (root / SETS / "Bloomburrow.java").write_text(edited, encoding="utf-8")
    before = snapshot(root)
    with pytest.raises(InstallConflict) as raised:
        apply_plan(plan)
    assert raised.value.paths == [f"{SETS}/Bloomburrow.java"]
    assert snapshot(root) == before
    assert leftovers(root) == []


def test_a_file_created_after_the_plan_is_never_overwritten(tmp_path: Path) -> None:
    root = xmage_checkout(tmp_path, {"Bloomburrow": XMAGE_SET})
    plan = xmage_plan(root)
    mine = root / "Mage.Sets/src/mage/cards/b/BloomingBlast.java"
    mine.parent.mkdir(parents=True)
    mine.write_text("// mine\n", encoding="utf-8")
    with pytest.raises(InstallConflict) as raised:
        apply_plan(plan)
    assert "Mage.Sets/src/mage/cards/b/BloomingBlast.java" in raised.value.paths
    assert mine.read_text(encoding="utf-8") == "// mine\n"


def test_a_rename_failing_half_way_puts_the_previous_files_back(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    root = xmage_checkout(tmp_path, {"Bloomburrow": XMAGE_SET})
    (root / "Mage.Sets/src/mage/cards/b").mkdir(parents=True)
    plan = xmage_plan(root)
    before = snapshot(root)
    real_replace = os.replace
    calls: list[str] = []

    def failing(source: str, target: str) -> None:
        calls.append(target)
        if len(calls) == len(plan.actions) - 1:  # the set class (sorted last but one) is already replaced
            raise OSError(28, "No space left on device")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", failing)
    with pytest.raises(InstallWriteError) as raised:
        apply_plan(plan)
    monkeypatch.setattr(os, "replace", real_replace)
    assert raised.value.restored
    assert snapshot(root) == before
    assert leftovers(root) == []


def test_sigterm_while_staging_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import cardgen.install.plan as plan_module

    root = xmage_checkout(tmp_path, {"Bloomburrow": XMAGE_SET})
    before = snapshot(root)
    real_stage = plan_module.stage_file
    staged: list[str] = []

    def stage_then_signal(target: str, data: bytes, record: list[str] | None = None) -> str:
        staged.append(real_stage(target, data, record))
        if len(staged) == 3:
            os.kill(os.getpid(), signal.SIGTERM)
        return staged[-1]

    monkeypatch.setattr(plan_module, "stage_file", stage_then_signal)
    result = CliRunner().invoke(cli, ["install", "--engine", "xmage", "--checkout", str(root), BLAST, REBIRTH, HOWL])
    assert result.exit_code == 1, result.output
    assert "stopped by a signal; nothing was written" in result.output
    assert snapshot(root) == before
    assert leftovers(root) == []
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL


def test_a_killed_installs_temporary_file_in_mage_tests_is_removed(tmp_path: Path) -> None:
    root = xmage_checkout(tmp_path, {"Bloomburrow": XMAGE_SET})
    folder = root / TESTS / "blb"
    folder.mkdir(parents=True)
    # What a SIGKILLed install leaves: a staged file of a process that no longer exists.
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    leftover = folder / f"{TEMP_PREFIX}{child.stdout.strip()}-0"
    leftover.write_text("partial", encoding="utf-8")
    result = CliRunner().invoke(cli, ["install", "--engine", "xmage", "--checkout", str(root), BLAST])
    assert result.exit_code == 0, result.output
    assert f"removed leftover of an interrupted run: {TESTS}/blb/{leftover.name}" in result.output
    assert leftovers(root) == []


def test_sigkill_mid_install_leaves_every_file_old_or_new_and_the_next_run_cleans_up(tmp_path: Path) -> None:
    """A real SIGKILL at some point of a real install: whatever it hit, each file is whole, and a rerun
    removes the temporary files and completes the install."""
    root = xmage_checkout(tmp_path, {"Bloomburrow": XMAGE_SET})
    command = [sys.executable, "-m", "cardgen", "install", "--engine", "xmage", "--checkout", str(root),
               BLAST, REBIRTH, HOWL]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # Stop it as soon as it has made a folder to stage into (or when it ends by itself).
    while process.poll() is None and not (root / "Mage.Sets/src/mage/cards/b").exists():
        time.sleep(0.002)
    process.send_signal(signal.SIGKILL)
    process.communicate()
    text = (root / SETS / "Bloomburrow.java").read_text(encoding="utf-8")
    assert text == XMAGE_SET or "Coiling Rebirth" in text
    rerun = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert rerun.returncode == 0, rerun.stdout + rerun.stderr
    assert leftovers(root) == []
    assert "Wildfire Howl" in (root / SETS / "Bloomburrow.java").read_text(encoding="utf-8")


@pytest.mark.parametrize("out", ["/", "/."])
def test_export_into_the_file_system_root_is_refused(out: str) -> None:
    result = CliRunner().invoke(cli, ["export", "--out", out, BLAST])
    assert result.exit_code == 2, result.output
    assert "root" in result.output
    assert not Path("/forge").exists() and not Path("/xmage").exists()
