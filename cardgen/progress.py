"""A progress line for long commands, from their first phase to their last.

A 5,000-card export spends seconds reading and checking specs before it writes a file; a line on
stderr that names the phase and counts its items (`checking specs 1200/5000`) shows it is working.
Every per-card stage of the executor (`cardgen.executor.per_card`: parse, checks, render, play) and
export's writing advance it, so a command needs no code of its own beyond `enable`.

The line is drawn only when a command enabled it: on a terminal, not in CI (`$CI`), not with `-q` or
a machine format. Every phase is drawn, however few its items: a phase of 80 cards can take seconds
(the shipped export's XMage tests play each card's scenarios), and a silent terminal looks stuck. It is
redrawn at most every `INTERVAL` seconds and erased when the phase ends, so nothing of it stays in the
output.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import TextIO

INTERVAL = 0.1
"""Seconds between two redraws."""

LABELS = {"parse": "reading specs", "summary": "checking specs", "checks": "checking specs",
          "play": "playing scenarios", "scenarios": "reading scenarios", "xmage-tests": "writing xmage tests"}
"""How a stage of the executor is named on the line (`render:forge` -> `rendering forge`)."""

_stream: TextIO | None = None


def enable(on: bool, stream: TextIO | None = None) -> None:
    """Draw progress lines on `stream` (stderr) from now on, if it is a terminal and not in CI."""
    global _stream
    target = stream if stream is not None else sys.stderr
    _stream = target if on and target.isatty() and not os.environ.get("CI") else None


def _nothing(_: int = 1) -> None:
    return None


def label(stage: str) -> str:
    if stage.startswith("render:"):
        return f"rendering {stage.split(':', 1)[1]}"
    return LABELS.get(stage, stage)


@contextlib.contextmanager
def phase(stage: str, total: int) -> Iterator[Callable[[int], None]]:
    """A callable that advances the line of `stage` by n items (a no-op when nothing is drawn)."""
    stream = _stream
    if stream is None or total < 1:
        yield _nothing
        return
    name = label(stage)
    done = 0
    last = 0.0

    def advance(count: int = 1) -> None:
        nonlocal done, last
        done += count
        now = time.monotonic()
        if now - last >= INTERVAL or done >= total:
            last = now
            stream.write(f"\r{name} {min(done, total)}/{total}")
            stream.flush()

    try:
        advance(0)
        yield advance
    finally:
        stream.write("\r\x1b[K")
        stream.flush()
