"""Diagnostics are data: every problem found in input is a record with a code, the rule it enforces,
where it is, and a message a contributor can act on. Commands collect them and report them together
instead of stopping at the first one or raising a traceback.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

Severity = Literal["error", "warning", "note"]
"""An error fails the command; a warning is a problem a user should act on (an error with `--strict`);
a note is a fact worth knowing that needs no action (what the generated tests leave out, a scenario
that shows a known engine deviation): notes are summarised, never fail a command, and `--strict` leaves
them notes."""


@dataclass(frozen=True, slots=True, order=True)
class Location:
    """file:line:column of a YAML node (1-based), or of a whole file when line is None."""

    file: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        if self.line is None:
            return self.file
        if self.column is None:
            return f"{self.file}:{self.line}"
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem. `code` is stable (tests and CI match on it); `rule` names the comprehensive rule or
    spec rule enforced, e.g. `702.174m`, when there is one."""

    code: str
    message: str
    location: Location | None = None
    rule: str | None = None
    severity: Severity = "error"

    def sort_key(self) -> tuple[str, int, int, str, str]:
        loc = self.location
        return (
            loc.file if loc else "",
            loc.line or 0 if loc else 0,
            loc.column or 0 if loc else 0,
            self.code,
            self.message,
        )


@dataclass(slots=True)
class DiagnosticBag:
    """Collects diagnostics while a command works; sorted on the way out so output is deterministic."""

    items: list[Diagnostic] = field(default_factory=list)

    def add(self, diagnostic: Diagnostic) -> None:
        self.items.append(diagnostic)

    def extend(self, diagnostics: list[Diagnostic] | tuple[Diagnostic, ...]) -> None:
        self.items.extend(diagnostics)

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.items, key=Diagnostic.sort_key)

    def errors(self, strict: bool = False) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "error" or (strict and d.severity == "warning")]

    def has_errors(self, strict: bool = False) -> bool:
        return bool(self.errors(strict))


NodePath = tuple[str | int, ...]
"""A path into a parsed spec, as pydantic reports it: keys and list indexes from the root."""
Positions = Mapping[NodePath, tuple[int, int]]
"""Where each node of a parsed spec starts in its file (line, column)."""


def locate(positions: Positions, path: NodePath) -> tuple[int, int] | None:
    """Position of the deepest recorded node on `path` (the path itself, else its nearest parent)."""
    for end in range(len(path), -1, -1):
        found = positions.get(path[:end])
        if found is not None:
            return found
    return None


def location_of(file: str, positions: Positions, path: NodePath) -> Location:
    """The `Location` of `path` in `file`; here, below every layer, so engines can point at a spec."""
    found = locate(positions, path)
    return Location(file, *found) if found else Location(file)


# ------------------------------------------------------------------------------- as plain data

DiagnosticRow = tuple[str, str, tuple[str, int | None, int | None] | None, str | None, Severity]
"""A diagnostic as plain data: code, message, (file, line, column) or None, rule, severity."""


def _diagnostic_out(item: Diagnostic) -> DiagnosticRow:
    loc = item.location
    where = None if loc is None else (loc.file, loc.line, loc.column)
    return (item.code, item.message, where, item.rule, item.severity)


def _diagnostic_in(row: DiagnosticRow) -> Diagnostic:
    if not _is_row(row):
        raise TypeError("not a diagnostic row")  # a row read back from outside (a cache) of another shape
    code, message, where, rule, severity = row
    return Diagnostic(code, message, None if where is None else Location(*where), rule, severity)


def _is_row(row: object) -> bool:
    if not isinstance(row, (tuple, list)) or len(row) != 5:
        return False
    code, message, where, rule, severity = row
    return (isinstance(code, str) and isinstance(message, str) and isinstance(rule, (str, type(None)))
            and severity in ("error", "warning", "note") and (where is None or _is_place(where)))


def _is_place(where: object) -> bool:
    return (isinstance(where, (tuple, list)) and len(where) == 3 and isinstance(where[0], str)
            and all(isinstance(part, (int, type(None))) and not isinstance(part, bool) for part in where[1:]))


def diagnostics_out(items: Iterable[Diagnostic]) -> list[DiagnosticRow]:
    """Diagnostics as plain tuples (what the cache stores and a worker sends back cheaply)."""
    return [_diagnostic_out(item) for item in items]


def diagnostics_in(rows: Iterable[DiagnosticRow]) -> list[Diagnostic]:
    """The diagnostics `diagnostics_out` made plain."""
    return [_diagnostic_in(row) for row in rows]
