"""Tiny timing helpers: several runs, min/median/max, no dependency beyond the standard library."""

from __future__ import annotations

import statistics
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Timing:
    label: str
    runs: tuple[float, ...]
    items: int = 1
    cpu: tuple[float, ...] = ()
    """CPU seconds (user + system) of each run, where measured: on a machine shared with other work,
    wall time also counts the waits for a core and the disk, CPU time much less so."""

    @property
    def cpu_median(self) -> float | None:
        return statistics.median(self.cpu) if self.cpu else None

    @property
    def minimum(self) -> float:
        return min(self.runs)

    @property
    def median(self) -> float:
        return statistics.median(self.runs)

    @property
    def maximum(self) -> float:
        return max(self.runs)

    @property
    def rate(self) -> float:
        """Items per second at the median run."""
        return self.items / self.median if self.median else float("inf")


def time_calls(label: str, call: Callable[[], object], *, runs: int, items: int = 1,
               before_each: Callable[[], object] | None = None) -> Timing:
    samples = []
    for _ in range(runs):
        if before_each is not None:
            before_each()
        start = time.perf_counter()
        call()
        samples.append(time.perf_counter() - start)
    return Timing(label, tuple(samples), items)


def time_command(label: str, argv: Sequence[str], *, runs: int, items: int = 1, cwd: str | None = None) -> Timing:
    def call() -> None:
        subprocess.run(argv, check=True, capture_output=True, cwd=cwd)

    return time_calls(label, call, runs=runs, items=items)
