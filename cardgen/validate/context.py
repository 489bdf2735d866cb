"""Shared plumbing for the checks: where a data path of a loaded card is in its file."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardgen.diagnostics import Diagnostic, Location, Severity
from cardgen.spec.catalog import LoadedCard
from cardgen.validate.codes import diagnostic
from cardgen.validate.schema import NodePath, location_of


@dataclass(slots=True)
class CardReport:
    """Collects the diagnostics of one card, each placed at the YAML node a data path names."""

    loaded: LoadedCard
    items: list[Diagnostic] = field(default_factory=list)

    @property
    def file(self) -> str:
        return self.loaded.path.as_posix()

    def at(self, path: NodePath) -> Location:
        return location_of(self.file, self.loaded.positions, path)

    def add(
        self, code: str, message: str, path: NodePath = (), *, rule: str | None = None,
        severity: Severity | None = None,
    ) -> None:
        self.items.append(diagnostic(code, message, self.at(path), rule=rule, severity=severity))


def dotted(path: NodePath) -> str:
    """`abilities[0].effects[1]`: a data path as a contributor reads it."""
    out = ""
    for element in path:
        out += f"[{element}]" if isinstance(element, int) else (f".{element}" if out else str(element))
    return out
