"""Writing generated trees: atomically, only what changed, never outside the output folder.

Each file is written to a temporary sibling and renamed over the target, so a reader (or an export
killed half-way) sees every file either old or new, never partial. Files whose bytes are already right
are not touched, so re-exporting after editing one spec rewrites only that card's files and keeps
timestamps (and engine build caches) of the rest.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

TEMP_PREFIX = ".cardgen-tmp-"


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


def atomic_write(path: Path, data: bytes) -> None:
    """Write `data` to `path` through a temporary file in the same folder and an atomic rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.parent / f"{TEMP_PREFIX}{os.getpid()}-{path.name}"
    try:
        with open(temporary, "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


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


def existing_files(root: Path) -> list[str]:
    """Relative POSIX paths of the files under `root` (temporary leftovers excluded), sorted."""
    if not root.is_dir():
        return []
    found = []
    for path in root.rglob("*"):
        if path.is_file() and not path.name.startswith(TEMP_PREFIX):
            found.append(path.relative_to(root).as_posix())
    return sorted(found)


def remove_temporary_leftovers(root: Path) -> None:
    """Temporary files left by a killed export are garbage: the rename never happened."""
    if root.is_dir():
        for path in root.rglob(f"{TEMP_PREFIX}*"):
            if path.is_file():
                path.unlink(missing_ok=True)


def plan_tree(root: Path, files: Mapping[str, str], *, stale_scope: Iterable[str] | None = None) -> WriteSummary:
    """Compare `files` with what is on disk under `root`, without writing.

    `stale_scope` lists the relative folders whose extra files count as stale (None: the whole root), so
    exporting one set does not call the other sets' cards stale.
    """
    summary = WriteSummary()
    for relative in sorted(files):
        target = resolve_inside(root, relative)
        data = files[relative].encode("utf-8")
        if target.is_file() and target.read_bytes() == data:
            summary.unchanged.append(relative)
        else:
            summary.written.append(relative)
    scopes = None if stale_scope is None else tuple(stale_scope)
    for relative in existing_files(root):
        if relative in files:
            continue
        if scopes is None or any(relative == scope or relative.startswith(scope.rstrip("/") + "/") for scope in scopes):
            summary.stale.append(relative)
    return summary


def write_tree(
    root: Path,
    files: Mapping[str, str],
    *,
    prune: bool = False,
    stale_scope: Iterable[str] | None = None,
) -> WriteSummary:
    """Bring `root` to hold `files` (text, written as UTF-8 with the LF endings the renderers produce).

    Only changed files are rewritten; stale files are reported, and removed when `prune` is set.
    """
    remove_temporary_leftovers(root)
    summary = plan_tree(root, files, stale_scope=stale_scope)
    for relative in summary.written:
        atomic_write(resolve_inside(root, relative), files[relative].encode("utf-8"))
    if prune:
        for relative in summary.stale:
            resolve_inside(root, relative).unlink()
            summary.removed.append(relative)
        _remove_empty_folders(root)
    return summary


def _remove_empty_folders(root: Path) -> None:
    for folder in sorted((p for p in root.rglob("*") if p.is_dir()), key=lambda p: len(p.parts), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()
