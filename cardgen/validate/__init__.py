"""Validation of a loaded catalog: structure, gift rules (702.174), printed text, names and paths.

`validate_catalog(catalog)` runs every check over the loaded cards and sets and returns their
diagnostics, sorted. It does NOT repeat the loader's diagnostics (`catalog.diagnostics`: files that could
not be read or failed the schema); a command reports both: `[*catalog.diagnostics, *validate_catalog(c)]`.
Each check is a small function over one card; a check that crashes becomes a `CG901`
diagnostic for that card instead of a traceback, so one bug never hides the other findings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from cardgen.diagnostics import Diagnostic, DiagnosticRow, Location, diagnostics_in, diagnostics_out
from cardgen.executor import FileCache, per_card
from cardgen.load.codes import CODES, diagnostic
from cardgen.model.catalog import Catalog, LoadedCard
from cardgen.validate.context import CardReport
from cardgen.validate.engines import check_engines
from cardgen.validate.gift_rules import check_gift
from cardgen.validate.meaning import check_meaning
from cardgen.validate.naming import check_card_names, check_card_sets, check_catalog_naming
from cardgen.validate.printed import check_printed
from cardgen.validate.structure import check_structure
from cardgen.validate.text import check_text
from cardgen.validate.translations import check_translation_names, check_translations

__all__ = ["CODES", "card_local_diagnostics", "card_local_results", "card_set_diagnostics", "local_checks",
           "validate_catalog"]


def local_checks() -> tuple[tuple[str, Callable[[CardReport], None]], ...]:
    """The per-card checks that depend on the card's file alone (cacheable by its bytes). Looked up at
    each call, so a test can replace one."""
    return (
        ("structure", check_structure),
        ("gift", check_gift),
        ("text", check_text),
        ("meaning", check_meaning),
        ("engines", check_engines),
        ("printed", check_printed),
        ("naming", check_card_names),
        ("translations", check_translations),
    )


def _run_checks(loaded: LoadedCard, checks: Iterable[tuple[str, Callable[[CardReport], None]]],
                shared: dict[str, object]) -> list[Diagnostic]:
    out: list[Diagnostic] = []
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


def card_local_diagnostics(loaded: LoadedCard) -> list[Diagnostic]:
    """What `local_checks()` find in one card (a check that crashes becomes CG901 for that card)."""
    return _run_checks(loaded, local_checks(), {})


def card_local_results(loaded: LoadedCard) -> tuple[list[Diagnostic], str | None]:
    """`card_local_diagnostics`, and the XMage class text the engines check wrote for the card (None when
    it wrote none: refused, or the check did not run)."""
    shared: dict[str, object] = {}
    found = _run_checks(loaded, local_checks(), shared)
    return found, getattr(shared.get("engine:xmage"), "text", None)


def card_set_diagnostics(loaded: Any, catalog: Catalog) -> list[Diagnostic]:
    """The per-card check that needs the other files: every printing's set has a `set.yaml`."""
    return _run_checks(loaded, (("naming", lambda report: check_card_sets(report, catalog)),), {})


def _restored(_loaded: LoadedCard, rows: list[DiagnosticRow]) -> list[Diagnostic]:
    return diagnostics_in(rows)


def _rows_of(result: tuple[list[Diagnostic], str | None]) -> list[DiagnosticRow]:
    return diagnostics_out(result[0])


def _restored_without_text(_loaded: LoadedCard, rows: list[DiagnosticRow]) -> tuple[list[Diagnostic], str | None]:
    return diagnostics_in(rows), None


def validate_catalog(catalog: Catalog, *, jobs: int = 1, cache: FileCache | None = None,
                     texts: dict[int, str] | None = None) -> list[Diagnostic]:
    """The checks over every loaded card and set, sorted by place (the loader's diagnostics excluded).

    The per-card checks that depend on the card's file alone run in the executor: `jobs` > 1 shares
    them among worker processes, `cache` (the one the catalog was loaded with) reuses the results of
    files seen before. Same result either way. `texts`, when given, receives the XMage class the checks
    wrote of each card (by the card's identity; not for a card whose checks came from the cache), which
    is the text export writes: export passes it on rather than render each class twice."""
    cards = catalog.cards
    keys = [cache.key_of(loaded.path) for loaded in cards] if cache is not None else None
    local: Iterable[list[Diagnostic]]
    if texts is None:
        local = per_card("checks", card_local_diagnostics, cards, jobs=jobs, cache=cache, keys=keys,
                         store=diagnostics_out, restore=_restored)
    else:
        local = _keeping_texts(per_card("checks", card_local_results, cards, jobs=jobs, cache=cache, keys=keys,
                                        store=_rows_of, restore=_restored_without_text), cards, texts)
    out: list[Diagnostic] = []
    for loaded, found in zip(cards, local, strict=True):
        out.extend(found)
        out.extend(card_set_diagnostics(loaded, catalog))
    for name, check in (("naming", check_catalog_naming), ("translation names", check_translation_names)):
        try:
            out.extend(check(catalog))
        except Exception as error:  # noqa: BLE001
            out.append(diagnostic("CG901", f"the catalog {name} check failed: {type(error).__name__}: {error}"))
    return sorted(out, key=Diagnostic.sort_key)


def _keeping_texts(results: Iterable[tuple[list[Diagnostic], str | None]], cards: list[LoadedCard],
                   texts: dict[int, str]) -> Iterator[list[Diagnostic]]:
    for loaded, (found, text) in zip(cards, results, strict=True):
        if text is not None:
            texts[id(loaded.card)] = text
        yield found
