"""Writing generated trees: atomically, only what changed, never outside the output folder.

Each file is written to a temporary sibling and renamed over the target, so a reader (or an export
killed half-way) sees every file either old or new, never partial. Files whose bytes are already right
are not touched, so re-exporting after editing one spec rewrites only that card's files and keeps
timestamps (and engine build caches) of the rest.

For speed on large trees: the existing tree is walked once (`scandir`), the root and each folder are
resolved once rather than per file, a file whose size differs is known to differ without being read, and
writes use plain system calls. (Writing in several threads was measured and left out: it was slower.)
"""

from __future__ import annotations

import contextlib
import itertools
import os
import stat
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from cardgen.freshness import STATE, digest_bytes, forget_state
from cardgen.naming import fold

TEMP_PREFIX = ".cardgen-tmp-"
"""Temporary files are `.cardgen-tmp-<pid>-<n>`: hidden, and without the extension of any file an engine
loads (Forge reads every `*.txt` under cardsfolder, XMage compiles every `*.java`), so one left by a
killed run is never taken for a card; the next export or install removes it."""
_TEMP_COUNTER = itertools.count()
MANIFEST = ".cardgen-manifest"
"""Lists, under each output root, the files cardgen wrote there. Only those can ever be called stale or
pruned: a file cardgen did not write (a hand-written script, notes, an engine's own file when OUT points
into a checkout) is never touched."""


class UnsafePathError(ValueError):
    """A relative path that would leave the output folder or is not portable."""


def safe_relative(relative: str) -> PurePosixPath:
    """Check a generated relative path: POSIX, relative, no `..`, no empty or hidden segments."""
    if not relative or "\\" in relative or "\x00" in relative:
        raise UnsafePathError(f"unsafe output path {relative!r}")
    segments = relative.split("/")
    if any(segment in ("", ".", "..") or segment.startswith(".") for segment in segments):
        raise UnsafePathError(f"unsafe output path {relative!r}")
    return PurePosixPath(*segments)


def resolve_inside(root: Path, relative: str) -> Path:
    """`root/relative`, guaranteed (after resolving symlinks) to stay inside `root`."""
    target = root.joinpath(*safe_relative(relative).parts)
    resolved_root = root.resolve()
    resolved = target.resolve()
    if resolved != resolved_root and resolved_root not in resolved.parents:
        raise UnsafePathError(f"output path {relative!r} resolves outside {root}")
    return target


def temporary_name() -> str:
    """A fresh temporary file name, unique among live processes (see `TEMP_PREFIX`)."""
    return f"{TEMP_PREFIX}{os.getpid()}-{next(_TEMP_COUNTER)}"


def atomic_write(path: Path, data: bytes) -> None:
    """Write `data` to `path` through a temporary file in the same folder and an atomic rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    _replace_atomically(str(path), data)


def _replace_atomically(target: str, data: bytes) -> None:
    """The temporary-file-and-rename write, with plain system calls (the folder exists)."""
    temporary = _temporary_path(target)
    _write_temporary(temporary, data)
    try:
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def stage_file(target: str, data: bytes, record: list[str] | None = None) -> str:
    """Write `data` to a fresh temporary sibling of `target` (whose folder exists) and return its path; the
    caller renames it into place or removes it (`discard_staged`). A failed write leaves nothing. The path
    is appended to `record` before the file is made, so an exception raised at any moment (a signal's)
    still lets the caller remove it."""
    temporary = _temporary_path(target)
    if record is not None:
        record.append(temporary)
    _write_temporary(temporary, data)
    return temporary


def discard_staged(temporaries: Iterable[str]) -> None:
    """Remove staged temporary files (those already renamed or gone are skipped)."""
    for temporary in temporaries:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def _temporary_path(target: str) -> str:
    """The temporary sibling `target` is written through (removed as a leftover if never renamed)."""
    return os.path.join(os.path.dirname(target), temporary_name())


def _write_temporary(temporary: str, data: bytes) -> None:
    """Write `data` to the temporary file, removing it again if the write fails."""
    try:
        descriptor = os.open(temporary, _WRITE_FLAGS, 0o666)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(descriptor, view):]
        finally:
            os.close(descriptor)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


_WRITE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)

@dataclass(slots=True)
class WriteSummary:
    """What an export did, as sorted relative paths."""

    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)

    def merge(self, other: WriteSummary, prefix: str) -> None:
        for name in ("written", "unchanged", "stale", "removed"):
            getattr(self, name).extend(f"{prefix}/{item}" for item in getattr(other, name))


def _scan(root: Path) -> tuple[list[str], list[str]]:
    """One walk of `root` (symlinked folders not entered): the relative POSIX paths of its regular files,
    and the absolute paths of temporary leftovers. Symlinks are not listed: cardgen writes none, so one is
    the user's and is left alone."""
    files: list[str] = []
    leftovers: list[str] = []
    if not root.is_dir():
        return files, leftovers
    pending = [(str(root), "")]
    while pending:
        folder, prefix = pending.pop()
        try:
            with os.scandir(folder) as scan:
                entries = list(scan)
        except PermissionError:
            continue
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False):
                    pending.append((entry.path, f"{prefix}{entry.name}/"))
                    continue
                is_file = entry.is_file(follow_symlinks=False)
            except OSError:
                continue
            if not is_file:
                continue  # a symlink, FIFO, socket or device: never cardgen's, never stale, never removed
            if entry.name.startswith(TEMP_PREFIX):
                leftovers.append(entry.path)
            elif not (prefix == "" and entry.name in (MANIFEST, STATE)):
                files.append(prefix + entry.name)
    files.sort()
    return files, leftovers


def scan_tree(root: Path) -> tuple[list[str], list[str]]:
    """The regular files under `root` (relative POSIX paths, sorted; the manifest, the state and temporary
    leftovers left out) and the leftovers (absolute paths)."""
    return _scan(root)


def existing_files(root: Path) -> list[str]:
    """Relative POSIX paths of the files under `root` (temporary leftovers excluded), sorted."""
    return _scan(root)[0]


def remove_temporary_leftovers(root: Path) -> list[str]:
    """Temporary files left under `root` by a killed export or install are garbage: the rename never
    happened. Call it holding the folder's lock (`cardgen.lock`), so no live run's file is taken. Returns
    the paths removed."""
    removed = []
    for leftover in _scan(root)[1]:
        with contextlib.suppress(OSError):
            os.unlink(leftover)
            removed.append(leftover)
    return removed


class _Targets:
    """`resolve_inside` for many paths under one root: the root and each folder are resolved once (not
    once per file), and a file's own `lstat` tells whether it needs resolving itself (a symlink)."""

    def __init__(self, root: Path) -> None:
        self.root = str(root)
        self.resolved_root = os.path.realpath(root)
        self.inside = self.resolved_root.rstrip("/") + "/"
        self.folders: dict[str, str] = {}

    def locate(self, relative: str) -> tuple[str, os.stat_result | None]:
        """The target path of `relative` and its `lstat` (None: absent, or a symlink; `ABSENT` when
        nothing is there at all). Raises `UnsafePathError` as `resolve_inside` does."""
        target = os.path.join(self.root, *safe_relative(relative).parts)
        folder, name = os.path.split(target)
        resolved_folder = self.folders.get(folder)
        if resolved_folder is None:
            resolved_folder = self.folders[folder] = os.path.realpath(folder)
        try:
            status: os.stat_result | None = os.lstat(target)
        except FileNotFoundError:
            status = ABSENT
        except (OSError, ValueError):
            status = None
        if status is not None and status is not ABSENT and stat.S_ISLNK(status.st_mode):
            resolved = os.path.realpath(target)
            status = None
        else:
            resolved = os.path.join(resolved_folder, name)
        if resolved != self.resolved_root and not resolved.startswith(self.inside):
            raise UnsafePathError(f"output path {relative!r} resolves outside {self.root}")
        return target, status


ABSENT = os.stat_result((0,) * 10)
"""What `_Targets.locate` gives for a target nothing is at (no second look needed)."""


def _same_bytes(target: str, status: os.stat_result | None, data: bytes) -> bool:
    """Whether the file at `target` holds exactly `data`; a size that differs answers without reading."""
    if status is ABSENT:
        return False
    if status is None:
        path = Path(target)
        return path.is_file() and path.read_bytes() == data  # absent, or a symlink: the plain way
    if not stat.S_ISREG(status.st_mode) or status.st_size != len(data):
        return False
    try:
        descriptor = os.open(target, _READ_FLAGS)
    except OSError:
        return False
    try:
        chunks = []
        while True:
            chunk = os.read(descriptor, len(data) + 1)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(descriptor)
    return b"".join(chunks) == data


class TreeWriter:
    """Brings `root` to hold files given one at a time, so an export never holds every text at once.

    `add` compares each file with what is on disk as soon as it is rendered; a file whose bytes change
    is written at once to a temporary sibling (a file already right is left alone, timestamp and all).
    Nothing visible changes until `finish`, which renames each temporary file over its target (each
    replacement atomic), reports stale files (removing them with `prune`) and updates the manifest;
    `discard` instead removes the temporary files and the folders `add` created, so an export that
    fails half-way through rendering leaves the tree as it was. With `check_only` nothing is written.
    `stale_scope` lists the relative folders whose extra files count as stale (None: the whole root),
    so exporting one set does not call the other sets' cards stale.
    """

    def __init__(self, root: Path, *, stale_scope: Iterable[str] | None = None, check_only: bool = False) -> None:
        self.root = root
        self.check_only = check_only
        self._scopes = None if stale_scope is None else tuple(stale_scope)
        self._existing, leftovers = _scan(root)
        if not check_only:
            for leftover in leftovers:  # the caller holds the folder's lock: no live run owns these
                with contextlib.suppress(OSError):
                    os.unlink(leftover)
        self._targets = _Targets(root)
        self._on_disk = {fold(relative): relative for relative in self._existing}
        self._added: dict[str, str] = {}
        """Folded relative path -> the path added under it (see `_refuse_case_twin`)."""
        self._staged: dict[str, tuple[str, str]] = {}
        """relative -> (temporary file, target) of each file to be replaced."""
        self._unchanged: set[str] = set()
        self._created: list[str] = []
        self._folders: set[str] = set()
        """Folders known to exist (looked at once, not once per file)."""
        self.digests: dict[str, str] = {}
        """relative -> the digest of the bytes added there (`cardgen.freshness`)."""
        self.listed: list[str] = []
        """After `finish`: what the manifest lists."""
        self.others: list[str] = []
        """After `finish`: the files under the root that are not cardgen's (the manifest does not list them)."""

    def add(self, relative: str, text: str) -> None:
        """One generated file (UTF-8, the LF endings the renderers produce); a later `add` of the same
        path wins. Raises `UnsafePathError` for a path that would leave the root."""
        self._refuse_case_twin(relative)
        target, status = self._targets.locate(relative)
        data = text.encode("utf-8")
        self._forget(relative)
        self.digests[relative] = digest_bytes(data)
        if _same_bytes(target, status, data):
            self._unchanged.add(relative)
            return
        temporary = _temporary_path(target)
        self._staged[relative] = (temporary, target)
        if self.check_only:
            return
        folder = os.path.dirname(target)
        if folder not in self._folders:
            if not os.path.isdir(folder):
                self._make_folders(folder)
            self._folders.add(folder)
        _write_temporary(temporary, data)

    def _refuse_case_twin(self, relative: str) -> None:
        """A file whose path differs only in case (or Unicode form) from a file already there, or from
        another file added: on Windows and macOS both are one file, so writing one would replace the other."""
        key = fold(relative)
        twin = self._added.setdefault(key, relative)
        if twin == relative:
            twin = self._on_disk.get(key, relative)
        if twin != relative:
            raise UnsafePathError(f"output path {relative!r} differs only in case from {twin!r}, one file on "
                                  "Windows and macOS; rename or move the other file")

    def _forget(self, relative: str) -> None:
        self._unchanged.discard(relative)
        staged = self._staged.pop(relative, None)
        if staged is not None and not self.check_only:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(staged[0])

    def _make_folders(self, folder: str) -> None:
        missing = []
        while folder and not os.path.isdir(folder):
            missing.append(folder)
            folder = os.path.dirname(folder)
        os.makedirs(missing[0], exist_ok=True)
        self._created.extend(reversed(missing))

    def discard(self) -> None:
        """Undo every `add`: the temporary files and the folders made for them are removed."""
        if not self.check_only:
            for temporary, _target in self._staged.values():
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(temporary)
            for folder in reversed(self._created):
                with contextlib.suppress(OSError):
                    os.rmdir(folder)
        self._staged.clear()
        self._created.clear()
        self._folders.clear()

    def finish(self, *, prune: bool = False, progress: Callable[[int], object] | None = None) -> WriteSummary:
        """Put the changed files in place and judge staleness; `progress` is called with 1 per file."""
        summary = WriteSummary(written=sorted(self._staged), unchanged=sorted(self._unchanged))
        produced = self._unchanged | self._staged.keys()
        written_before = read_manifest(self.root)
        for relative in self._existing:
            if relative in produced or relative not in written_before:
                continue
            if self._scopes is None or any(relative == scope or relative.startswith(scope.rstrip("/") + "/")
                                           for scope in self._scopes):
                summary.stale.append(relative)
        if self.check_only:
            return summary
        forget_state(self.root)  # the tree changes: what an earlier export recorded no longer holds
        for relative in summary.written:
            temporary, target = self._staged[relative]
            os.replace(temporary, target)
            del self._staged[relative]  # only once in place: interrupted before, `discard` still removes it
            if progress is not None:
                progress(1)
        if prune:
            for relative in summary.stale:
                if _remove_stale(self.root, relative):
                    summary.removed.append(relative)
            _remove_emptied_folders(self.root, summary.removed)
        self._created.clear()
        still_there = (written_before & set(self._existing)) - set(summary.removed)
        listed = still_there | produced
        _write_manifest(self.root, listed)
        self.listed = sorted(listed)
        gone = set(summary.removed)
        self.others = [relative for relative in self._existing if relative not in listed and relative not in gone]
        return summary


def _fill(writer: TreeWriter, files: Mapping[str, str]) -> TreeWriter:
    try:
        for relative in sorted(files):
            writer.add(relative, files[relative])
    except BaseException:
        writer.discard()
        raise
    return writer


def plan_tree(root: Path, files: Mapping[str, str], *, stale_scope: Iterable[str] | None = None) -> WriteSummary:
    """Compare `files` with what is on disk under `root`, without writing (see `TreeWriter`)."""
    return _fill(TreeWriter(root, stale_scope=stale_scope, check_only=True), files).finish()


def write_tree(
    root: Path,
    files: Mapping[str, str],
    *,
    prune: bool = False,
    stale_scope: Iterable[str] | None = None,
    progress: Callable[[int], object] | None = None,
) -> WriteSummary:
    """Bring `root` to hold `files` (text, written as UTF-8 with the LF endings the renderers produce).

    Only changed files are rewritten; stale files are reported, and removed when `prune` is set.
    `progress` is called with 1 after each file written (for a progress bar).
    """
    return _fill(TreeWriter(root, stale_scope=stale_scope), files).finish(prune=prune, progress=progress)


def read_manifest(root: Path) -> set[str]:
    """The relative paths cardgen wrote under `root` before (empty when it never wrote there)."""
    try:
        text = (root / MANIFEST).read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return set()
    return {line for line in text.split("\n") if line and not line.startswith("#")}


def _write_manifest(root: Path, entries: set[str]) -> None:
    text = "# Files written by `cardgen export`; only these are ever reported stale or pruned.\n"
    text += "".join(f"{entry}\n" for entry in sorted(entries))
    target = root / MANIFEST
    try:
        if target.read_bytes() == text.encode("utf-8"):
            return
    except OSError:
        pass
    root.mkdir(parents=True, exist_ok=True)
    atomic_write(target, text.encode("utf-8"))


def _remove_stale(root: Path, relative: str) -> bool:
    """Remove a stale file cardgen wrote: only a regular file (a symlink or other file put in its place is
    the user's), only inside `root` (no folder on the way may lead out), and never an error if it is gone."""
    try:
        target = resolve_inside(root, relative)
        if not stat.S_ISREG(os.lstat(target).st_mode):
            return False
        os.unlink(target)
    except (OSError, UnsafePathError):
        return False
    return True


def _remove_emptied_folders(root: Path, removed: Iterable[str]) -> None:
    """Remove the folders that pruning emptied, innermost first, up to (not including) `root`: a folder
    that held a file cardgen wrote. Any other folder - a user's empty one, a symlink - stays."""
    folders = {PurePosixPath(relative).parent for relative in removed}
    candidates = {ancestor for folder in folders for ancestor in (folder, *folder.parents) if ancestor.parts}
    for folder in sorted(candidates, key=lambda f: len(f.parts), reverse=True):
        path = root.joinpath(*folder.parts)
        with contextlib.suppress(OSError):  # not empty, gone, or a symlink (rmdir refuses one): left alone
            if not path.is_symlink():
                path.rmdir()
