"""The contract between the export/diff/check commands and an engine backend."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from cardgen.diagnostics import Diagnostic
from cardgen.model.card import Card
from cardgen.model.catalog import Catalog


@dataclass(slots=True)
class RenderResult:
    """Files to write, keyed by POSIX path relative to the engine's output root (`output/<engine>/`),
    plus problems met while rendering (a spec the engine cannot express is a diagnostic, not a crash)."""

    files: dict[str, str] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)


@dataclass(slots=True)
class ReadResult:
    """A card read back from an engine file. `card` is None when the file could not be understood;
    every construct the reader does not know is a diagnostic, never silently dropped."""

    card: Card | None
    diagnostics: list[Diagnostic] = field(default_factory=list)


class Backend(Protocol):
    name: str

    def render(self, catalog: Catalog, set_codes: frozenset[str] | None = None,
               rendered: Mapping[int, str | None] | None = None) -> RenderResult:
        """Render every card of the catalog (restricted to printings in `set_codes` when given) and the
        set-level files (Forge edition lines, XMage set registration). `rendered` holds card texts the
        executor computed beforehand (`--jobs`, `--cache`), by card identity; the others are rendered
        here (`render_card`, a pure function of the card)."""
        ...

    def render_files(self, catalog: Catalog, set_codes: frozenset[str] | None, diagnostics: list[Diagnostic],
                     rendered: Mapping[int, str | None] | None = None) -> Iterator[tuple[str, str]]:
        """(path, text) of each file as it is rendered, cards first, then the set-level files; problems are
        appended to `diagnostics`. What `render` returns, one file at a time, for export to write as it comes."""
        ...

    def render_card(self, card: Card) -> str:
        """The text of one card's own file."""
        ...

    def card_path(self, card: Card) -> str:
        """The path, relative to the engine output root, of the card's own file."""
        ...

    def read_card(self, path: Path) -> ReadResult:
        """Parse one engine file back into a spec."""
        ...

    def card_files(self, root: Path) -> list[Path]:
        """The card files under an engine checkout or output root (for `diff --against`): regular files,
        or links to them inside `root` (`cardgen.inputs.within_root`); the others are left out and listed
        in the backend's `skipped_files` (path, why), which `diff` reports."""
        ...
