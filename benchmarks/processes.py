"""Whole commands against their floors, each a process of its own, run in turn (A B A B ...).

A command's figure includes everything it pays: start-up, imports, loading, its work and its exit. Each
pair is timed run by run in alternation and the ratio is taken pair by pair, then the median of those
ratios is reported: on a machine shared with other work, the load of the moment hits both sides of a
pair alike. CPU time (user + system of the finished child, from `wait4`) is the figure judged; wall time
is printed beside it. Peak memory is the child's own maximum resident set (`ru_maxrss`, taken by a small
process that starts it: see `_TRAMPOLINE`).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
FLOORS = HERE / "floors.py"

Argv = Callable[[], Sequence[str]]
"""A command line, made anew for each run (a fresh output folder for an export)."""


@dataclass(frozen=True)
class Sample:
    wall: float
    cpu: float
    peak_mb: float


@dataclass(frozen=True)
class Pair:
    """One command and its floor, with the runs of each and the per-run ratios."""

    label: str
    floor_label: str
    command: tuple[Sample, ...]
    floor: tuple[Sample, ...]
    goal: float
    """The target of the CPU ratio (and of the peak-memory ratio where `memory_goal` is set)."""
    memory_goal: float | None = None

    @property
    def cpu_ratio(self) -> float:
        return statistics.median(a.cpu / b.cpu for a, b in zip(self.command, self.floor, strict=True) if b.cpu)

    @property
    def wall_ratio(self) -> float:
        return statistics.median(a.wall / b.wall for a, b in zip(self.command, self.floor, strict=True) if b.wall)

    @property
    def peak_ratio(self) -> float:
        return statistics.median(a.peak_mb for a in self.command) / statistics.median(b.peak_mb for b in self.floor)


_TRAMPOLINE = """\
import os, sys, time
start = time.perf_counter()
pid = os.fork()
if pid == 0:
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
print(os.waitstatus_to_exitcode(status), time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)
"""
"""Runs the measured command as its child and reports its figures. A child's `ru_maxrss` counts what it
held before `exec` too, so the process that forks it must be small: this one (`python -S`, a few MB),
not the benchmark, which holds catalogs by then."""


def run_once(argv: Sequence[str], env: dict[str, str]) -> Sample:
    """One run of `argv` from ROOT, its output thrown away; raises if it did not exit 0."""
    report = subprocess.run([sys.executable, "-S", "-c", _TRAMPOLINE, *argv], cwd=ROOT, env=env,
                            capture_output=True, text=True, check=True).stdout.split()
    code, wall, cpu, peak_kb = int(report[0]), float(report[1]), float(report[2]), int(report[3])
    if code != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {code}")
    return Sample(wall, cpu, peak_kb / 1024)


def measure(label: str, command: Argv, floor_label: str, floor: Argv, *, runs: int, goal: float,
            memory_goal: float | None = None, env: dict[str, str] | None = None, warm: bool = True) -> Pair:
    """`runs` alternating runs of the command and its floor (after one unmeasured run of each with `warm`)."""
    env = env if env is not None else bytecode_env()
    if warm:
        run_once(command(), env)
        run_once(floor(), env)
    ours: list[Sample] = []
    theirs: list[Sample] = []
    for _ in range(runs):
        ours.append(run_once(command(), env))
        theirs.append(run_once(floor(), env))
    return Pair(label, floor_label, tuple(ours), tuple(theirs), goal, memory_goal)


_PREFIX: list[str] = []


def bytecode_env() -> dict[str, str]:
    """The environment of every measured process: bytecode cached (as an installed package has it), in a
    temporary `PYTHONPYCACHEPREFIX` so nothing is written into the tree, whatever
    `PYTHONDONTWRITEBYTECODE` says."""
    if not _PREFIX:
        _PREFIX.append(tempfile.mkdtemp(prefix="cardgen-bytecode-"))
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = _PREFIX[0]
    return env


def cardgen(*args: str) -> list[str]:
    return [sys.executable, "-m", "cardgen", *args]


def floor(*args: str) -> list[str]:
    return [sys.executable, str(FLOORS), *args]


def fresh_folder(workspace: Path) -> Callable[[], Path]:
    """A new empty folder name under `workspace` on each call (made by the command itself)."""
    counter = iter(range(10**9))
    return lambda: workspace / f"out-{next(counter)}"


def table_lines(pairs: list[Pair]) -> list[str]:
    """The pairs as a Markdown table: medians of each side, the median of the per-run ratios, the goal."""
    lines = ["| command | vs floor | runs | command CPU s | floor CPU s | CPU ratio | wall ratio | command peak MB "
             "| floor peak MB | peak ratio | goal |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for pair in pairs:
        goal = f"CPU <= {pair.goal}x" + (f", peak <= {pair.memory_goal}x" if pair.memory_goal else "")
        lines.append(
            f"| {pair.label} | {pair.floor_label} | {len(pair.command)} "
            f"| {statistics.median(s.cpu for s in pair.command):.3f} "
            f"| {statistics.median(s.cpu for s in pair.floor):.3f} "
            f"| {pair.cpu_ratio:.2f}x | {pair.wall_ratio:.2f}x "
            f"| {statistics.median(s.peak_mb for s in pair.command):.0f} "
            f"| {statistics.median(s.peak_mb for s in pair.floor):.0f} | {pair.peak_ratio:.2f}x | {goal} |")
    return lines


def goals(pairs: list[Pair]) -> list[str]:
    lines = []
    for pair in pairs:
        met = "met" if pair.cpu_ratio <= pair.goal else "NOT met"
        lines.append(f"goal: {pair.label}: {pair.cpu_ratio:.2f}x the {pair.floor_label} in CPU time "
                     f"(target <= {pair.goal}x): {met}")
        if pair.memory_goal is not None:
            met = "met" if pair.peak_ratio <= pair.memory_goal else "NOT met"
            lines.append(f"goal: peak memory of {pair.label}: {pair.peak_ratio:.2f}x the {pair.floor_label} "
                         f"(target <= {pair.memory_goal}x): {met}")
    return lines
