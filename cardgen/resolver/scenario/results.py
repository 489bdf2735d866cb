"""What running a scenario produces: plain, deterministic data another command can compare."""

from __future__ import annotations

from collections.abc import Callable
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
    detail: str = ""
    """The traceback of an internal error (shown with `-v`)."""

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
        if self.detail:
            data["traceback"] = self.detail
        return data


@dataclass(slots=True)
class Outcome:
    """The result of one scenario: final snapshot, event log (plain dicts) and failures.

    `snapshot` and `events` depend only on the cards' behaviour, not on ids or the pool they came from,
    so `cardgen check` can compare outcomes of the same scenario played with different card pools.
    `errors` lists the error codes of refused actions, in order (expected ones included)."""

    name: str
    locate: Callable[[], Location] = field(repr=False, compare=False)
    """Where the scenario is written, asked for only when shown (positions cost a second parse of the file)."""
    snapshot: dict[str, Any] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    @property
    def location(self) -> Location:
        return self.locate()

    def comparable(self) -> dict[str, Any]:
        """Everything that must be equal between card pools."""
        return {"snapshot": self.snapshot, "events": self.events, "errors": self.errors}


def _diff(path: str, left: Any, right: Any, out: list[str], limit: int) -> None:
    if len(out) >= limit or left == right:
        return
    if isinstance(left, dict) and isinstance(right, dict):
        for key in sorted(set(left) | set(right), key=str):
            _diff(f"{path}.{key}" if path else str(key), left.get(key, "<missing>"), right.get(key, "<missing>"),
                  out, limit)
        return
    if isinstance(left, list) and isinstance(right, list) and len(left) == len(right):
        for index, (a, b) in enumerate(zip(left, right, strict=True)):
            _diff(f"{path}[{index}]", a, b, out, limit)
        return
    out.append(f"{path}: {left!r} != {right!r}")


def diff_outcomes(expected: Outcome, actual: Outcome, limit: int = 10) -> list[str]:
    """Where two runs of one scenario differ (snapshot paths, the first diverging event, refused
    actions): what `cardgen check` reports when a card read back from an engine behaves differently."""
    out: list[str] = []
    _diff("snapshot", expected.snapshot, actual.snapshot, out, limit)
    events_a, events_b = expected.events, actual.events
    if events_a != events_b and len(out) < limit:
        index = next((i for i, (a, b) in enumerate(zip(events_a, events_b, strict=False)) if a != b),
                     min(len(events_a), len(events_b)))
        left = events_a[index] if index < len(events_a) else "<end of log>"
        right = events_b[index] if index < len(events_b) else "<end of log>"
        out.append(f"events[{index}]: {left!r} != {right!r}")
    if expected.errors != actual.errors and len(out) < limit:
        out.append(f"errors: {expected.errors!r} != {actual.errors!r}")
    return out
