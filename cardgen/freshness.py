"""Whether an output tree already holds what an export would write, known without rendering anything.

An export is a function of its inputs: the spec and scenario files under the paths it is given, the
templates, cardgen's own code and the versions of the libraries it runs on, and its options. After each
export, every output root gets a local state file (`.cardgen-state`, beside `.cardgen-manifest`) that
says which inputs produced the files there (one digest over all of them, the *key*), what the run
reported (its diagnostics, replayed as they were), and what it left in the tree (each file it produced
with its `lstat` and a digest of its bytes, and the names of every other file). The next export (or
`--check`) computes the key again; when it is the same and the tree is as the state left it, the result
of a full run is known: nothing to write, the same diagnostics, the same stale files. Anything else -
a different key, a file edited, added or deleted in the output, a temporary leftover, a state written by
another version - and the export runs in full, and writes a new state.

Reading every input file on each run would cost more than the rest of a run with nothing to do, so
digests of files are memoised by their `lstat` (size, mtime, ctime, inode), as git's index does: an entry
is trusted only when its timestamps were older than the moment it was taken by more than the coarsest
file-system clock (`RACY_NS`), so a file changed right after its digest was taken is read again, never
taken as unchanged.

The state is machine-local (timestamps, inodes, absolute paths), so it is never committed; the manifest
is what the repository keeps. The input trees are walked as a whole, not the files the loader picks, so
nothing the loader might read is left out: a folder holding a symbolic link, a FIFO or anything but
folders and regular files, or nested too deep, is simply never judged fresh.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

STATE = ".cardgen-state"
"""The local state file under each output root (see the module docstring); never listed as output."""
VERSION = 1
RACY_NS = 2_000_000_000
"""A memoised digest is trusted only for a file whose mtime and ctime were older than this when it was
taken (2 s: the coarsest timestamps of common file systems, FAT's)."""
MAX_DEPTH = 64
"""Deeper input trees are never judged fresh (the loaders refuse to search them)."""
INPUT_SUFFIXES = (".yaml", ".yml")
"""The files of an input tree whose bytes can matter; of the others only the names are keyed."""
DEPENDENCIES = ("pydantic", "pydantic_core", "yaml", "jinja2", "markupsafe", "click")
"""The libraries whose installed files (their `RECORD`) are part of the code's fingerprint."""

StatKey = tuple[int, int, int, int]
"""size, mtime_ns, ctime_ns, inode."""


def _stat_key(status: os.stat_result) -> StatKey:
    return (status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino)


def digest_bytes(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


class Unjudgeable(Exception):
    """An input tree holds something whose effect on the loaders is not keyed (a link, a FIFO...)."""


@dataclass
class DigestMemo:
    """Digests of files by path, reused while their `lstat` is unchanged (see the module docstring).

    `entries`: path -> (size, mtime_ns, ctime_ns, inode, trusted, digest). `used` holds the entries looked
    at in this run, which is what gets stored again (files no longer read are forgotten)."""

    entries: dict[str, list[Any]] = field(default_factory=dict)
    used: dict[str, list[Any]] = field(default_factory=dict)
    reread: int = 0
    """How many files were read because their entry could not be trusted."""

    def digest(self, path: str, status: os.stat_result | None = None) -> str:
        """The digest of the regular file at `path` (absolute); raises OSError if it cannot be read."""
        before = time.time_ns()
        if status is None:
            status = os.lstat(path)
        key = _stat_key(status)
        entry = self.entries.get(path)
        if entry is not None and entry[4] and tuple(entry[:4]) == key:
            self.used[path] = entry
            return str(entry[5])
        with open(path, "rb") as handle:
            data = handle.read()
        self.reread += 1
        value = digest_bytes(data)
        trusted = max(status.st_mtime_ns, status.st_ctime_ns) < before - RACY_NS
        self.used[path] = [*key, trusted, value]
        return value


def _walk(folder: str, memo: DigestMemo, out: list[str], prefix: str = "", depth: int = 0) -> None:
    """Every entry under `folder` into `out`, sorted: folders by name, other files by name, `*.yaml` and
    `*.yml` files with their digest. Raises `Unjudgeable` for anything else."""
    if depth > MAX_DEPTH:
        raise Unjudgeable(f"{folder}: nested too deep")
    with os.scandir(folder) as scan:
        entries = sorted(scan, key=lambda entry: entry.name)
    for entry in entries:
        name = prefix + entry.name
        if entry.is_dir(follow_symlinks=False):
            out.append(f"d {name}")
            _walk(entry.path, memo, out, name + "/", depth + 1)
        elif entry.is_file(follow_symlinks=False):
            if entry.name.endswith(INPUT_SUFFIXES):
                out.append(f"f {name} {memo.digest(os.path.abspath(entry.path), entry.stat(follow_symlinks=False))}")
            else:
                out.append(f"o {name}")
        else:
            raise Unjudgeable(f"{entry.path}: not a folder or regular file")


def _input_path(path: Path, memo: DigestMemo, out: list[str]) -> None:
    """One path a command was given: a folder walked whole; a file with the spec root it sits in (its
    folder's parent, where the loaders look for its sets and where its links may lead); a missing path."""
    name = os.fspath(path)
    out.append(f"given {name}")
    try:
        status = os.stat(name)
    except FileNotFoundError:
        out.append("missing")
        return
    if stat.S_ISDIR(status.st_mode):
        _walk(name, memo, out)
    elif stat.S_ISREG(status.st_mode):
        if os.path.islink(name):
            raise Unjudgeable(f"{name}: a symbolic link")
        out.append(f"file {memo.digest(os.path.abspath(name))}")
        root = os.path.dirname(os.path.dirname(os.path.abspath(name)))
        out.append(f"root {root}")
        _walk(root, memo, out)
    else:
        raise Unjudgeable(f"{name}: not a folder or regular file")


def _code_tree(root: Path, memo: DigestMemo, out: list[str]) -> None:
    """Every file of cardgen's package or templates (compiled bytecode aside), with its digest."""
    pending = [(str(root), "")]
    found: list[tuple[str, str, os.stat_result]] = []
    while pending:
        folder, prefix = pending.pop()
        with os.scandir(folder) as scan:
            for entry in scan:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name != "__pycache__":
                        pending.append((entry.path, f"{prefix}{entry.name}/"))
                elif not entry.name.endswith((".pyc", ".pyo")):
                    found.append((prefix + entry.name, entry.path, entry.stat()))
    for relative, path, status in sorted(found):
        out.append(f"c {relative} {memo.digest(os.path.abspath(path), status)}")


def _dependency_records(memo: DigestMemo, out: list[str]) -> None:
    """The `RECORD` of each library in `DEPENDENCIES` (the hash of every file pip installed), found
    beside the package without importing it."""
    import importlib.util

    listed: dict[str, list[str]] = {}
    for name in DEPENDENCIES:
        spec = importlib.util.find_spec(name)
        origin = spec.origin if spec is not None else None
        if not origin:
            out.append(f"dep {name} absent")
            continue
        package = os.path.dirname(origin) if os.path.basename(origin).startswith("__init__.") else origin
        site = os.path.dirname(package)
        if site not in listed:
            try:
                listed[site] = sorted(entry for entry in os.listdir(site) if entry.endswith(".dist-info"))
            except OSError:
                listed[site] = []
        wanted = {"yaml": "pyyaml"}.get(name, name).replace("_", "-").lower()
        records = [entry for entry in listed[site]
                   if entry.rsplit("-", 1)[0].replace("_", "-").lower() == wanted]
        out.append(f"dep {name} {origin}")
        for record in records:
            path = os.path.join(site, record, "RECORD")
            out.append(f"record {record} {memo.digest(path) if os.path.exists(path) else 'none'}")


def code_parts(memo: DigestMemo) -> list[str]:
    """What the code's fingerprint covers: Python, cardgen's package and templates, the libraries."""
    import cardgen
    from cardgen.templates_path import templates_dir

    out = [f"python {sys.version} {sys.implementation.name} {sys.platform}", f"cardgen {cardgen.__version__}"]
    _code_tree(Path(cardgen.__file__).resolve().parent, memo, out)
    out.append("templates")
    _code_tree(templates_dir(), memo, out)
    _dependency_records(memo, out)
    return out


def export_key(memo: DigestMemo, code: Sequence[str], engine: str, spec_paths: Sequence[Path],
               scenario_paths: Sequence[Path], set_codes: Iterable[str] | None) -> str | None:
    """The digest of everything an export's files and diagnostics under one engine's root depend on, or
    None when the inputs cannot be judged (see `Unjudgeable`)."""
    parts = [f"cardgen export state {VERSION}", *code, f"engine {engine}",
             f"sets {' '.join(sorted(set_codes)) if set_codes is not None else '*'}", "specs"]
    try:
        for path in spec_paths:
            _input_path(path, memo, parts)
        parts.append("scenarios")
        if engine == "xmage":  # only XMage's tests are made from the scenarios
            for path in scenario_paths:
                _input_path(path, memo, parts)
    except (Unjudgeable, OSError):
        return None
    return digest_bytes("\n".join(parts).encode("utf-8", "surrogateescape"))


# ------------------------------------------------------------------------------------ the state


@dataclass
class State:
    """What one export left under one output root (see the module docstring)."""

    key: str
    diagnostics: list[Any]
    """The spec diagnostics the run reported (plain rows, `cardgen.diagnostics.diagnostics_out`)."""
    problems: list[Any]
    """This engine's rendering diagnostics, in the order the run met them."""
    produced: dict[str, list[Any]]
    """Each file the run produced: size, mtime_ns, ctime_ns, inode, trusted, digest."""
    listed: list[str]
    """What the manifest lists (produced files, and files written earlier that are still there)."""
    stale: list[str]
    """The listed files the run did not produce (reported stale)."""
    others: list[str]
    """Every other file under the root (not cardgen's: only their names matter)."""
    memo: dict[str, list[Any]]
    """The digests of the input and code files (`DigestMemo.entries`)."""

    def to_json(self) -> str:
        return json.dumps({"version": VERSION, **self.__dict__}, separators=(",", ":"), ensure_ascii=False)


def read_state(root: Path) -> State | None:
    """The state under `root`, or None: absent, unreadable, or written by another version."""
    try:
        with open(root / STATE, "rb") as handle:
            data = json.loads(handle.read())
        if data.pop("version", None) != VERSION:
            return None
        return State(**data)
    except (OSError, ValueError, TypeError):
        return None


def forget_state(root: Path) -> None:
    """Remove the state before a tree is changed, so a run that stops half-way leaves none behind."""
    with contextlib.suppress(OSError):
        os.unlink(root / STATE)


def write_state(root: Path, state: State) -> None:
    """Store the state (atomically; a state that cannot be written only costs the next run its speed)."""
    from cardgen.output import atomic_write

    try:
        atomic_write(root / STATE, state.to_json().encode("utf-8"))
    except OSError:
        forget_state(root)


def produced_entries(root: Path, digests: Mapping[str, str]) -> dict[str, list[Any]]:
    """The state's entry of each produced file (`digests`: relative path -> digest of its bytes)."""
    before = time.time_ns()
    out: dict[str, list[Any]] = {}
    for relative, value in sorted(digests.items()):
        status = os.lstat(os.path.join(root, *relative.split("/")))
        trusted = max(status.st_mtime_ns, status.st_ctime_ns) < before - RACY_NS
        out[relative] = [*_stat_key(status), trusted, value]
    return out


def tree_unchanged(root: Path, state: State, files: Sequence[str], leftovers: Sequence[str],
                   listed: set[str]) -> tuple[bool, bool]:
    """Whether the tree under `root` (its files and temporary leftovers as `output` scans them, and what
    its manifest lists) is as `state` left it, and whether an entry had to be read to know (it was
    racy: then a state written again saves the next run that read)."""
    if leftovers or listed != set(state.listed):
        return False, False
    if len(files) != len(state.listed) + len(state.others) or not set(state.produced) <= listed:
        return False, False
    expected = listed | set(state.others)
    if not expected.issuperset(files):
        return False, False
    reread = False
    for relative, entry in state.produced.items():
        path = os.path.join(root, *relative.split("/"))
        try:
            status = os.lstat(path)
        except OSError:
            return False, reread
        if entry[4] and tuple(entry[:4]) == _stat_key(status):
            continue
        if not stat.S_ISREG(status.st_mode) or status.st_size != entry[0]:
            return False, reread
        try:
            with open(path, "rb") as handle:
                same = digest_bytes(handle.read()) == entry[5]
        except OSError:
            return False, reread
        if not same:
            return False, reread
        reread = True
    return True, reread


def refreshed(root: Path, state: State, memo: DigestMemo) -> State:
    """`state` with the stat entries of its files and inputs taken again (after a racy entry was
    verified by reading it), so the next run trusts them without reading."""
    produced = produced_entries(root, {relative: entry[5] for relative, entry in state.produced.items()})
    return State(state.key, state.diagnostics, state.problems, produced, state.listed, state.stale, state.others,
                 memo.used)


@dataclass
class Judgement:
    """What `judge_export` found: each engine's key (None: inputs not judgeable), the memo the keys were
    computed with, and the states of the roots when every root is fresh (else None)."""

    keys: dict[str, str | None]
    memo: DigestMemo
    states: dict[str, State] | None = None
    reread: bool = False
    """A file of the tree or an input had to be read to be judged (its state is worth writing again)."""


def judge_export(out_dir: Path, engines: Sequence[str], spec_paths: Sequence[Path], scenario_paths: Sequence[Path],
                 set_codes: Iterable[str] | None, *, prune: bool) -> Judgement:
    """Whether an export of `engines` into `out_dir` would find nothing to do: the key of each root's
    inputs, and the states when every root's state has that key and its tree is as it was left (and,
    with `prune`, nothing is stale)."""
    from cardgen.output import read_manifest, scan_tree

    roots = {engine: out_dir / engine for engine in engines}
    previous = {engine: read_state(root) for engine, root in roots.items()}
    memo = DigestMemo()
    for state in previous.values():
        if state is not None:
            memo.entries.update(state.memo)
    codes = sorted(code.upper() for code in set_codes) if set_codes is not None else None
    code = code_parts(memo)
    keys = {engine: export_key(memo, code, engine, spec_paths, scenario_paths, codes) for engine in engines}
    judgement = Judgement(keys, memo)
    states: dict[str, State] = {}
    for engine, root in roots.items():
        state = previous[engine]
        if state is None or keys[engine] is None or state.key != keys[engine] or (prune and state.stale):
            return judgement
        files, leftovers = scan_tree(root)
        same, reread = tree_unchanged(root, state, files, leftovers, read_manifest(root))
        if not same:
            return judgement
        judgement.reread = judgement.reread or reread
        states[engine] = state
    judgement.reread = judgement.reread or memo.reread > 0
    judgement.states = states
    return judgement


__all__ = ["STATE", "DigestMemo", "Judgement", "State", "code_parts", "export_key", "forget_state", "judge_export",
           "produced_entries", "read_state", "refreshed", "tree_unchanged", "write_state"]
