"""Positions of YAML nodes by data path (`("scenarios", 0, "expect", "players", "bob", "life")`), so every
error can point at file:line. The positions themselves come from the one YAML loader
(`cardgen.load.yamlload`) and are looked up as for specs (`cardgen.diagnostics.locate`); this module maps
a pydantic error location of a scenario onto a data path."""

from __future__ import annotations

from typing import Any

from cardgen.diagnostics import NodePath as Path
from cardgen.diagnostics import Positions, locate

__all__ = ["Path", "Positions", "locate", "pydantic_path"]


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
