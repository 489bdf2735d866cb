"""What running a scenario produces: plain, deterministic data another command can compare."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardgen.diagnostics import Location

_MISSING = object()


@dataclass(frozen=True, slots=True)
class Failure:
    """One expectation that didn't hold, or an action that went wrong, with where it is written."""

    location: Location
    scenario: str
    message: str
    expected: Any = _MISSING
    actual: Any = _MISSING

    def __str__(self) -> str:
        text = f"{self.location}: [{self.scenario}] {self.message}"
        if self.expected is not _MISSING:
            text += f": expected {self.expected!r}, got {self.actual!r}"
        return text

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"location": str(self.location), "scenario": self.scenario,
                                "message": self.message}
        if self.expected is not _MISSING:
            data["expected"] = self.expected
            data["actual"] = self.actual
        return data


@dataclass(slots=True)
class Outcome:
    """The result of one scenario: final snapshot, event log (plain dicts) and failures.

    `snapshot` and `events` depend only on the cards' behaviour, not on ids or the pool they came from,
    so `cardgen check` can compare outcomes of the same scenario played with different card pools.
    `errors` lists the error codes of refused actions, in order (expected ones included)."""

    name: str
    location: Location
    snapshot: dict[str, Any] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def comparable(self) -> dict[str, Any]:
        """Everything that must be equal between card pools."""
        return {"snapshot": self.snapshot, "events": self.events, "errors": self.errors}
