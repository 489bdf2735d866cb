"""Load spec files into a `Catalog`, keeping where every YAML node was (when a diagnostic needs it).

Files are found with one `scandir` walk; every entry that is not a plain file is vetted by
`cardgen.inputs` (links followed only inside the spec roots, FIFOs, devices and link loops refused and
reported, never read) and read with one bounded `open` each. The YAML is read by the one hardened loader,
`cardgen.load.yamlload` (size, depth and integers bounded; anchors, aliases, merge keys, tags and duplicate
keys refused): a clean file the fast way, without positions, which are computed from the file again
only if a diagnostic asks for one (`LazyPositions`); any other file the positional way, which words its
problems. Every problem is a `Diagnostic`; only a path that does not exist at all is an exception
(`SpecPathError`, a usage error). Reading and parsing a file is a per-card stage of the executor
(`cardgen.executor.per_card`): `--jobs` parses in worker processes and `--cache` reuses parses of
identical bytes (`cardgen.cache`); each gives the same catalog as the plain path.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from cardgen import gc_pause
from cardgen.diagnostics import Diagnostic, Location, diagnostics_in, diagnostics_out
from cardgen.executor import FileCache, per_card
from cardgen.inputs import Refusal, read_limited, real_roots, resolve_input
from cardgen.load import yamlload
from cardgen.load.codes import diagnostic
from cardgen.load.schema_errors import location_of, schema_diagnostics
from cardgen.load.yamlload import MAX_DEPTH, MAX_FILE_BYTES, ParsedYaml, decode
from cardgen.model.card import Card, SetInfo
from cardgen.model.catalog import Catalog, LoadedCard, LoadedSet

SET_FILE = "set.yaml"

__all__ = ["MAX_DEPTH", "MAX_FILE_BYTES", "SET_FILE", "FileResult", "ParsedYaml", "SpecPathError", "assemble_catalog",
           "load_catalog", "load_catalog_and_files", "load_file", "parse_yaml", "parse_yaml_python", "read_and_parse",
           "read_regular", "read_spec_text", "spec_files"]

NodePath = tuple[str | int, ...]
Positions = yamlload.Positions


class SpecPathError(Exception):
    """A path given to the loader does not exist. A usage error (exit 2), not a problem in a spec."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(f"no such file or folder: {path}")


# ------------------------------------------------------------------------------------ finding files


def _display(path: Path) -> str:
    return path.as_posix()


def _suffix(name: str) -> str:
    """`PurePath(name).suffix`, without building a path."""
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


MAX_FOLDER_DEPTH = 64
"""Folders nested deeper than this under a spec folder are not searched (and reported): real spec trees
are two levels deep, and a recursive walk must not meet Python's recursion limit."""


def _tree(folder: Path, resolved: str, skipped: list[tuple[Path, str]],
          depth: int = 0) -> Iterator[tuple[Path, os.DirEntry[str], str]]:
    """What `folder.rglob("*")` yields, in its order (each folder's entries, then its real subfolders,
    depth first; symlinked folders listed, not entered), with each entry's `DirEntry` and the resolved
    path of the folder holding it, so callers need neither a `stat` nor a `resolve()` per file. Folders
    that cannot be listed, and linked folders, are added to `skipped` with the reason."""
    try:
        with os.scandir(folder) as scan:
            entries = list(scan)
    except OSError as error:
        skipped.append((folder, f"the folder cannot be read ({error.strerror or error}); skipped"))
        return
    for entry in entries:
        yield folder, entry, resolved
    for entry in entries:
        try:
            is_folder = entry.is_dir(follow_symlinks=False)
            linked_folder = not is_folder and entry.is_symlink() and entry.is_dir()
        except OSError:
            continue  # a link loop or a vanished entry: not a folder; the file check reports it if it matters
        if is_folder and depth >= MAX_FOLDER_DEPTH:
            skipped.append((folder / entry.name, f"folders nested deeper than {MAX_FOLDER_DEPTH} levels; not searched"))
        elif is_folder:
            yield from _tree(folder / entry.name, os.path.join(resolved, entry.name), skipped, depth + 1)
        elif linked_folder:
            skipped.append((folder / entry.name, "a symbolic link to a folder; not searched"))


def spec_roots(paths: Sequence[Path]) -> tuple[str, ...]:
    """Where the files of a command may lie: each folder given, and for a file given, the spec root
    it sits in (its folder's parent: `card_specs/` of `card_specs/blb/x.yaml`, where its sets are)."""
    roots: list[Path] = []
    for path in paths:
        if path.is_dir():
            roots.append(path)
        else:
            roots.append(path.absolute().parent.parent)
    return real_roots(roots)


def _collect(paths: Sequence[Path]) -> tuple[list[Path], list[Diagnostic], set[str]]:
    """Spec files under `paths` (files as given, folders searched for `*.yaml`), sorted and de-duplicated
    by resolved path, plus a diagnostic for each entry skipped (a `.yml` file: a warning; a link out of
    the folders given, a link loop, a FIFO or device named `*.yaml`: an error; a linked folder: a
    warning), plus the resolved paths of the files. Every file returned was vetted here: it is a
    regular file, or a link to one inside the roots."""
    found: dict[str, Path] = {}
    skipped: dict[str, Path] = {}
    problems: list[Diagnostic] = []
    folders_skipped: list[tuple[Path, str]] = []
    roots = spec_roots([Path(raw) for raw in paths if os.path.lexists(raw)])
    for raw in paths:
        path = Path(raw)
        if not os.path.lexists(path):
            raise SpecPathError(path)
        if path.is_dir():
            root = os.path.realpath(path)
            for folder, entry, resolved_folder in _tree(path, root, folders_skipped):
                suffix = _suffix(entry.name)
                if suffix not in (".yaml", ".yml"):
                    continue
                candidate = folder / entry.name
                try:
                    plain = entry.is_file(follow_symlinks=False)
                except OSError:
                    plain = False
                if plain:
                    key = os.path.join(resolved_folder, entry.name)
                else:
                    vetted = resolve_input(candidate, roots)
                    if isinstance(vetted, Refusal):
                        if suffix == ".yaml" and vetted.reason != "folder":
                            problems.append(refusal_diagnostic(vetted, _display(candidate)))
                        continue
                    key = vetted[0]
                (found if suffix == ".yaml" else skipped).setdefault(key, candidate)
        else:
            vetted = resolve_input(path, roots)  # also refuses a file reached through a linked folder
            if isinstance(vetted, Refusal):
                problems.append(refusal_diagnostic(vetted, _display(path)))
                continue
            found.setdefault(vetted[0], path)
    files = sorted(found.values(), key=_display)
    warnings = [
        diagnostic("CG010", f"`{p.name}` is ignored: spec files end in `.yaml`", Location(_display(p)))
        for key, p in sorted(skipped.items(), key=lambda item: _display(item[1]))
        if key not in found
    ]
    warnings += [diagnostic("CG011", why, Location(_display(folder))) for folder, why in folders_skipped]
    return files, [*problems, *warnings], set(found)


def spec_files(paths: Sequence[Path]) -> list[Path]:
    """The spec files `load_catalog(paths)` reads, in the order it reads them.

    Raises `SpecPathError` for a path that does not exist.
    """
    return _collect(paths)[0]


# --------------------------------------------------------------------------------------- reading


def read_regular(path: Path) -> bytes | None:
    """The bytes of a regular file of at most `MAX_FILE_BYTES` (through `cardgen.inputs`: no link loops,
    FIFOs or devices, nothing that blocks); None for anything else, which `read_spec_text` explains."""
    raw = read_limited(path, MAX_FILE_BYTES)
    return raw if isinstance(raw, bytes) else None


def refusal_diagnostic(refusal: Refusal, name: str) -> Diagnostic:
    """The diagnostic of a spec file `cardgen.inputs` refused to read."""
    if refusal.reason == "too-large":
        size = f"file is {refusal.size} bytes" if refusal.size is not None else "file is too large"
        return diagnostic("CG004", f"{size}; the limit is {MAX_FILE_BYTES} (1 MiB)", Location(name))
    return diagnostic("CG009", f"not read: {refusal.message}", Location(name))


def read_spec_bytes(path: Path, roots: Sequence[str] | None = None) -> tuple[bytes | None, list[Diagnostic]]:
    """The bytes of a spec file, or None and why not (`refusal_diagnostic`). `roots`: where a symbolic
    link may lead (None: the file was vetted when found)."""
    raw = read_limited(path, MAX_FILE_BYTES, roots)
    if isinstance(raw, Refusal):
        return None, [refusal_diagnostic(raw, _display(path))]
    return raw, []


def read_spec_text(path: Path, raw: bytes | None = None,
                   roots: Sequence[str] | None = None) -> tuple[str | None, list[Diagnostic]]:
    """The file's text, or None and why not: too large, unreadable, a link out of the roots, a special
    file, binary, or not UTF-8. `raw` is what `read_regular(path)` gave, when the caller already read
    the bytes."""
    if raw is None:
        raw, problems = read_spec_bytes(path, roots)
        if raw is None:
            return None, problems
    return decode(raw, _display(path))


# ---------------------------------------------------------------------------------- parsing YAML

parse_yaml = yamlload.parse
"""Parse one spec text with positions (`yamlload.parse`)."""

parse_yaml_python = yamlload.parse_positional
"""The pure-Python reference parse, positions and every problem worded (`yamlload.parse_positional`)."""


# ------------------------------------------------------------------------------------------- loading


@dataclass(slots=True)
class FileResult:
    """What one file yielded: a card or a set (None when it had errors), and its diagnostics."""

    card: LoadedCard | None = None
    set: LoadedSet | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)


Parsed = tuple[list[Diagnostic], "ParsedYaml | None"]
"""What reading and parsing one file gave: the reading problems, and the parsed YAML (None: unreadable)."""


def read_and_parse(path: Path, raw: bytes | None = None, roots: Sequence[str] | None = None) -> Parsed:
    """The first half of `load_file`, without the model: the part `--jobs` workers do. `raw`: the bytes
    `read_regular(path)` gave, when already read.

    Parsed by `yamlload.parse_file`: a clean file the fast way, its positions computed from the file
    again if a diagnostic ever needs them; any other file the positional way, which words its problems."""
    if raw is None:
        raw, problems = read_spec_bytes(path, roots)
        if raw is None:
            return problems, None
    return yamlload.parse_file(raw, _display(path), path=str(path))


def load_file(path: Path, parsed: Parsed | None = None) -> FileResult:
    """Load one spec file: `set.yaml` is a SetInfo, any other file a Card. `parsed` is what
    `read_and_parse(path)` gave, when a worker already did that part."""
    name = _display(path)
    result = FileResult()
    problems, yaml_result = read_and_parse(path) if parsed is None else parsed
    result.diagnostics.extend(problems)
    if yaml_result is None:
        return result
    result.diagnostics.extend(yaml_result.diagnostics)
    if yaml_result.data is None:
        return result
    model: type[Card] | type[SetInfo] = SetInfo if path.name == SET_FILE else Card
    try:
        value = model.model_validate(yaml_result.data)
    except ValidationError as error:
        result.diagnostics.extend(schema_diagnostics(error, yaml_result.data, name, yaml_result.positions, model))
        return result
    except (RecursionError, ValueError, TypeError) as error:  # pragma: no cover - defensive
        result.diagnostics.append(diagnostic("CG901", f"schema check failed: {error}", Location(name)))
        return result
    if any(d.severity == "error" for d in result.diagnostics):
        return result  # e.g. a duplicate key: the data may not be what the author meant
    if isinstance(value, SetInfo):
        result.set = LoadedSet(value, path, positions=yaml_result.positions)
    else:
        result.card = LoadedCard(value, path, positions=yaml_result.positions)
    return result


def _set_files_for(loaded: LoadedCard, known: dict[Any, Any]) -> list[tuple[Path, str | Refusal]]:
    """The `set.yaml` files a card's printings need: its own folder's and `../<set>/set.yaml`, each with
    its resolved path, or why it cannot be read (a link out of the spec root, a FIFO...: `cardgen.inputs`).
    `known` remembers the answers (the cards of one folder all ask the same)."""
    key = (os.path.dirname(str(loaded.path)), tuple(printing.set for printing in loaded.card.printings))
    found = known.get(key)
    if found is None:
        folder = loaded.path.parent
        candidates = [folder / SET_FILE]
        candidates += [folder.parent / printing.set.lower() / SET_FILE for printing in loaded.card.printings]
        found = []
        for candidate in dict.fromkeys(candidates):
            name = str(candidate)
            if name not in known:
                vetted = resolve_input(candidate, real_roots([folder.parent]))
                if isinstance(vetted, Refusal):
                    known[name] = None if vetted.reason == "missing" else vetted
                else:
                    known[name] = vetted[0]
            if known[name] is not None:
                found.append((candidate, known[name]))
        known[key] = found
    return found


def _read_and_parse_item(item: tuple[Path, bytes | None]) -> Parsed:
    return read_and_parse(*item)


def _plain_parsed(parsed: Parsed) -> tuple[Any, ...]:
    """A `read_and_parse` result as plain data (the cache's `parse` stage)."""
    problems, result = parsed
    if result is None:
        return (diagnostics_out(problems), None, None, None)
    return (diagnostics_out(problems), diagnostics_out(result.diagnostics), result.data,
            yamlload.plain_positions(result.positions))


def _parsed_from_plain(item: tuple[Path, bytes | None], plain: tuple[Any, ...]) -> Parsed:
    path, raw = item
    problems, diagnostics, data, positions = plain
    if diagnostics is None or raw is None:
        return diagnostics_in(problems), None
    return diagnostics_in(problems), ParsedYaml(data, yamlload.lazy_positions(str(path), raw, positions),
                                                diagnostics_in(diagnostics))


def files_to_read(files: list[Path], cache: FileCache | None) -> tuple[list[tuple[Path, bytes | None]],
                                                                        list[bytes | None] | None]:
    """The per-file items of a loading stage, and their cache keys: with a cache each file's bytes are read
    here (its key is their hash; None when it cannot be read plainly, which the stage then explains),
    otherwise the stage reads them."""
    if cache is None:
        return [(path, None) for path in files], None
    read = cache.read(files)
    return [(path, raw) for path, (raw, _) in zip(files, read, strict=True)], [key for _, key in read]


def _loaded(files: list[Path], jobs: int, cache: FileCache | None) -> Iterator[FileResult]:
    """`load_file` of each file, in order, with the YAML half (read, parse) done by the executor: taken
    from the cache, computed by workers, or here. The models are built here, which needs them."""
    items, keys = files_to_read(files, cache)
    parsed = per_card("parse", _read_and_parse_item, items, jobs=jobs, cache=cache, keys=keys,
                      store=_plain_parsed, restore=_parsed_from_plain)
    for (path, _), result in zip(items, parsed, strict=True):
        yield load_file(path, result)


def load_catalog(paths: Sequence[Path], *, jobs: int = 1, cache: FileCache | None = None) -> Catalog:
    """Load every spec under `paths` into a Catalog. Cards are sorted by name (then path), sets by code,
    diagnostics by file and position. A card file given on its own brings in the `set.yaml` files of its
    printings (beside it, or in `../<set>/`). Raises `SpecPathError` for a path that does not exist.

    `jobs` > 1 reads and parses the files in that many worker processes; `cache` takes parsed files from
    a content-hash cache (`cardgen.cache`). Either way the result is the same. The cyclic garbage
    collector is paused meanwhile (`cardgen.gc_pause`)."""
    return load_catalog_and_files(paths, jobs=jobs, cache=cache)[0]


def load_catalog_and_files(paths: Sequence[Path], *, jobs: int = 1,
                           cache: FileCache | None = None) -> tuple[Catalog, list[Path]]:
    """`load_catalog(paths)` and `spec_files(paths)` with one walk of the folders."""
    with gc_pause.paused():
        files, warnings, read = _collect(paths)
        return assemble_catalog(files, warnings, read, _loaded(files, jobs, cache)), files


def assemble_catalog(files: list[Path], warnings: list[Diagnostic], read: set[str],
                     results: Iterator[FileResult], load: Callable[[Path], FileResult] = load_file) -> Catalog:
    """The catalog from the results of loading `files` (in order), plus the `set.yaml` files the cards
    need that were not among them (loaded with `load`). `read` holds the resolved paths already read.

    The one place that decides what a catalog holds, whatever produced the per-file results."""
    catalog = Catalog(diagnostics=list(warnings))
    sets: dict[str, LoadedSet] = {}
    known_set_files: dict[Any, Any] = {}
    queue = deque(files)
    remaining = len(files)  # the first pops are `files`, in order; set files found later come after
    while queue:
        file = queue.popleft()
        if remaining:
            result = next(results)
            remaining -= 1
        else:
            result = load(file)
        if result.card is not None:
            # A card given on its own still needs its sets: read the set.yaml files where they must be.
            for extra, resolved in _set_files_for(result.card, known_set_files):
                if isinstance(resolved, Refusal):
                    if str(extra) not in read:
                        read.add(str(extra))
                        catalog.diagnostics.append(refusal_diagnostic(resolved, _display(extra)))
                elif resolved not in read:
                    read.add(resolved)
                    queue.append(extra)
        catalog.diagnostics.extend(result.diagnostics)
        if result.card is not None:
            catalog.cards.append(result.card)
        if result.set is not None:
            code = result.set.info.code
            if code in sets:
                catalog.diagnostics.append(diagnostic(
                    "CG408", f"set code `{code}` is already defined by {_display(sets[code].path)}",
                    location_of(_display(file), result.set.positions, ("code",)),
                ))
            else:
                sets[code] = result.set
    close = getattr(results, "close", None)
    if close is not None:
        close()  # stop any workers now, not whenever the generator is collected
    catalog.sets = dict(sorted(sets.items()))
    catalog.cards.sort(key=lambda loaded: (loaded.card.name, _display(loaded.path)))
    catalog.diagnostics.sort(key=Diagnostic.sort_key)
    return catalog
