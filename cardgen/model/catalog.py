"""The loaded spec collection that every command works from.

INTERFACE NOTE: `load_catalog(paths)` returns a `Catalog`; commands never read YAML themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.diagnostics import Diagnostic
from cardgen.model.card import Card, SetInfo


@dataclass(frozen=True, slots=True)
class LoadedCard:
    """A card spec with the file it came from (and, from the loader, YAML node positions by path)."""

    card: Card
    path: Path
    positions: Mapping[tuple[str | int, ...], tuple[int, int]] = field(default_factory=dict)
    """Model location path (as in pydantic `loc`, without union tags) -> (line, column), 1-based. For a
    file read the fast way, a `yamlload.LazyPositions`: computed from the file when first asked for."""


@dataclass(frozen=True, slots=True)
class LoadedSet:
    info: SetInfo
    path: Path
    positions: Mapping[tuple[str | int, ...], tuple[int, int]] = field(default_factory=dict)
    """As `LoadedCard.positions`, for the set file."""


@dataclass(slots=True)
class Catalog:
    """Cards sorted by name, sets by code, and whatever went wrong loading them."""

    cards: list[LoadedCard] = field(default_factory=list)
    sets: dict[str, LoadedSet] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def by_name(self) -> dict[str, LoadedCard]:
        return {loaded.card.name: loaded for loaded in self.cards}
