"""`cardgen check`: prove the generated Forge and XMage cards behave as their spec."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cardgen.commands.common import (
    DEFAULT_SPECS,
    ENGINE_CHOICE,
    cache_option,
    engines_for,
    jobs_option,
    load_validated,
    resolve_jobs,
    spec_paths_argument,
)
from cardgen.commands.reporting import Reporter, report_options
from cardgen.diagnostics import Location

if TYPE_CHECKING:
    from cardgen.cache import SpecCache
    from cardgen.crosscheck import CheckReport
    from cardgen.model.catalog import Catalog

DEFAULT_SCENARIOS = Path("scenarios")


@click.command("check")
@spec_paths_argument
@click.option("--scenarios", "scenario_paths", type=click.Path(exists=True, path_type=Path), multiple=True,
              help="Scenario files or folders (default scenarios/); repeatable.")
@click.option("--engine", "engine_choice", type=ENGINE_CHOICE, default="all", show_default=True,
              help="Which engines' read-back cards to compare with the spec.")
@report_options()
@jobs_option
@cache_option
def check(paths: tuple[Path, ...], scenario_paths: tuple[Path, ...], engine_choice: str, reporter: Reporter,
          jobs: int | None, use_cache: bool) -> None:
    """Render each spec for every engine, read each generated file back into a spec, and play every
    scenario three ways: from the spec, from the Forge read-back and from the XMage read-back.

    Final states and event logs must be identical, and the spec run must meet the scenario's
    expectations. Each difference is reported (CHK001) as card / scenario / engine / first differing
    field or event; exit 1 if there is any. The scenarios play with the given specs and cardgen's test
    cards (Grizzly Bears, Shock, basic lands, ...), so a folder of specs is checked on its own. A card
    without scenarios is a warning (CHK002; with --scenarios, only under --strict). -v prints the
    table of cards and runs.

    \b
    Examples:
      cardgen check                                   # all specs, all scenarios, both engines
      cardgen check --engine forge --scenarios scenarios/blb/kitnap.yaml
      cardgen check --strict                          # also fail on cards without scenarios
      cardgen check card_specs/blb/wear_down.yaml     # one card's scenarios
    """
    from cardgen import gc_pause

    targets = list(scenario_paths)
    if not targets:
        if not DEFAULT_SCENARIOS.is_dir():
            raise click.UsageError("no --scenarios given and ./scenarios does not exist")
        targets = [DEFAULT_SCENARIOS]
    from cardgen.cache import open_cache

    engines = engines_for(engine_choice)
    cache = open_cache(use_cache)
    try:
        with gc_pause.paused():  # see cardgen.gc_pause; the catalog is released before it resumes
            report, spec_files = _run(paths, targets, engines, reporter, resolve_jobs(jobs, reporter), cache)
    finally:
        if cache is not None:
            cache.close()
    _deviation_notes(report, engines, reporter)
    _summarise(report, engines, reporter, spec_files, narrowed=bool(scenario_paths))


def _deviation_notes(report: CheckReport, engines: list[str], reporter: Reporter) -> None:
    """Say which of the scenarios checked touch a known engine deviation (cardgen/data/engine_deviations.yaml):
    the engine, not the scenario, is wrong there."""
    from cardgen.deviations import scenario_notes

    cards = set(report.cards)
    reporter.report(scenario_notes([loaded for loaded in report.scenarios if loaded.card in cards], engines))


def _run(paths: tuple[Path, ...], targets: list[Path], engines: list[str], reporter: Reporter, jobs: int,
         cache: SpecCache | None) -> tuple[CheckReport, dict[str, str]]:
    """The check report, and the spec file of each card checked (where a card without scenarios is)."""
    from cardgen.crosscheck import check_catalog

    catalog, failed = load_validated(paths, reporter, jobs=jobs, cache=cache, engines=engines)
    if failed:
        reporter.summary()
        reporter.say("check: specs have errors; fix them first (cardgen validate).", err=True)
        sys.exit(1)
    spec_files = {loaded.card.name: str(loaded.path) for loaded in catalog.cards}
    focus = _complete_pool(catalog, paths, jobs, cache)
    return check_catalog(catalog, targets, engines, jobs=jobs, cache=cache, focus=focus), spec_files


def _complete_pool(catalog: Catalog, paths: tuple[Path, ...], jobs: int,
                   cache: SpecCache | None) -> frozenset[str] | None:
    """Add the cards the scenarios may play with to `catalog`: with spec paths given, the project's own
    card_specs/; always, cardgen's test cards (`cardgen.stand_ins`). The given specs win over a pool card
    of the same name, and the pool is loaded, not validated: only the given specs' diagnostics are
    reported. Returns the names to check (None: every card in the catalog)."""
    from cardgen.load.specs import load_catalog
    from cardgen.stand_ins import stand_in_folders

    covered = {Path(loaded.path).resolve().parent for loaded in catalog.cards}
    folders = [DEFAULT_SPECS] if paths and DEFAULT_SPECS.is_dir() else []
    folders += [folder for folder in stand_in_folders() if folder.resolve() not in covered]
    if not folders:
        return None
    given = frozenset(loaded.card.name for loaded in catalog.cards)
    pool = load_catalog(folders, jobs=jobs, cache=cache)
    added = [loaded for loaded in pool.cards if loaded.card.name not in given]
    if not added:
        return None
    catalog.cards = sorted([*catalog.cards, *added], key=lambda loaded: loaded.card.name)
    catalog.sets = {**pool.sets, **catalog.sets}
    return given


def _summarise(report: CheckReport, engines: list[str], reporter: Reporter, spec_files: dict[str, str], *,
               narrowed: bool) -> None:
    from cardgen.crosscheck import SPEC
    from cardgen.load.codes import diagnostic

    reporter.report(report.diagnostics)
    reporter.report([diagnostic("CHK001", f"{m.card} / {m.scenario} / {m.engine}: " + "; ".join(m.details),
                                _location(m.location)) for m in report.mismatches])
    missing = report.without_scenarios
    if missing and (reporter.strict or not narrowed):
        reporter.report([diagnostic("CHK002", f"{card} has no scenario", _location(spec_files.get(card, card)))
                         for card in missing])

    columns = [SPEC, *engines]
    if reporter.verbose and reporter.fmt == "text":
        width = max([len(name) for name in report.cards] + [4])
        reporter.say(f"{'card':<{width}}  " + "  ".join(f"{column:>7}" for column in columns))
        for card in report.cards:
            total = report.totals.get(card, 0)
            cells = [f"{report.passed.get((card, column), 0)}/{total}" if total else "-" for column in columns]
            reporter.say(f"{card:<{width}}  " + "  ".join(f"{cell:>7}" for cell in cells))
    scenario_count = sum(report.totals.values())
    played = sum(1 for card in report.cards if report.totals.get(card))
    outcome = "all agree" if not report.mismatches else f"{len(report.mismatches)} mismatch(es)"
    skipped = f"; {report.skipped} scenario(s) skipped (invalid, see above)" if report.skipped else ""
    reporter.summary()
    reporter.say(f"{scenario_count} scenario(s) of {played} card(s) x {len(columns)} runs "
                 f"({', '.join(columns)}): {outcome}{skipped}", always=True)
    reporter.extra["check"] = {
        "runs": columns,
        "cards": [{"card": card, "scenarios": report.totals.get(card, 0),
                   "passed": {column: report.passed.get((card, column), 0) for column in columns}}
                  for card in report.cards],
        "mismatches": len(report.mismatches),
    }
    if not report.ok or reporter.failed():
        sys.exit(1)


def _location(text: str) -> Location:
    """`file:line:col`, `file:line` or `file` as a Location."""
    parts = text.rsplit(":", 2)
    numbers: list[int] = []
    while len(parts) > 1 and parts[-1].isdigit():
        numbers.insert(0, int(parts.pop()))
    return Location(":".join(parts), *numbers)
