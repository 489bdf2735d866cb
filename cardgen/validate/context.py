"""Shared plumbing for the checks: where a data path of a loaded card is in its file."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from cardgen.diagnostics import Diagnostic, Location, Severity
from cardgen.load.codes import diagnostic
from cardgen.load.schema_errors import NodePath, location_of
from cardgen.model.catalog import LoadedCard
from cardgen.validate.walk import EffectSite, effect_sites


@dataclass(slots=True)
class CardReport:
    """Collects the diagnostics of one card, each placed at the YAML node a data path names."""

    loaded: LoadedCard
    items: list[Diagnostic] = field(default_factory=list)
    shared: dict[str, Any] | None = None
    """Scratch space shared by the reports of one card (`validate_catalog` gives all its checks the same
    dict), so what several checks derive from the card, like its effect sites, is derived once."""

    def sites(self) -> Iterable[EffectSite]:
        """`effect_sites(card)`, walked once per card when the report shares a scratch dict."""
        if self.shared is None:
            return effect_sites(self.loaded.card)
        found = self.shared.get("sites")
        if found is None:
            try:
                found = tuple(effect_sites(self.loaded.card))
            except Exception:  # noqa: BLE001 - let the check meet the error where it always did
                return effect_sites(self.loaded.card)
            self.shared["sites"] = found
        return found

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
