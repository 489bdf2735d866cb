"""YAML with positions: plain Python data plus the line and column of every node, keyed by its path
(`("scenarios", 0, "expect", "players", "bob", "life")`), so every error can point at file:line.
Duplicate mapping keys are errors (plain PyYAML keeps the last one silently)."""

from __future__ import annotations

from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

Path = tuple[str | int, ...]
Positions = dict[Path, tuple[int, int]]


class YamlError(ValueError):
    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


def load(text: str) -> tuple[Any, Positions]:
    loader = yaml.SafeLoader(text)
    try:
        try:
            root = loader.get_single_node()
        except yaml.MarkedYAMLError as error:
            mark = error.problem_mark
            raise YamlError(str(error.problem or error), mark.line + 1 if mark else None,
                            mark.column + 1 if mark else None) from None
        except yaml.YAMLError as error:
            raise YamlError(str(error)) from None
        positions: Positions = {}
        if root is None:
            return None, positions
        return _build(loader, root, (), positions), positions
    finally:
        loader.dispose()


def _where(node: Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _build(loader: yaml.SafeLoader, node: Node, path: Path, positions: Positions,
           where: tuple[int, int] | None = None) -> Any:
    """`where` is the key's position for a mapping value: errors about `life:` point at that line."""
    positions[path] = where or _where(node)
    if isinstance(node, MappingNode):
        loader.flatten_mapping(node)
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, str | int | bool | float) or key is None:
                raise YamlError("mapping keys must be plain scalars", *_where(key_node))
            if key in out:
                raise YamlError(f"duplicate key {key!r}", *_where(key_node))
            out[key] = _build(loader, value_node, path + (key,), positions, _where(key_node))
        return out
    if isinstance(node, SequenceNode):
        return [_build(loader, item, path + (index,), positions) for index, item in enumerate(node.value)]
    assert isinstance(node, ScalarNode)
    return loader.construct_object(node, deep=True)


def locate(positions: Positions, path: Path) -> tuple[int, int] | None:
    """The position of `path`, or of its nearest ancestor that has one."""
    current = tuple(path)
    while True:
        if current in positions:
            return positions[current]
        if not current:
            return None
        current = current[:-1]


def pydantic_path(positions: Positions, base: Path, loc: tuple[Any, ...]) -> Path:
    """Map a pydantic error `loc` (which contains union tags and model names) onto a data path. A part
    that is not a key here is a tag; so is a part that merely shadows a key when the next part fits
    without it (the `cast` tag of a `{cast: ...}` action)."""
    path = tuple(base)
    parts = list(loc)
    for index, part in enumerate(parts):
        following = parts[index + 1] if index + 1 < len(parts) else None
        candidate = path + (part,)
        if candidate not in positions:
            continue
        if following is not None and path + (following,) in positions and candidate + (following,) not in positions:
            continue
        path = candidate
    return path
