"""The fast path of the spec loader: compose with libyaml in C, check and construct in one Python walk.

PyYAML's pure-Python scanner is about 90% of the time of loading a spec. libyaml (PyYAML's C binding,
`yaml.__with_libyaml__`) composes the same node tree more than ten times faster, but it reports problems
in its own words and forgets anchors. So this module only ever answers for files that are *clean*: it
returns None as soon as anything is unusual — a character outside the everyday set, an anchor or alias
that could be there, a tag, a duplicate or non-string key, a value that cannot be constructed, nesting
deeper than the loader allows, any libyaml error — and the loader then reads that file with the
pure-Python path, which produces the diagnostics. A clean file gives exactly the data the pure-Python
path gives (tests/test_fast_paths.py compares the two). It records no positions: those come only from
the pure-Python path, run again for a file a diagnostic needs them of.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, ScalarNode, SequenceNode
from yaml.reader import Reader
from yaml.resolver import Resolver

try:  # PyYAML built without libyaml: the loader keeps the pure-Python path for every file
    from yaml._yaml import CParser
except ImportError:  # pragma: no cover - depends on how PyYAML was installed
    CParser = None  # type: ignore[assignment,misc]

AVAILABLE = CParser is not None
"""True when libyaml is there; `compose` returns None for every file otherwise."""

_STR = "tag:yaml.org,2002:str"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_INT = "tag:yaml.org,2002:int"

MAX_INT_CHARS = 15
"""An integer written with more characters may have more digits than `yamlload.MAX_INT_DIGITS`: the
Python path decides (and refuses it)."""

_UNUSUAL_CHARACTERS = re.compile("[&*!%\t\r\x85\u2028\u2029\ufeff]")
_UNUSUAL_BLOCK_HEADER = re.compile("[|>][-+0-9]*[^-+0-9\\s]")
"""What sends a file to the pure-Python path: anchors and aliases (`&`, `*`: libyaml's node tree does not
say where they were), tags and directives (`!`, `%`), tabs, carriage returns, Unicode line breaks and byte
order marks (where the parsers' tolerance or line counting could differ), and two things libyaml accepts
but PyYAML refuses: `?` starting a plain scalar in a flow collection (`[?x]`; PyYAML's `check_plain`
refuses it there, libyaml reads a scalar) and a block scalar indicator followed by anything but its
modifiers and a space (`|#`). Found by comparing the two parsers
on generated text (tests/test_fast_paths.py); anything like it is simply read the slow way. Two
expressions (a character class alone is searched much faster than an alternation)."""

_QUESTION_AT_NODE_START = re.compile(r"(?:^|[\[{,]|[:?-] )[ ]*\?", re.MULTILINE)
"""A `?` where a node may start (a line's first character, after `[`, `{`, `,`, or an indicator and its
space): a key indicator or the flow-collection case above, so the slow way reads it. A `?` inside a
scalar (French "Tu veux des miettes ?") is text to both parsers; searched only in a text holding one."""

_NON_PRINTABLE = Reader.NON_PRINTABLE
"""PyYAML's own test for characters a YAML stream may not hold (the pure-Python path reports them)."""

_NESTING_INDICATORS = "[{-:?"
_C_NESTING_GUARD = 2000
"""libyaml's composer recurses in C without limit: `[` repeated 100,000 times crashes the interpreter.
Every collection in YAML needs at least one character of its own among `[ { - : ?`, so a text holding
at most this many of them nests at most this deep: safe for the C stack. Longer texts take the Python
path, which stops at `MAX_DEPTH` (real specs hold a few dozen)."""

_SCALAR_CONSTRUCTORS = {
    tag: SafeConstructor.yaml_constructors[tag]
    for tag in (f"tag:yaml.org,2002:{name}" for name in ("int", "float", "bool", "null", "timestamp"))
}
_constructor = SafeConstructor()

_IGNORE_TWO: Callable[[Any, Any], None] = {}.get
"""`descend_resolver(parent, index)` stand-in: a C built-in that takes two arguments and does nothing."""
_IGNORE_NONE = staticmethod(int)
"""`ascend_resolver()` stand-in: a C built-in that takes no argument and does nothing."""

_RESOLVER = Resolver()


@functools.lru_cache(maxsize=8192)
def _resolve(kind: Any, value: Any, implicit: Any) -> str:
    """PyYAML's safe resolver, memoised: without path resolvers (the safe loader has none) a node's
    implicit tag depends on its kind, text and implicitness alone. The cache wrapper is C code, so the
    composer's call for a repeated text (every key, most words) never enters Python."""
    tag: str = _RESOLVER.resolve(kind, value, implicit)  # type: ignore[no-untyped-call]  # untyped in types-PyYAML
    return tag


class _Fallback(Exception):
    """The file is not plainly clean: let the pure-Python path read it and say why."""


if AVAILABLE:

    class _Composer(CParser, Resolver):
        """libyaml's composer with PyYAML's safe resolver, called more cheaply. The composer calls three
        resolver methods per node; the safe resolver has no path resolvers, so descending and ascending
        do nothing (C built-ins that ignore their arguments stand in) and resolving is memoised."""

        descend_resolver = _IGNORE_TWO  # type: ignore[assignment]  # a C built-in is not bound: it gets both
        ascend_resolver = _IGNORE_NONE  # type: ignore[assignment]  # int() ignores no argument: a C no-op
        resolve = staticmethod(_resolve)


def _question_in_flow(text: str) -> bool:
    """Whether a `?` may be inside a flow collection, where PyYAML ends a plain scalar at it and libyaml
    doesn't: a line holding both, or a flow collection left open across lines (brackets in quotes
    count too, which only sends more texts the slow way)."""
    for line in text.splitlines():
        opened = line.count("[") + line.count("{")
        if opened != line.count("]") + line.count("}") or (opened and "?" in line):
            return True
    return False


def _unusual(text: str) -> bool:
    """Whether the text holds anything the two parsers may read differently (above): the slow way reads it."""
    return bool(_UNUSUAL_CHARACTERS.search(text) or _UNUSUAL_BLOCK_HEADER.search(text)
                or ("?" in text and (_QUESTION_AT_NODE_START.search(text) or _question_in_flow(text)))
                or _NON_PRINTABLE.search(text))


def compose(text: str, max_depth: int) -> dict[str, Any] | None:
    """The data of a clean text whose top level is a mapping, or None: read it the slow way.

    No positions are recorded: only the pure-Python path (`yamlload.parse_positional`) records them,
    for the few files a diagnostic needs them of (`yamlload.LazyPositions`).
    """
    if not AVAILABLE or _unusual(text):
        return None
    if sum(text.count(char) for char in _NESTING_INDICATORS) > _C_NESTING_GUARD:
        return None
    try:
        root = _Composer(text).get_single_node()
    except Exception:  # noqa: BLE001 - any libyaml complaint: the Python path words it
        return None
    if type(root) is not MappingNode or root.tag != _MAP:
        return None
    try:
        return _Walk(max_depth).mapping(root, 1)
    except _Fallback:
        return None


class _Walk:
    """One pass over the node tree: refusals and the plain data.

    Written for speed (it runs once per node of every spec): scalars are handled inline in the loops
    over their parent's children rather than through a call each.
    """

    __slots__ = ("max_depth",)

    def __init__(self, max_depth: int) -> None:
        self.max_depth = max_depth

    def node(self, node: Any, depth: int) -> Any:
        kind = type(node)
        if kind is MappingNode:
            return self.mapping(node, depth)
        if kind is SequenceNode:
            return self.sequence(node, depth)
        if kind is ScalarNode and depth <= self.max_depth:
            return self.scalar(node)
        raise _Fallback

    def mapping(self, node: MappingNode, depth: int) -> dict[str, Any]:
        if depth > self.max_depth or node.tag != _MAP:
            raise _Fallback
        inner = depth + 1
        scalar_ok = inner <= self.max_depth
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if type(key_node) is not ScalarNode or key_node.tag != _STR:
                raise _Fallback  # merge keys, keys YAML reads as numbers or booleans, complex keys
            key = key_node.value
            if key in out:
                raise _Fallback  # a duplicate key
            if type(value_node) is ScalarNode and scalar_ok:
                out[key] = value_node.value if value_node.tag == _STR else self.scalar(value_node)
            else:
                out[key] = self.node(value_node, inner)
        return out

    def sequence(self, node: SequenceNode, depth: int) -> list[Any]:
        if depth > self.max_depth or node.tag != _SEQ:
            raise _Fallback
        inner = depth + 1
        scalar_ok = inner <= self.max_depth
        out = []
        for item in node.value:
            if type(item) is ScalarNode and scalar_ok:
                out.append(item.value if item.tag == _STR else self.scalar(item))
            else:
                out.append(self.node(item, inner))
        return out

    def scalar(self, node: ScalarNode) -> Any:
        tag = node.tag
        if tag == _STR:
            return node.value
        construct = _SCALAR_CONSTRUCTORS.get(tag)
        if construct is None or tag == _INT and len(node.value) > MAX_INT_CHARS:
            raise _Fallback  # an unknown tag, or a number the Python path refuses as too long
        try:
            return construct(_constructor, node)
        except Exception:  # noqa: BLE001 - e.g. an impossible date: the Python path reports CG103
            raise _Fallback from None


def positions(text: str) -> dict[tuple[str | int, ...], tuple[int, int]] | None:
    """Where each node of a clean text starts (1-based line, column, by data path), as
    `yamlload.parse_positional` records them, from libyaml's node tree: for a text `compose` read (the
    caller knows it is clean), ten times faster than the pure-Python composer. None when it is not such a
    text (the caller then takes the positional parse). The same positions: tests/test_fast_paths.py."""
    if not AVAILABLE or _unusual(text):
        return None
    if sum(text.count(char) for char in _NESTING_INDICATORS) > _C_NESTING_GUARD:
        return None
    try:
        root = _Composer(text).get_single_node()
    except Exception:  # noqa: BLE001 - not clean after all: the positional parse words it
        return None
    if type(root) is not MappingNode:
        return None
    found: dict[tuple[str | int, ...], tuple[int, int]] = {(): (root.start_mark.line + 1, root.start_mark.column + 1)}
    lines: list[str] | None = None
    pending: list[tuple[Any, tuple[str | int, ...]]] = [(root, ())]
    while pending:  # the order of `_Walker` does not matter: a path is recorded once
        node, path = pending.pop()
        kind = type(node)
        if kind is MappingNode:
            for key_node, value_node in node.value:
                if type(key_node) is not ScalarNode:
                    return None
                child = (*path, key_node.value)
                mark = key_node.start_mark
                found[child] = (mark.line + 1, mark.column + 1)
                pending.append((value_node, child))
        elif kind is SequenceNode:
            for index, item in enumerate(node.value):
                child = (*path, index)
                mark = item.start_mark
                found[child] = (mark.line + 1, mark.column + 1)
                pending.append((item, child))
        elif node.style == "|" or "\n" in node.value:
            mark = node.start_mark
            if node.style == "|":  # literal block: content line i sits on the i-th line after the indicator
                if lines is None:
                    lines = text.split("\n")
                for index in range(node.value.count("\n") + 1):
                    number = mark.line + 1 + index
                    source = lines[number] if number < len(lines) else ""
                    found[(*path, index)] = (number + 1, len(source) - len(source.lstrip(" ")) + 1)
            else:
                for index in range(node.value.count("\n") + 1):
                    found[(*path, index)] = (mark.line + 1, mark.column + 1)
    return found


__all__ = ["AVAILABLE", "compose", "positions"]
