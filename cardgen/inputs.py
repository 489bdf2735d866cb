"""Reading input files without surprises: the one place every reader of user files goes through.

Specs, set files, scenarios, `cardgen new --data` files and files read from an engine checkout are all
opened here, because each of them is a path a user (or a pull request) chose, and a path can be more
than a file: a symbolic link to a secret elsewhere on the machine (whose content an error message would
then print in a CI log), a FIFO or a device such as `/dev/zero` (a read that blocks for ever or never
ends), a link loop, a folder. So before anything is opened:

- the path is `lstat`ed; a symbolic link is resolved, and refused when it loops, dangles, or (when the
  caller gives roots) leads outside every root;
- the target is `stat`ed and must be a regular file; anything else is refused at once, before `open`;
- the file is opened with `O_NONBLOCK` (so even a FIFO swapped in after the check cannot block the
  open) and `O_NOFOLLOW` on its resolved path, `fstat`ed again, and read up to a size limit.

A refusal is a `Refusal` with a short message naming the kind of file, never its content; each caller
turns it into its own diagnostic (so a skipped file is reported, not silently dropped).
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
               | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0))


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a path was not read. `reason` is one of: missing, link-loop, link-dangling, link-outside,
    folder, special, too-large, unreadable. `message` is shown to the user and names no content."""

    reason: str
    message: str
    size: int | None = None


class InputRefused(Exception):
    """A path was refused (see `Refusal`)."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal


def kind_of(mode: int) -> str:
    """What a file mode is, in words: "a FIFO", "a character device", ..."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "not a regular file"


def real_roots(roots: Sequence[Path | str]) -> tuple[str, ...]:
    """The resolved forms of `roots`, ready for `resolve_input`."""
    return tuple(os.path.realpath(root) for root in roots)


def inside(real: str, roots: Sequence[str]) -> bool:
    """Whether the resolved path `real` is one of `roots` (resolved) or inside one."""
    return any(real == root or real.startswith(root.rstrip(os.sep) + os.sep) for root in roots)


def resolve_input(path: Path | str, roots: Sequence[str] | None = None) -> tuple[str, os.stat_result] | Refusal:
    """The resolved path of a regular file and its `stat`, or why it is refused. `roots` (resolved, see
    `real_roots`): where a symbolic link may lead; None: anywhere (a file the user named on purpose)."""
    name = os.fspath(path)
    try:
        status = os.lstat(name)
    except FileNotFoundError:
        return Refusal("missing", "no such file")
    except OSError as error:
        return Refusal("unreadable", f"cannot read it: {error.strerror or error}")
    real = name
    if stat.S_ISLNK(status.st_mode):
        try:
            real = os.path.realpath(name, strict=True)
        except FileNotFoundError:
            return Refusal("link-dangling", "a symbolic link to a file that does not exist")
        except OSError as error:
            if error.errno == errno.ELOOP:
                return Refusal("link-loop", "a symbolic link loop")
            return Refusal("unreadable", f"cannot follow the symbolic link: {error.strerror or error}")
        if roots is not None and not inside(real, roots):
            return Refusal("link-outside", "a symbolic link that leads outside the folders given (not followed)")
        try:
            status = os.stat(real)
        except OSError as error:
            return Refusal("unreadable", f"cannot read it: {error.strerror or error}")
    elif roots is not None:
        # A real file under a linked parent folder can lead outside the roots too.
        real = os.path.realpath(name)
        if not inside(real, roots):
            return Refusal("link-outside", "it lies (through a symbolic link) outside the folders given (not followed)")
    if not stat.S_ISREG(status.st_mode):
        return Refusal("folder" if stat.S_ISDIR(status.st_mode) else "special",
                       f"{kind_of(status.st_mode)}, not a regular file")
    return real, status


def read_limited(path: Path | str, limit: int, roots: Sequence[str] | None = None) -> bytes | Refusal:
    """The bytes of a regular file of at most `limit` bytes (see the module docstring), or why not."""
    found = resolve_input(path, roots)
    if isinstance(found, Refusal):
        return found
    real, status = found
    if status.st_size > limit:
        return Refusal("too-large", f"the file is {status.st_size} bytes; the limit is {limit}", status.st_size)
    try:
        descriptor = os.open(real, _OPEN_FLAGS)
    except OSError as error:
        return Refusal("unreadable", f"cannot open it: {error.strerror or error}")
    try:
        opened = os.fstat(descriptor)
        if not stat.S_ISREG(opened.st_mode):  # swapped for something else since the check
            return Refusal("special", f"{kind_of(opened.st_mode)}, not a regular file")
        size = opened.st_size
        if size > limit:
            return Refusal("too-large", f"the file is {size} bytes; the limit is {limit}", size)
        # Ask for the size the file has, plus one byte to notice growth (asking for the limit would
        # allocate it for every file).
        data = os.read(descriptor, size + 1)
        if len(data) <= size:
            return data  # a short read of a regular file is its end
        chunks = [data]
        total = len(data)
        while total <= limit:
            chunk = os.read(descriptor, min(limit + 1 - total, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            return Refusal("too-large", f"the file grew past the limit of {limit} bytes while being read", total)
        return b"".join(chunks)
    except OSError as error:
        return Refusal("unreadable", f"cannot read it: {error.strerror or error}")
    finally:
        os.close(descriptor)


def open_binary(path: Path | str, roots: Sequence[str] | None = None) -> BinaryIO:
    """A regular file opened for reading in binary (for streams too large to read whole, such as card
    data). Raises `InputRefused` for anything `resolve_input` refuses."""
    found = resolve_input(path, roots)
    if isinstance(found, Refusal):
        raise InputRefused(found)
    real, _ = found
    try:
        descriptor = os.open(real, _OPEN_FLAGS)
    except OSError as error:
        raise InputRefused(Refusal("unreadable", f"cannot open it: {error.strerror or error}")) from None
    opened = os.fstat(descriptor)
    if not stat.S_ISREG(opened.st_mode):
        os.close(descriptor)
        raise InputRefused(Refusal("special", f"{kind_of(opened.st_mode)}, not a regular file"))
    if hasattr(os, "set_blocking"):
        os.set_blocking(descriptor, True)  # a regular file: reads never block anyway
    return os.fdopen(descriptor, "rb")


def read_text(path: Path | str, limit: int, roots: Sequence[str] | None = None) -> str | Refusal:
    """`read_limited` decoded as UTF-8 (a refusal "unreadable" when it is not UTF-8)."""
    data = read_limited(path, limit, roots)
    if isinstance(data, Refusal):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        return Refusal("unreadable", f"not UTF-8 text (byte {error.start})")


MAX_FOLDER_DEPTH = 64
"""Folders nested deeper than this are not searched (and reported), so a walk never meets Python's
recursion limit."""

ENGINE_FILE_LIMIT = 64 << 20
"""Largest engine file read from a checkout (XMage's largest set class is a few hundred kilobytes)."""


def within_root(paths: Sequence[Path], root: Path, skipped: list[tuple[Path, str]] | None = None) -> list[Path]:
    """The `paths` that are regular files, or links to regular files, inside `root` (a checkout being
    read): a link out of it, a loop, a FIFO or device is left out (and added to `skipped` with why), so
    nothing outside the checkout is ever read and echoed, and nothing blocks."""
    roots = real_roots([root])
    kept: list[Path] = []
    for path in paths:
        found = resolve_input(path, roots)
        if isinstance(found, Refusal):
            if skipped is not None:
                skipped.append((path, found.message))
        else:
            kept.append(path)
    return kept


def find_files(paths: Sequence[Path],
               suffixes: tuple[str, ...]) -> tuple[list[Path], list[tuple[Path, str]], tuple[str, ...]]:
    """The files named `*<suffix>` under `paths` (folders searched, linked folders not entered; files as
    given), sorted and de-duplicated; the entries skipped, each with why (a link out of the roots, a
    loop, a FIFO, a linked folder, an unreadable folder); and the roots (resolved): each folder given,
    and the folder above a file's own folder for a file given (`scenarios/` of `scenarios/blb/x.yaml`).
    A path that does not exist is returned as a file (its reader reports it)."""
    roots = real_roots([path if path.is_dir() else path.absolute().parent.parent for path in paths])
    found: dict[str, Path] = {}
    skipped: list[tuple[Path, str]] = []

    def search(folder: Path, depth: int = 0) -> None:
        try:
            with os.scandir(folder) as scan:
                entries = sorted(scan, key=lambda entry: entry.name)
        except OSError as error:
            skipped.append((folder, f"the folder cannot be read ({error.strerror or error}); skipped"))
            return
        for entry in entries:
            candidate = folder / entry.name
            try:
                if entry.is_dir(follow_symlinks=False):
                    if depth >= MAX_FOLDER_DEPTH:
                        skipped.append((candidate, f"folders nested deeper than {MAX_FOLDER_DEPTH} levels; "
                                                   "not searched"))
                    else:
                        search(candidate, depth + 1)
                    continue
                plain = entry.is_file(follow_symlinks=False)
            except OSError:
                plain = False
            if not entry.name.endswith(suffixes):
                if entry.is_symlink() and os.path.isdir(candidate):
                    skipped.append((candidate, "a symbolic link to a folder; not searched"))
                continue
            if plain:
                found.setdefault(os.path.realpath(candidate), candidate)
                continue
            vetted = resolve_input(candidate, roots)
            if isinstance(vetted, Refusal):
                skipped.append((candidate, vetted.message))
            else:
                found.setdefault(vetted[0], candidate)

    for path in paths:
        if path.is_dir():
            search(path)
        else:
            found.setdefault(os.path.realpath(path), path)
    return sorted(found.values()), skipped, roots


__all__ = ["ENGINE_FILE_LIMIT", "InputRefused", "Refusal", "find_files", "inside", "kind_of", "open_binary",
           "read_limited", "read_text", "real_roots", "resolve_input", "within_root"]
