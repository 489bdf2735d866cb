"""`cardgen validate` from per-file summaries, so that it can share the work and reuse it.

Nearly everything `validate` reports about a card file depends on that file alone: reading, YAML, the
schema, and every per-card check but one (`local_checks()`). The rest needs only a few facts per card —
its name, file and printings' sets (do the sets exist, do two cards clash, which `set.yaml` files to
read) — and the set files, which are few. So each card file is *summarised*: its diagnostics plus a
stand-in (`CardFacts`) holding just those facts. Summaries are computed in worker processes with
`--jobs`, or taken from the cache with `--cache`; then the one function that assembles a catalog
(`load.specs.assemble_catalog`) runs on the stand-ins, and the cross-file checks run on it.

The report is the same as `load_catalog` + `validate_catalog` (tests/test_validate_summary.py compares
them), and the parent never holds a model of every card.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from cardgen import gc_pause
from cardgen.diagnostics import Diagnostic, diagnostics_in, diagnostics_out
from cardgen.executor import FileCache, per_card
from cardgen.load.specs import (
    SET_FILE,
    FileResult,
    _collect,
    assemble_catalog,
    files_to_read,
    load_file,
    read_and_parse,
)
from cardgen.load.yamlload import LazyPositions, lazy_positions, plain_positions
from cardgen.model.catalog import LoadedCard
from cardgen.validate import card_local_diagnostics, card_set_diagnostics
from cardgen.validate.naming import check_catalog_naming
from cardgen.validate.translations import check_translation_names


@dataclass(frozen=True, slots=True)
class PrintingFacts:
    set: str
    number: str


@dataclass(frozen=True, slots=True)
class TranslationFacts:
    name: str


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What the cross-file checks read of a card."""

    name: str
    printings: tuple[PrintingFacts, ...]
    translations: Mapping[str, TranslationFacts] = field(default_factory=dict)
    """The translated name per language (names unique per language in a set, CG314)."""


@dataclass(frozen=True, slots=True)
class CardStandIn:
    """Stands in for a `LoadedCard` where only its facts are needed: `.card.name`,
    `.card.printings[i].set`, `.path`, and the positions of those keys."""

    card: CardFacts
    path: Path
    positions: Mapping[tuple[str | int, ...], tuple[int, int]] = field(default_factory=dict)
    checks: tuple[Diagnostic, ...] = ()
    """What `local_checks()` found in the card."""


def _facts_positions(positions: Mapping[tuple[str | int, ...], tuple[int, int]]) -> Mapping[tuple[str | int, ...],
                                                                                         tuple[int, int]]:
    """The positions the cross-file checks can ask for: the name, the printings and their sets (and the
    top of the file, where a missing one falls back). Positions not computed yet stay so."""
    if isinstance(positions, LazyPositions) and not positions.computed:
        return positions
    return {path: where for path, where in positions.items()
            if not path or path[0] == "name" and len(path) == 1
            or path[0] == "printings" and (len(path) <= 2 or len(path) == 3 and path[2] in ("set", "number"))
            or path[0] == "translations" and len(path) == 3 and path[2] == "name"}


def stand_in(loaded: LoadedCard) -> CardStandIn:
    card = loaded.card
    facts = CardFacts(card.name, tuple(PrintingFacts(printing.set, printing.number) for printing in card.printings),
                      {language: TranslationFacts(t.name) for language, t in card.translations.items()})
    return CardStandIn(facts, loaded.path, _facts_positions(loaded.positions),
                       tuple(card_local_diagnostics(loaded)))


def summarise(path: Path, raw: bytes | None = None) -> FileResult:
    """`load_file(path)`, with a stand-in (carrying its per-card check results) in place of the card."""
    result = load_file(path) if raw is None else load_file(path, read_and_parse(path, raw))
    if result.card is not None:
        result.card = stand_in(result.card)  # type: ignore[assignment]
    return result


# ---------------------------------------------------------------------------------- the cache form


def _to_plain(result: FileResult) -> tuple[Any, ...]:
    facts = None
    if result.card is not None:
        card = cast(CardStandIn, result.card)  # a result read from the cache holds the card's stand-in
        printings = [(p.set, p.number) for p in card.card.printings]
        names = [(language, t.name) for language, t in card.card.translations.items()]
        facts = (card.card.name, printings, plain_positions(card.positions), diagnostics_out(card.checks), names)
    return (diagnostics_out(result.diagnostics), facts)


def _from_plain(path: Path, raw: bytes, plain: tuple[Any, ...]) -> FileResult:
    problems, facts = plain
    result = FileResult(diagnostics=diagnostics_in(problems))
    if facts is not None:
        name, sets, positions, checks, names = facts
        result.card = CardStandIn(  # type: ignore[assignment]
            CardFacts(name, tuple(PrintingFacts(code, number) for code, number in sets),
                      {language: TranslationFacts(translated) for language, translated in names}), path,
            lazy_positions(str(path), raw, positions),
            tuple(diagnostics_in(checks)))
    return result


def _summarise_item(item: tuple[Path, bytes | None]) -> FileResult:
    return summarise(*item)


def _summary_from_plain(item: tuple[Path, bytes | None], plain: tuple[Any, ...]) -> FileResult:
    path, raw = item
    assert raw is not None  # only a file read through the cache has a key
    return _from_plain(path, raw, plain)


def _results(files: list[Path], jobs: int, cache: FileCache | None) -> Iterator[FileResult]:
    """A `FileResult` per file, in order: set files loaded here (they are few), card files summarised
    by the executor (from the cache, by workers, or here)."""
    items, keys = files_to_read([file for file in files if file.name != SET_FILE], cache)
    summaries = per_card("summary", _summarise_item, items, jobs=jobs, cache=cache, keys=keys,
                         store=_to_plain, restore=_summary_from_plain)
    for file in files:
        yield load_file(file) if file.name == SET_FILE else next(summaries)


def validate_files(paths: Sequence[Path], *, jobs: int = 1,
                   cache: FileCache | None = None) -> tuple[list[Path], list[Diagnostic]]:
    """The spec files under `paths` and every diagnostic about them: the loader's (sorted), then the
    checks' (sorted) — exactly `[*catalog.diagnostics, *validate_catalog(catalog)]`."""
    with gc_pause.paused():
        files, warnings, read = _collect(paths)
        catalog = assemble_catalog(files, warnings, read, _results(files, jobs, cache))
        checks: list[Diagnostic] = []
        for stand in catalog.cards:
            checks.extend(cast(CardStandIn, stand).checks)  # the catalog of results holds stand-ins
            checks.extend(card_set_diagnostics(stand, catalog))
        for name, check in (("naming", check_catalog_naming), ("translation names", check_translation_names)):
            try:
                checks.extend(check(catalog))
            except Exception as error:  # noqa: BLE001 - as validate_catalog
                from cardgen.load.codes import diagnostic

                checks.append(diagnostic("CG901", f"the catalog {name} check failed: {type(error).__name__}: "
                                         f"{error}"))
        found = [*catalog.diagnostics, *sorted(checks, key=Diagnostic.sort_key)]
        del catalog  # released while the collector is still paused (see cardgen.gc_pause)
        return files, found


__all__: list[Any] = ["CardStandIn", "stand_in", "summarise", "validate_files"]
