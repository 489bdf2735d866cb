"""Positions of YAML nodes by data path (`("scenarios", 0, "expect", "players", "bob", "life")`), so every
error can point at file:line. The positions themselves come from the one YAML loader
(`cardgen.load.yamlload`); this module finds the position of a data path, or of a pydantic error location."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Path = tuple[str | int, ...]
Positions = Mapping[Path, tuple[int, int]]


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
