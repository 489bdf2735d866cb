"""Load spec files into a `Catalog`, keeping where every YAML node was.

Plain `yaml.safe_load` is too forgiving for a source of truth: it keeps the last of two equal keys, reads
any size of file, expands alias bombs and forgets line numbers. This loader reads a bounded number of
bytes, insists on UTF-8 text, composes the YAML node tree itself (refusing anchors, aliases, merge keys
and explicit tags), records the 1-based line/column of every node by its data path, rejects duplicate
keys, and only then constructs plain Python data for pydantic. Every problem is a `Diagnostic`; only a
path that does not exist at all is an exception (`SpecPathError`, a usage error).

Speed (README "Performance"): a clean file is composed by libyaml (`fast_yaml`), anything unusual by
PyYAML's pure-Python composer, which words the problems; files are found with one `scandir` walk and
read with one `open` and `fstat` each; `--jobs` parses in worker processes and `--cache` reuses parses
of identical bytes (`cardgen.cache`). Each gives the same catalog as the plain path.
"""

from __future__ import annotations

import errno
import os
import stat
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from pydantic import ValidationError

from cardgen import collector
from cardgen.diagnostics import Diagnostic, Location
from cardgen.spec.catalog import Catalog, LoadedCard, LoadedSet
from cardgen.spec.fast_yaml import compose as compose_clean
from cardgen.spec.model import Card, SetInfo
from cardgen.validate.codes import diagnostic
from cardgen.validate.schema import location_of, schema_diagnostics

if TYPE_CHECKING:
    from cardgen.cache import SpecCache

MAX_FILE_BYTES = 1024 * 1024
"""Spec files above 1 MiB are refused unread: a card is a few kilobytes."""

MAX_DEPTH = 50
"""Deepest nesting of mappings and lists accepted (a real spec nests about 10 deep)."""

SET_FILE = "set.yaml"

NodePath = tuple[str | int, ...]
Positions = dict[NodePath, tuple[int, int]]

_ALLOWED_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "timestamp", "seq", "map")
)


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


def _ignorable(error: OSError) -> bool:
    """The errors `Path.is_file()` reads as "no such file" (pathlib's `_ignore_error`)."""
    return getattr(error, "errno", None) in (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP)


def _tree(folder: Path, resolved: str) -> Iterator[tuple[Path, os.DirEntry[str], str]]:
    """What `folder.rglob("*")` yields, in its order (each folder's entries, then its real subfolders,
    depth first; symlinked folders listed, not entered), with each entry's `DirEntry` and the resolved
    path of the folder holding it, so callers need neither a `stat` nor a `resolve()` per file."""
    try:
        with os.scandir(folder) as scan:
            entries = list(scan)
    except PermissionError:
        return
    for entry in entries:
        yield folder, entry, resolved
    for entry in entries:
        try:
            is_folder = entry.is_dir(follow_symlinks=False)
        except OSError as error:
            if not _ignorable(error):
                raise
            continue
        if is_folder:
            yield from _tree(folder / entry.name, os.path.join(resolved, entry.name))


def _is_file(path: Path, entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_file()
    except OSError:
        return path.is_file()  # the exact pathlib answer for the odd cases (loops, permissions)


def _collect(paths: Sequence[Path]) -> tuple[list[Path], list[Diagnostic], set[str]]:
    """Spec files under `paths` (files as given, folders searched for `*.yaml`), sorted and de-duplicated
    by resolved path, plus a warning for each `.yml` file a folder holds (it would otherwise be silently
    skipped), plus the resolved paths of the files."""
    found: dict[str, Path] = {}
    skipped: dict[str, Path] = {}
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise SpecPathError(path)
        if path.is_dir():
            root = str(path.resolve())
            for folder, entry, resolved_folder in _tree(path, root):
                suffix = _suffix(entry.name)
                if suffix not in (".yaml", ".yml"):
                    continue
                candidate = folder / entry.name
                if not _is_file(candidate, entry):
                    continue
                # A file reached through real folders resolves to its resolved folder plus its name,
                # unless it is itself a symlink.
                key = str(candidate.resolve()) if entry.is_symlink() else os.path.join(resolved_folder, entry.name)
                (found if suffix == ".yaml" else skipped).setdefault(key, candidate)
        else:
            found.setdefault(str(path.resolve()), path)
    files = sorted(found.values(), key=_display)
    warnings = [
        diagnostic("CG010", f"`{p.name}` is ignored: spec files end in `.yaml`", Location(_display(p)))
        for key, p in sorted(skipped.items(), key=lambda item: _display(item[1]))
        if key not in found
    ]
    return files, warnings, set(found)


def spec_files(paths: Sequence[Path]) -> list[Path]:
    """The spec files `load_catalog(paths)` reads, in the order it reads them.

    Raises `SpecPathError` for a path that does not exist.
    """
    return _collect(paths)[0]


# --------------------------------------------------------------------------------------- reading


def _line_col(data: bytes | str, offset: int) -> tuple[int, int]:
    newline = b"\n" if isinstance(data, bytes) else "\n"
    before = data[:offset]
    line = before.count(newline) + 1  # type: ignore[arg-type]
    column = offset - (before.rfind(newline) + 1) + 1  # type: ignore[arg-type]
    return line, column


def read_regular(path: Path) -> bytes | None:
    """The bytes of a regular file of at most `MAX_FILE_BYTES`, with one open and one fstat; None for
    anything else (missing, not regular, too large, unreadable), which `read_spec_text` then explains.
    O_NONBLOCK: opening a FIFO must not wait for a writer."""
    try:
        descriptor = os.open(path, _OPEN_FLAGS)
    except (OSError, ValueError):
        return None
    try:
        status = os.fstat(descriptor)
        size = status.st_size
        if not stat.S_ISREG(status.st_mode) or size > MAX_FILE_BYTES:
            return None
        # Ask for the size the file has (plus one byte, to notice growth): asking for the 1 MiB limit
        # would allocate, and page in, a megabyte per file.
        data = os.read(descriptor, size + 1)
        if len(data) <= size:
            return data  # a short read of a regular file is its end
        chunks = [data]
        total = len(data)
        while total <= MAX_FILE_BYTES:  # it grew since fstat: read on, up to the limit
            chunk = os.read(descriptor, min(MAX_FILE_BYTES + 1 - total, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(descriptor)


_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def read_spec_text(path: Path, raw: bytes | None = None) -> tuple[str | None, list[Diagnostic]]:
    """The file's text, or None and why not: too large, unreadable, binary, or not UTF-8. `raw` is what
    `read_regular(path)` gave, when the caller already read the bytes."""
    name = _display(path)
    if raw is None:
        raw = read_regular(path)
    if raw is None:
        try:
            if not path.is_file():
                return None, [diagnostic("CG009", "not a regular file", Location(name))]
            size = path.stat().st_size
            if size > MAX_FILE_BYTES:
                return None, [diagnostic("CG004", f"file is {size} bytes; the limit is {MAX_FILE_BYTES} (1 MiB)",
                                         Location(name))]
            with path.open("rb") as handle:
                raw = handle.read(MAX_FILE_BYTES + 1)
        except OSError as error:
            return None, [diagnostic("CG009", f"cannot read the file: {error.strerror or error}", Location(name))]
    if len(raw) > MAX_FILE_BYTES:
        return None, [diagnostic("CG004", f"file is larger than {MAX_FILE_BYTES} bytes (1 MiB)", Location(name))]
    nul = raw.find(b"\x00")
    if nul >= 0:
        return None, [diagnostic("CG003", "binary file: it contains NUL bytes", Location(name, *_line_col(raw, nul)))]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = _line_col(raw, error.start)
        return None, [diagnostic(
            "CG002", f"not UTF-8: byte 0x{raw[error.start]:02x} at line {line} cannot be decoded",
            Location(name, line, column),
        )]
    return text.removeprefix("\ufeff"), []


# ---------------------------------------------------------------------------------- parsing YAML


class _Refused(yaml.YAMLError):
    """A YAML feature the spec format refuses, at a position."""

    def __init__(self, code: str, message: str, mark: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.mark = mark


class _SpecLoader(yaml.SafeLoader):
    """SafeLoader that refuses anchors and aliases (no alias bombs) and caps nesting depth."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise _Refused("CG007", f"alias `*{event.anchor}` is not allowed; write the value out",
                           event.start_mark)
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise _Refused("CG007", f"anchor `&{anchor}` is not allowed; write the value out", event.start_mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _Refused("CG001", f"nesting deeper than {MAX_DEPTH} levels", event.start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _pos(mark: Any) -> tuple[int, int]:
    return mark.line + 1, mark.column + 1


@dataclass(slots=True)
class ParsedYaml:
    """A parsed spec file: its data (None when unusable), node positions by data path, and problems."""

    data: Any = None
    positions: Positions = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)


class _Walker:
    """Records node positions by data path and finds what PyYAML would accept silently."""

    def __init__(self, file: str, loader: _SpecLoader, source: str) -> None:
        self.file = file
        self.loader = loader
        self.lines = source.split("\n")
        self.positions: Positions = {}
        self.diagnostics: list[Diagnostic] = []
        self.fatal = False

    def _error(self, code: str, message: str, mark: Any) -> None:
        self.diagnostics.append(diagnostic(code, message, Location(self.file, *_pos(mark))))

    def walk(self, node: yaml.Node, path: NodePath) -> None:
        if node.tag not in _ALLOWED_TAGS:
            self._error("CG007", f"YAML tag `{node.tag}` is not allowed; write a plain value", node.start_mark)
            self.fatal = True
            return
        if isinstance(node, yaml.MappingNode):
            self._mapping(node, path)
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                self.positions[(*path, index)] = _pos(item.start_mark)
                self.walk(item, (*path, index))
        else:
            self._scalar(node, path)

    def _mapping(self, node: yaml.MappingNode, path: NodePath) -> None:
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                self._error("CG007", "merge key `<<` is not allowed; write the keys out", key_node.start_mark)
                self.fatal = True
                continue
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag != "tag:yaml.org,2002:str":
                shown = key_node.value if isinstance(key_node, yaml.ScalarNode) else "a list or mapping"
                self._error("CG109", f"key `{shown}` is not a plain string (YAML reads it as "
                            f"{key_node.tag.rsplit(':', 1)[-1]}); quote it or use a word", key_node.start_mark)
                self.fatal = True
                continue
            key = key_node.value
            line = key_node.start_mark.line + 1
            if key in seen:
                self._error("CG102", f"duplicate key `{key}` (first at line {seen[key]}); YAML would keep only "
                            "the last one", key_node.start_mark)
            else:
                seen[key] = line
            self.positions[(*path, key)] = _pos(key_node.start_mark)
            self.walk(value_node, (*path, key))

    def _scalar(self, node: yaml.ScalarNode, path: NodePath) -> None:
        try:
            self.loader.construct_object(node)
        except (yaml.YAMLError, ValueError, OverflowError) as error:
            self._error("CG103", f"{node.value!r} cannot be read as {node.tag.rsplit(':', 1)[-1]}: {error}",
                        node.start_mark)
            self.fatal = True
            return
        if node.style == "|":
            # Literal block: content line i sits on the i-th line after the indicator.
            first = node.start_mark.line + 1
            for index in range(node.value.count("\n") + 1):
                number = first + index
                source = self.lines[number] if number < len(self.lines) else ""
                indent = len(source) - len(source.lstrip(" "))
                self.positions[(*path, index)] = (number + 1, indent + 1)
        elif "\n" in node.value:
            for index in range(node.value.count("\n") + 1):
                self.positions[(*path, index)] = _pos(node.start_mark)


def _reader_error(error: yaml.reader.ReaderError, text: str, file: str) -> Diagnostic:
    line, column = _line_col(text, error.position)
    return diagnostic("CG003", f"control character U+{error.character:04X} is not allowed in a spec file",
                      Location(file, line, column))


def parse_yaml(text: str, file: str) -> ParsedYaml:
    """Compose, check and construct one YAML document; positions are 1-based (line, column).

    A clean file is composed by libyaml (`fast_yaml`, an order of magnitude faster); anything unusual,
    and every file when libyaml is missing, goes through `parse_yaml_python`, which words the problems.
    Both give the same data and positions for a clean file.
    """
    fast = compose_clean(text, MAX_DEPTH)
    if fast is not None:
        return ParsedYaml(fast[0], fast[1])
    return parse_yaml_python(text, file)


def parse_yaml_python(text: str, file: str) -> ParsedYaml:
    """`parse_yaml` with PyYAML's pure-Python composer: the reference behaviour, and the one that reports
    every problem (syntax, refused YAML features, duplicate keys, unreadable values)."""
    result = ParsedYaml()
    try:
        loader = _SpecLoader(text)  # the reader checks every character up front
    except yaml.reader.ReaderError as error:
        result.diagnostics.append(_reader_error(error, text, file))
        return result
    try:
        try:
            loader.get_event()  # StreamStart
            if loader.check_event(yaml.StreamEndEvent):
                result.diagnostics.append(diagnostic("CG005", "the file is empty", Location(file)))
                return result
            root = loader.compose_document()
            if not loader.check_event(yaml.StreamEndEvent):
                mark = loader.peek_event().start_mark
                result.diagnostics.append(diagnostic(
                    "CG008", "more than one YAML document (a second `---`); write one card per file",
                    Location(file, *_pos(mark)),
                ))
                return result
        except _Refused as refused:
            result.diagnostics.append(diagnostic(refused.code, refused.message, Location(file, *_pos(refused.mark))))
            return result
        except yaml.reader.ReaderError as error:
            result.diagnostics.append(_reader_error(error, text, file))
            return result
        except yaml.MarkedYAMLError as error:
            mark = error.problem_mark or error.context_mark
            problem = " ".join(part for part in (error.context, error.problem) if part)
            location = Location(file, *_pos(mark)) if mark else Location(file)
            result.diagnostics.append(diagnostic("CG001", f"YAML syntax: {problem}", location))
            return result
        except yaml.YAMLError as error:
            result.diagnostics.append(diagnostic("CG001", f"YAML syntax: {error}", Location(file)))
            return result

        walker = _Walker(file, loader, text)
        walker.positions[()] = _pos(root.start_mark)
        walker.walk(root, ())
        result.positions = walker.positions
        result.diagnostics.extend(walker.diagnostics)
        if walker.fatal:
            return result
        data = loader.construct_document(root)
    finally:
        loader.dispose()

    if data is None:
        result.diagnostics.append(diagnostic("CG005", "the file holds no value (only `---` or `null`)",
                                             Location(file, *result.positions.get((), (1, 1)))))
        return result
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else f"the single value {data!r}"[:80]
        result.diagnostics.append(diagnostic(
            "CG006", f"the top level is {kind}; a spec is a mapping of `key: value` lines",
            Location(file, *result.positions.get((), (1, 1))),
        ))
        return result
    result.data = data
    return result


# ------------------------------------------------------------------------------------------- loading


@dataclass(slots=True)
class FileResult:
    """What one file yielded: a card or a set (None when it had errors), and its diagnostics."""

    card: LoadedCard | None = None
    set: LoadedSet | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)


Parsed = tuple[list[Diagnostic], "ParsedYaml | None"]
"""What reading and parsing one file gave: the reading problems, and the parsed YAML (None: unreadable)."""


def read_and_parse(path: Path, raw: bytes | None = None) -> Parsed:
    """The first half of `load_file`, without the model: the part `--jobs` workers do. `raw`: the bytes
    `read_regular(path)` gave, when already read."""
    text, problems = read_spec_text(path, raw)
    if text is None:
        return problems, None
    return problems, parse_yaml(text, _display(path))


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


def _set_files_for(loaded: LoadedCard, known: dict[Any, Any]) -> list[tuple[Path, str]]:
    """The `set.yaml` files a card's printings need: its own folder's and `../<set>/set.yaml`, each with
    its resolved path. `known` remembers the answers (the cards of one folder all ask the same)."""
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
                known[name] = str(candidate.resolve()) if candidate.is_file() else None
            if known[name] is not None:
                found.append((candidate, known[name]))
        known[key] = found
    return found


def _parse_range(files: list[Path], start: int, stop: int) -> list[Parsed]:
    return [read_and_parse(file) for file in files[start:stop]]


def _parsed_in_workers(files: list[Path], jobs: int) -> Iterator[Parsed]:
    """`read_and_parse` of every file, in order, computed by `jobs` forked workers (the YAML half of
    loading; the models are built in the parent, which needs them)."""
    from cardgen.parallel import map_ranges

    for chunk in map_ranges(_parse_range, files, len(files), jobs):
        yield from chunk


def _loaded(files: list[Path], jobs: int, cache: SpecCache | None) -> Iterator[FileResult]:
    """`load_file` of each file, in order: the YAML half from the cache, from workers, or done here."""
    if cache is not None:
        yield from cache.load_files(files)
        return
    if jobs > 1:
        for file, parsed in zip(files, _parsed_in_workers(files, jobs), strict=True):
            yield load_file(file, parsed)
        return
    for file in files:
        yield load_file(file)


def load_catalog(paths: Sequence[Path], *, jobs: int = 1, cache: SpecCache | None = None) -> Catalog:
    """Load every spec under `paths` into a Catalog. Cards are sorted by name (then path), sets by code,
    diagnostics by file and position. A card file given on its own brings in the `set.yaml` files of its
    printings (beside it, or in `../<set>/`). Raises `SpecPathError` for a path that does not exist.

    `jobs` > 1 reads and parses the files in that many worker processes; `cache` takes parsed files from
    a content-hash cache (`cardgen.cache`). Either way the result is the same. The cyclic garbage
    collector is paused meanwhile (`cardgen.collector`)."""
    return load_catalog_and_files(paths, jobs=jobs, cache=cache)[0]


def load_catalog_and_files(paths: Sequence[Path], *, jobs: int = 1,
                           cache: SpecCache | None = None) -> tuple[Catalog, list[Path]]:
    """`load_catalog(paths)` and `spec_files(paths)` with one walk of the folders."""
    with collector.paused():
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
                if resolved not in read:
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
