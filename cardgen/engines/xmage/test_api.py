"""The methods of XMage's test base a generated test may call (`test_api.txt`, read from XMage's source by
`refresh`, commit in its header): each public method of `CardTestPlayerAPIImpl` with its parameter types,
so that every assertion the test template writes is checked to be one XMage's harness has."""

from __future__ import annotations

import functools
from pathlib import Path

DATA = Path(__file__).resolve().parent / "test_api.txt"


@functools.cache
def methods(path: Path = DATA) -> dict[str, tuple[tuple[str, ...], ...]]:
    """Method name -> each overload's parameter types (`T...` for varargs)."""
    found: dict[str, list[tuple[str, ...]]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        _, name, rest = (line.split("\t") + [""])[:3]
        found.setdefault(name, []).append(tuple(part.strip() for part in rest.split(",") if part.strip()))
    return {name: tuple(sorted(lists)) for name, lists in sorted(found.items())}


__all__ = ["DATA", "methods"]
