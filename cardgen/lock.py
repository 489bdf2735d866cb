"""One writer per folder: an advisory lock held while cardgen writes into an output folder or a checkout.

Two exports into one folder at once would each remove the other's temporary files (they clean leftovers of
killed runs) and interleave their manifests. The lock is `flock` on the folder itself, so no lock file is
left in a user's checkout, and the operating system releases it when the process ends, however it ends
(a SIGKILLed run never leaves a stale lock). Where folders can't be locked (Windows), a `.cardgen-lock`
file in the folder is locked instead.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

LOCK_FILE = ".cardgen-lock"
"""The lock file, only where a folder itself can't be locked; dot-prefixed and without an extension an
engine loads."""


class FolderLocked(RuntimeError):
    """Another cardgen process is writing into the folder."""


@contextlib.contextmanager
def exclusive(folder: Path, command: str) -> Iterator[None]:
    """Hold the write lock of `folder` (which must exist) or raise `FolderLocked` at once: the second of
    two runs stops with a clear error rather than waiting or racing."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        with _locked_file(folder, command):
            yield
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        yield  # the folder can't be opened: the writes themselves will say why, as diagnostics
        return
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise FolderLocked(_message(folder, command)) from None
        except OSError:
            pass  # a file system without locks (some network mounts): write unlocked, as before
        yield
    finally:
        os.close(descriptor)  # closing releases the lock


@contextlib.contextmanager
def _locked_file(folder: Path, command: str) -> Iterator[None]:  # pragma: no cover - Windows
    if sys.platform != "win32":
        raise OSError("msvcrt's file locks exist on Windows only (where fcntl is missing)")
    else:  # the platform test mypy knows: it checks this branch for Windows' msvcrt
        import msvcrt

        with open(folder / LOCK_FILE, "a+b") as handle:
            try:
                msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
            except OSError:
                raise FolderLocked(_message(folder, command)) from None
            try:
                yield
            finally:
                handle.seek(0)
                msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)


def _message(folder: Path, command: str) -> str:
    return (f"another cardgen {command} is writing into {folder}; wait for it to finish and rerun "
            "(nothing was written by this run)")
