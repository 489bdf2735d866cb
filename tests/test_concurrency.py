"""Concurrent and interrupted runs, with real processes: one writer per folder (the second gets a clear
error), temporary files no engine loads, leftovers of a SIGKILLed run removed by the next one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from shipped import copy_sample

ROOT = Path(__file__).resolve().parents[1]
BLAST = ROOT / "card_specs" / "blb" / "blooming_blast.yaml"
CARDSFOLDER = "forge-gui/res/cardsfolder"
TIMEOUT = 60

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and flock")


def cardgen(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardgen", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=TIMEOUT, check=False)


def start_python(code: str) -> subprocess.Popen[str]:
    """A child Python process running `code`; it prints `ready` once it holds what the test needs."""
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def sample(tmp_path: Path) -> list[str]:
    """The arguments of an export of the sample catalogue (`shipped.copy_sample`): what these tests ask of
    an export - its lock, its temporary files - is the same for a few cards as for the whole catalogue."""
    specs, scenarios = copy_sample(tmp_path / "sample")
    return ["--scenarios", str(scenarios), str(specs)]


def wait_ready(child: subprocess.Popen[str]) -> None:
    assert child.stdout is not None
    line = child.stdout.readline()
    assert line.strip() == "ready", (line, child.stderr.read() if child.stderr else "")


def test_second_export_into_a_locked_folder_fails_cleanly(tmp_path: Path) -> None:
    given = sample(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    holder = start_python(f"""
        import sys
        from pathlib import Path
        from cardgen.lock import exclusive
        with exclusive(Path({str(out)!r}), "export"):
            print("ready", flush=True)
            sys.stdin.readline()
    """)
    try:
        wait_ready(holder)
        second = cardgen("export", "--out", str(out), *given)
        assert second.returncode == 1, second.stderr
        assert "another cardgen export is writing into" in second.stderr
        assert "Traceback" not in second.stderr
        assert not (out / "forge").exists()
    finally:
        holder.communicate("\n", timeout=TIMEOUT)
    after = cardgen("export", "--out", str(out), "-q", *given)
    assert after.returncode == 0, after.stderr


def test_two_exports_at_once_never_break_each_other(tmp_path: Path) -> None:
    given = sample(tmp_path)
    out = tmp_path / "out"
    runs = [subprocess.Popen([sys.executable, "-m", "cardgen", "export", "--out", str(out), "-q", *given], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(3)]
    results = [(run.wait(timeout=TIMEOUT), run.communicate(timeout=TIMEOUT)[1]) for run in runs]
    for code, stderr in results:
        assert "Traceback" not in stderr and "No such file" not in stderr, stderr
        assert code == 0 or "another cardgen export is writing into" in stderr, stderr
    assert any(code == 0 for code, _ in results)
    check = cardgen("export", "--out", str(out), "--check", "-q", *given)
    assert check.returncode == 0, check.stdout + check.stderr
    assert not [path for path in out.rglob(".cardgen-tmp-*")]


def forge_checkout(tmp_path: Path) -> Path:
    root = tmp_path / "forge"
    (root / CARDSFOLDER).mkdir(parents=True)
    (root / "forge-gui/res/editions").mkdir(parents=True)
    return root


def test_sigkilled_install_leaves_nothing_forge_loads_and_the_next_run_cleans_up(tmp_path: Path) -> None:
    root = forge_checkout(tmp_path)
    # The child runs the real `cardgen install`, stopped just before its first rename (the temporary file
    # is complete on disk), and is then killed.
    child = start_python(f"""
        import os, sys
        real_replace = os.replace
        def stalled_replace(source, target):
            # only the install's own files: a stored schema written on first use is replaced elsewhere
            if str(target).startswith({str(root)!r}):
                print("ready", flush=True)
                sys.stdin.readline()
            real_replace(source, target)
        os.replace = stalled_replace
        from cardgen.cli import cli
        cli(["install", "--engine", "forge", "--checkout", {str(root)!r}, {str(BLAST)!r}])
    """)
    try:
        wait_ready(child)
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.communicate(timeout=TIMEOUT)
    cards = root / CARDSFOLDER
    leftovers = [path for path in cards.rglob("*") if path.is_file()]
    assert leftovers, "the child was killed after writing its temporary file"
    # Forge loads every `*.txt` below cardsfolder as a card script: the leftover must not be one.
    assert not [path for path in leftovers if path.name.endswith(".txt")]
    assert all(path.name.startswith(".") for path in leftovers)

    again = cardgen("install", "--engine", "forge", "--checkout", str(root), str(BLAST))
    assert again.returncode == 0, again.stderr  # the kill released the lock
    assert "removed leftover of an interrupted run" in again.stdout
    assert sorted(path.name for path in cards.rglob("*") if path.is_file()) == ["blooming_blast.txt"]


def test_second_install_into_a_locked_checkout_fails_cleanly(tmp_path: Path) -> None:
    root = forge_checkout(tmp_path)
    holder = start_python(f"""
        import sys
        from pathlib import Path
        from cardgen.lock import exclusive
        with exclusive(Path({str(root)!r}), "install"):
            print("ready", flush=True)
            sys.stdin.readline()
    """)
    try:
        wait_ready(holder)
        second = cardgen("install", "--engine", "forge", "--checkout", str(root), str(BLAST))
        assert second.returncode == 1
        assert "another cardgen install is writing into" in second.stderr
        assert not any((root / CARDSFOLDER).rglob("*.txt"))
    finally:
        holder.communicate("\n", timeout=TIMEOUT)


def test_sigkilled_export_leftover_is_removed_by_the_next_export(tmp_path: Path) -> None:
    given = sample(tmp_path)
    out = tmp_path / "out"
    child = start_python(f"""
        import os, sys
        real_replace = os.replace
        def stalled_replace(source, target):
            # only the export's own files: a stored schema written on first use is replaced elsewhere
            if str(target).startswith({str(out)!r}):
                print("ready", flush=True)
                sys.stdin.readline()
            real_replace(source, target)
        os.replace = stalled_replace
        from cardgen.cli import cli
        cli(["export", "--out", {str(out)!r}, "-q", *{given!r}])
    """)
    try:
        wait_ready(child)
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.communicate(timeout=TIMEOUT)
    assert list(out.rglob(".cardgen-tmp-*"))
    assert not [path for path in out.rglob("*.txt") if path.name.startswith(".")]
    again = cardgen("export", "--out", str(out), "-q", *given)
    assert again.returncode == 0, again.stderr
    assert not list(out.rglob(".cardgen-tmp-*"))
