"""The one hardened YAML loader: every YAML file cardgen reads (card specs, `set.yaml`, scenarios).

Plain `yaml.safe_load` is too forgiving for a source of truth and too trusting for input from a pull
request: it keeps the last of two equal keys, reads any size of file, expands alias bombs, recurses
without a limit, builds a 5,000-digit integer and forgets line numbers. Here:

- the bytes are bounded (`MAX_FILE_BYTES`, read through `cardgen.inputs`), must be UTF-8 text;
- anchors, aliases, merge keys, tags and directives are refused, nesting is capped (`MAX_DEPTH`),
  integers are bounded (`MAX_INT_DIGITS`), duplicate and non-string keys are refused;
- every problem is a `Diagnostic` with a code and file:line:column, never an exception.

Two ways through, giving the same data: `parse_data` (libyaml in C, no positions; `None` when the text
is anything but plainly clean) for every file, and `parse_positional` (PyYAML's pure-Python composer;
positions of every node and the wording of every problem) for the few files that need it. Callers keep
a `LazyPositions` for the files the fast way read: it runs the positional parse the first time a
diagnostic asks where something is, so a clean file never pays for positions.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from cardgen.diagnostics import Diagnostic, Location
from cardgen.load import fast_yaml
from cardgen.load.codes import diagnostic

MAX_FILE_BYTES = 1024 * 1024
"""Files above 1 MiB are refused unread: a card is a few kilobytes, a scenario file a few dozen."""

MAX_DEPTH = 50
"""Deepest nesting of mappings and lists accepted (a real spec nests about 10 deep)."""

MAX_INT_DIGITS = 15
"""Integers with more digits are refused (no value in a card or a scenario comes near)."""

NodePath = tuple[str | int, ...]
Positions = Mapping[NodePath, tuple[int, int]]

_ALLOWED_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "timestamp", "seq", "map")
)

SHOWN_CHARS = 40
"""At most this much of an offending token is shown in a message: never the content of a file."""


@dataclass(frozen=True, slots=True)
class Kind:
    """How messages name the file being read."""

    noun: str = "a spec"
    shape: str = "a mapping of `key: value` lines"
    one_per_file: str = "write one card per file"


SPEC = Kind()
SCENARIO = Kind("a scenario file", "a mapping with `card:` and `scenarios:`", "write one card's scenarios per file")


def shown(token: str) -> str:
    """`token` quoted for a message, cut to `SHOWN_CHARS`."""
    return repr(token if len(token) <= SHOWN_CHARS else token[:SHOWN_CHARS - 3] + "...")


def line_col(data: bytes | str, offset: int) -> tuple[int, int]:
    newline = b"\n" if isinstance(data, bytes) else "\n"
    before = data[:offset]
    line = before.count(newline) + 1  # type: ignore[arg-type]
    column = offset - (before.rfind(newline) + 1) + 1  # type: ignore[arg-type]
    return line, column


def decode(raw: bytes, file: str) -> tuple[str | None, list[Diagnostic]]:
    """The text of a file's bytes, or None and why not: binary, or not UTF-8. A byte order mark is
    dropped."""
    if len(raw) > MAX_FILE_BYTES:
        return None, [diagnostic("CG004", f"file is larger than {MAX_FILE_BYTES} bytes (1 MiB)", Location(file))]
    wide = _wide_encoding(raw)
    if wide is not None:
        return None, [diagnostic("CG002", f"not UTF-8: the file is {wide}; save it as UTF-8", Location(file, 1, 1))]
    nul = raw.find(b"\x00")
    if nul >= 0:
        return None, [diagnostic("CG003", "binary file: it contains NUL bytes", Location(file, *line_col(raw, nul)))]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = line_col(raw, error.start)
        return None, [diagnostic(
            "CG002", f"not UTF-8: byte 0x{raw[error.start]:02x} at line {line} cannot be decoded",
            Location(file, line, column),
        )]
    return text.removeprefix("\ufeff"), []


_WIDE_MARKS = ((b"\x00\x00\xfe\xff", "UTF-32 (big-endian byte order mark)"),
               (b"\xff\xfe\x00\x00", "UTF-32 (little-endian byte order mark)"),
               (b"\xfe\xff", "UTF-16 (big-endian byte order mark)"),
               (b"\xff\xfe", "UTF-16 (little-endian byte order mark)"))


def _wide_encoding(raw: bytes) -> str | None:
    """The UTF-16 or UTF-32 a file is written in (an editor's "Unicode" save), by its byte order mark, or
    by a NUL in every other byte of its start (ASCII text in UTF-16 without a mark); None otherwise."""
    for mark, name in _WIDE_MARKS:
        if raw.startswith(mark):
            return name
    start = raw[:64]
    if len(start) >= 4 and len(start) % 2 == 0:
        if start[0::2].count(0) == len(start) // 2 and 0 not in start[1::2]:
            return "UTF-16 (big-endian, without a byte order mark)"
        if start[1::2].count(0) == len(start) // 2 and 0 not in start[0::2]:
            return "UTF-16 (little-endian, without a byte order mark)"
    return None


# ---------------------------------------------------------------------------------- the parse


@dataclass(slots=True)
class ParsedYaml:
    """A parsed file: its data (None when unusable), node positions by data path, and problems."""

    data: Any = None
    positions: Positions = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)


class _Refused(yaml.YAMLError):
    """A YAML feature the formats refuse, at a position."""

    def __init__(self, code: str, message: str, mark: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.mark = mark


class _StrictLoader(yaml.SafeLoader):
    """SafeLoader that refuses anchors and aliases (no alias bombs) and caps nesting depth."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()  # type: ignore[no-untyped-call]  # types-PyYAML leaves the loader's event methods untyped
        if isinstance(event, yaml.AliasEvent):
            alias = (event.anchor or "")[:SHOWN_CHARS]
            raise _Refused("CG007", f"alias `*{alias}` is not allowed; write the value out", event.start_mark)
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise _Refused("CG007", f"anchor `&{anchor[:SHOWN_CHARS]}` is not allowed; write the value out",
                           event.start_mark)
        tag = getattr(event, "tag", None)
        if tag is not None:  # even `!!str`: the formats have no tags (a value's type comes from the model)
            raise _Refused("CG007", f"YAML tag `{tag[:SHOWN_CHARS]}` is not allowed; write a plain value",
                           event.start_mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _Refused("CG001", f"nesting deeper than {MAX_DEPTH} levels", event.start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _pos(mark: Any) -> tuple[int, int]:
    return mark.line + 1, mark.column + 1


def _too_long(node: yaml.ScalarNode) -> bool:
    """An integer (or a sexagesimal number, which is one) with more digits than `MAX_INT_DIGITS`."""
    return node.tag == "tag:yaml.org,2002:int" and sum(char.isdigit() for char in node.value) > MAX_INT_DIGITS


class _Walker:
    """Records node positions by data path and finds what PyYAML would accept silently."""

    def __init__(self, file: str, loader: _StrictLoader, source: str) -> None:
        self.file = file
        self.loader = loader
        self.lines = source.split("\n")
        self.positions: dict[NodePath, tuple[int, int]] = {}
        self.diagnostics: list[Diagnostic] = []
        self.fatal = False

    def _error(self, code: str, message: str, mark: Any) -> None:
        self.diagnostics.append(diagnostic(code, message, Location(self.file, *_pos(mark))))

    def walk(self, node: yaml.Node, path: NodePath) -> None:
        if node.tag not in _ALLOWED_TAGS:
            self._error("CG007", f"YAML tag `{node.tag[:SHOWN_CHARS]}` is not allowed; write a plain value",
                        node.start_mark)
            self.fatal = True
            return
        if isinstance(node, yaml.MappingNode):
            self._mapping(node, path)
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                self.positions[(*path, index)] = _pos(item.start_mark)
                self.walk(item, (*path, index))
        elif isinstance(node, yaml.ScalarNode):
            self._scalar(node, path)

    def _mapping(self, node: yaml.MappingNode, path: NodePath) -> None:
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                self._error("CG007", "merge key `<<` is not allowed; write the keys out", key_node.start_mark)
                self.fatal = True
                continue
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag != "tag:yaml.org,2002:str":
                shown_key = f"`{key_node.value[:SHOWN_CHARS]}`" if isinstance(key_node, yaml.ScalarNode) else \
                    "a list or mapping"
                self._error("CG109", f"key {shown_key} is not a plain string (YAML reads it as "
                            f"{key_node.tag.rsplit(':', 1)[-1]}); quote it or use a word", key_node.start_mark)
                self.fatal = True
                continue
            key = key_node.value
            line = key_node.start_mark.line + 1
            if key in seen:
                self._error("CG102", f"duplicate key `{key[:SHOWN_CHARS]}` (first at line {seen[key]}); YAML would "
                            "keep only the last one", key_node.start_mark)
            else:
                seen[key] = line
            self.positions[(*path, key)] = _pos(key_node.start_mark)
            self.walk(value_node, (*path, key))

    def _scalar(self, node: yaml.ScalarNode, path: NodePath) -> None:
        kind = node.tag.rsplit(":", 1)[-1]
        if _too_long(node):
            self._error("CG107", f"the number {shown(node.value)} is out of range: it has more than "
                        f"{MAX_INT_DIGITS} digits", node.start_mark)
            self.fatal = True
            return
        try:
            self.loader.construct_object(node)
        except (yaml.YAMLError, ValueError, OverflowError) as error:
            self._error("CG103", f"{shown(node.value)} cannot be read as {kind}: {str(error)[:80]}", node.start_mark)
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
    line, column = line_col(text, error.position)
    return diagnostic("CG003", f"control character U+{error.character:04X} is not allowed in a YAML file",
                      Location(file, line, column))


def _top_kind(data: Any) -> str:
    if isinstance(data, list):
        return "a list"
    if isinstance(data, str):
        return "a single string"
    if isinstance(data, bool):
        return "a single boolean"
    if isinstance(data, int | float):
        return "a single number"
    return "a single value"


def parse_positional(text: str, file: str, kind: Kind = SPEC) -> ParsedYaml:
    """Compose, check and construct one YAML document with PyYAML's pure-Python composer: positions
    (1-based line, column) of every node by data path, and every problem worded (syntax, refused YAML
    features, duplicate keys, unreadable values, the wrong top level). The reference behaviour."""
    result = ParsedYaml()
    try:
        loader = _StrictLoader(text)  # the reader checks every character up front
    except yaml.reader.ReaderError as error:
        result.diagnostics.append(_reader_error(error, text, file))
        return result
    try:
        try:
            loader.get_event()  # type: ignore[no-untyped-call]  # StreamStart; the event methods are untyped
            if loader.check_event(yaml.StreamEndEvent):
                result.diagnostics.append(diagnostic("CG005", "the file is empty", Location(file)))
                return result
            root = loader.compose_document()
            if not loader.check_event(yaml.StreamEndEvent):
                mark = loader.peek_event().start_mark  # type: ignore[no-untyped-call]  # types-PyYAML leaves the loader's event methods untyped
                result.diagnostics.append(diagnostic(
                    "CG008", f"more than one YAML document (a second `---`); {kind.one_per_file}",
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
            result.diagnostics.append(diagnostic("CG001", f"YAML syntax: {str(error)[:200]}", Location(file)))
            return result
        except RecursionError:  # pragma: no cover - MAX_DEPTH stops nesting long before
            result.diagnostics.append(diagnostic("CG001", f"nesting deeper than {MAX_DEPTH} levels", Location(file)))
            return result

        if root is None:  # no document after the stream's start: the file is empty
            result.diagnostics.append(diagnostic("CG005", "the file is empty", Location(file)))
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
        result.diagnostics.append(diagnostic(
            "CG006", f"the top level is {_top_kind(data)}; {kind.noun} is {kind.shape}",
            Location(file, *result.positions.get((), (1, 1))),
        ))
        return result
    result.data = data
    return result


def parse_data(text: str) -> dict[str, Any] | None:
    """The data of a plainly clean text whose top level is a mapping, composed by libyaml without
    positions (the fast way); None for anything else, which `parse_positional` then reads and explains.
    Gives exactly what `parse_positional` gives for such a text (tests/test_fast_paths.py)."""
    return fast_yaml.compose(text, MAX_DEPTH)


def parse(text: str, file: str, kind: Kind = SPEC, source: Callable[[], str | None] | None = None) -> ParsedYaml:
    """How every YAML text cardgen reads is parsed: the fast way when it is clean (`parse_data`), its
    positions computed by `parse_positional` when first asked for (`LazyPositions`, from `source`, which
    gives the text again; default: this text); any other text the positional way, which words its
    problems. Either way the same data, positions and diagnostics as `parse_positional`."""
    data = parse_data(text)
    if data is not None:
        return ParsedYaml(data, LazyPositions(source or GivenText(text)))
    return parse_positional(text, file, kind)


def parse_file(raw: bytes, file: str, kind: Kind = SPEC, path: str | None = None) -> tuple[list[Diagnostic],
                                                                                        ParsedYaml | None]:
    """The bytes of a file, decoded (`decode`) and parsed (`parse`): the decoding problems, and the parse
    (None: the bytes are no text). Positions, when asked for, come from the file at `path` (default:
    `file`) read again, if its bytes are still these."""
    text, problems = decode(raw, file)
    if text is None:
        return problems, None
    return problems, parse(text, file, kind, FileText(path or file, digest(raw)))


# ---------------------------------------------------------------------- data shipped with cardgen


_PACKAGED_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_packaged(path: Path) -> Any:
    """The data of a YAML file shipped inside cardgen (`engines/forge/constructs.yaml`,
    `data/engine_deviations.yaml`): written by its developers and checked by its tests, so read without
    the hardening or positions that input needs — by libyaml's safe loader, about ten times faster than
    PyYAML's pure-Python one (the same resolver and constructors: the same data, tests/test_yamlload.py)."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_PACKAGED_LOADER)  # noqa: S506 - a safe loader


# --------------------------------------------------------------------------- positions on demand


def digest(raw: bytes) -> bytes:
    return hashlib.blake2b(raw, digest_size=16).digest()


@dataclass(frozen=True, slots=True)
class FileText:
    """The text of a file as it was when first read: read again, and None when its bytes have changed
    since (their digest differs) or it can no longer be read."""

    path: str
    digest: bytes

    def __call__(self) -> str | None:
        from cardgen.inputs import read_limited

        raw = read_limited(self.path, MAX_FILE_BYTES)
        if isinstance(raw, bytes) and digest(raw) == self.digest:
            return decode(raw, self.path)[0]
        return None


@dataclass(frozen=True, slots=True)
class GivenText:
    """A text held in memory (a caller that parsed a string, not a file)."""

    text: str

    def __call__(self) -> str | None:
        return self.text


class LazyPositions(Mapping[NodePath, tuple[int, int]]):
    """The positions of a file the fast way read, computed by `parse_positional` the first time they
    are asked for. `source()` gives the file's text again (None: it cannot, or the file has changed
    since), in which case there are no positions and diagnostics name the whole file."""

    __slots__ = ("_found", "_source")

    def __init__(self, source: FileText | GivenText | Callable[[], str | None]) -> None:
        self._source = source
        self._found: dict[NodePath, tuple[int, int]] | None = None

    def _positions(self) -> dict[NodePath, tuple[int, int]]:
        if self._found is None:
            text = self._source()
            if text is None:
                self._found = {}
            else:  # the fast way read this text: libyaml's node tree holds the positions too
                fast = fast_yaml.positions(text)
                self._found = fast if fast is not None else dict(parse_positional(text, "").positions)
        return self._found

    def __getitem__(self, path: NodePath) -> tuple[int, int]:
        return self._positions()[path]

    def get(self, path: NodePath, default: Any = None) -> Any:
        return self._positions().get(path, default)

    def __contains__(self, path: object) -> bool:
        return path in self._positions()

    def __iter__(self) -> Iterator[NodePath]:
        return iter(self._positions())

    def __len__(self) -> int:
        return len(self._positions())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self.items()) == dict(other.items())

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        if self._found is not None:
            return (dict, (self._found,))
        return (LazyPositions, (self._source,))  # to a worker or back: still lazy

    @property
    def computed(self) -> bool:
        """Whether the positional parse has run (tests: a clean file never pays for it)."""
        return self._found is not None


def plain_positions(positions: Positions) -> dict[NodePath, tuple[int, int]] | None:
    """Positions as a cache stores them: a plain dict, or None for positions not computed yet (a
    `LazyPositions`: they are computed again from the file when needed)."""
    if isinstance(positions, LazyPositions) and not positions.computed:
        return None
    return dict(positions)


def lazy_positions(path: str, raw: bytes, stored: dict[NodePath, tuple[int, int]] | None) -> Positions:
    """The positions `plain_positions` stored, or positions computed from the file at `path` (whose
    bytes were `raw`) when first needed."""
    return stored if stored is not None else LazyPositions(FileText(path, digest(raw)))


__all__ = ["MAX_DEPTH", "MAX_FILE_BYTES", "MAX_INT_DIGITS", "SCENARIO", "SPEC", "FileText", "GivenText", "Kind",
           "LazyPositions", "ParsedYaml", "decode", "digest", "lazy_positions", "parse", "parse_data", "parse_file",
           "parse_positional", "plain_positions", "read_packaged", "shown"]
