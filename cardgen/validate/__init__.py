"""Validation of a loaded catalog: structure, gift rules (702.174), printed text, names and paths.

`validate_catalog(catalog)` runs every check over the loaded cards and sets and returns their
diagnostics, sorted. It does NOT repeat the loader's diagnostics (`catalog.diagnostics`: files that could
not be read or failed the schema); a command reports both: `[*catalog.diagnostics, *validate_catalog(c)]`.
Each check is a small function over one card; a check that crashes becomes a `CG901`
diagnostic for that card instead of a traceback, so one bug never hides the other findings.
"""

from __future__ import annotations

from collections.abc import Callable

from cardgen.diagnostics import Diagnostic, Location
from cardgen.spec.catalog import Catalog
from cardgen.validate.codes import CODES, diagnostic
from cardgen.validate.context import CardReport
from cardgen.validate.gift_rules import check_gift
from cardgen.validate.naming import check_card_naming, check_catalog_naming
from cardgen.validate.structure import check_structure
from cardgen.validate.text import check_text

__all__ = ["CODES", "validate_catalog"]


def _card_checks(catalog: Catalog) -> list[tuple[str, Callable[[CardReport], None]]]:
    return [
        ("structure", check_structure),
        ("gift", check_gift),
        ("text", check_text),
        ("naming", lambda report: check_card_naming(report, catalog)),
    ]


def _card_diagnostics(catalog: Catalog, start: int, stop: int) -> list[Diagnostic]:
    """The per-card checks of `catalog.cards[start:stop]`, in card order (a check that crashes becomes
    CG901 for that card)."""
    out: list[Diagnostic] = []
    checks = _card_checks(catalog)
    for loaded in catalog.cards[start:stop]:
        shared: dict[str, object] = {}
        for name, check in checks:
            report = CardReport(loaded, shared=shared)
            try:
                check(report)
            except Exception as error:  # noqa: BLE001 - a bug in one check must not hide the others
                report.items.append(diagnostic(
                    "CG901", f"the {name} check failed: {type(error).__name__}: {error}",
                    Location(loaded.path.as_posix()),
                ))
            out.extend(report.items)
    return out


def validate_catalog(catalog: Catalog, *, jobs: int = 1) -> list[Diagnostic]:
    """The checks over every loaded card and set, sorted by place (the loader's diagnostics excluded).

    `jobs` > 1 runs the per-card checks in that many worker processes (same result)."""
    from cardgen.parallel import map_ranges

    out: list[Diagnostic] = []
    for chunk in map_ranges(_card_diagnostics, catalog, len(catalog.cards), jobs):
        out.extend(chunk)
    try:
        out.extend(check_catalog_naming(catalog))
    except Exception as error:  # noqa: BLE001
        out.append(diagnostic("CG901", f"the catalog naming check failed: {type(error).__name__}: {error}"))
    return sorted(out, key=Diagnostic.sort_key)
