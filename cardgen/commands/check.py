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
    echo_diagnostics,
    engines_for,
    jobs_option,
    load_validated,
    resolve_jobs,
    spec_paths_argument,
)

if TYPE_CHECKING:
    from cardgen.cache import SpecCache
    from cardgen.crosscheck import CheckReport

DEFAULT_SCENARIOS = Path("scenarios")


@click.command("check")
@spec_paths_argument
@click.option("--scenarios", "scenario_paths", type=click.Path(exists=True, path_type=Path), multiple=True,
              help="Scenario files or folders (default scenarios/); repeatable.")
@click.option("--engine", "engine_choice", type=ENGINE_CHOICE, default="all", show_default=True,
              help="Which engines' read-back cards to compare with the spec.")
@click.option("--strict", is_flag=True, help="Cards without scenarios and validation warnings are errors.")
@jobs_option
@cache_option
def check(paths: tuple[Path, ...], scenario_paths: tuple[Path, ...], engine_choice: str, strict: bool,
          jobs: int, use_cache: bool) -> None:
    """Render each spec for every engine, read each generated file back into a spec, and play every
    scenario three ways: from the spec, from the Forge read-back and from the XMage read-back.

    Final states and event logs must be identical, and the spec run must meet the scenario's
    expectations. Each difference is reported as card / scenario / engine / first differing field or
    event; exit 1 if there is any.

    \b
    Examples:
      cardgen check                                   # all specs, all scenarios, both engines
      cardgen check --engine forge --scenarios scenarios/blb/kitnap.yaml
      cardgen check --strict                          # also fail on cards without scenarios
      cardgen check card_specs/blb/wear_down.yaml     # one card's scenarios (shipped cards fill the pool)
    """
    from cardgen import gc_pause

    targets = list(scenario_paths)
    if not targets:
        if not DEFAULT_SCENARIOS.is_dir():
            raise click.UsageError("no --scenarios given and ./scenarios does not exist")
        targets = [DEFAULT_SCENARIOS]
    from cardgen.cache import open_cache

    cache = open_cache(use_cache)
    try:
        with gc_pause.paused():  # see cardgen.gc_pause; the catalog is released before it resumes
            report = _run(paths, targets, engines_for(engine_choice), strict, resolve_jobs(jobs), cache)
    finally:
        if cache is not None:
            cache.close()
    _deviation_notes(report, engines_for(engine_choice))
    _summarise(report, engines_for(engine_choice), strict)


def _deviation_notes(report: CheckReport, engines: list[str]) -> None:
    """Say which of the scenarios checked touch a known engine deviation (cardgen/data/engine_deviations.yaml):
    the engine, not the scenario, is wrong there."""
    from cardgen.deviations import scenario_notes

    cards = set(report.cards)
    echo_diagnostics(scenario_notes([loaded for loaded in report.scenarios if loaded.card in cards], engines))


def _run(paths: tuple[Path, ...], targets: list[Path], engines: list[str], strict: bool, jobs: int,
         cache: SpecCache | None) -> CheckReport:
    from cardgen.crosscheck import check_catalog

    catalog, diagnostics, failed = load_validated(paths, strict=strict, jobs=jobs, cache=cache)
    echo_diagnostics(diagnostics)
    if failed:
        click.echo("check: specs have errors; fix them first (cardgen validate).", err=True)
        sys.exit(1)
    focus = None
    if paths and DEFAULT_SPECS.is_dir():
        # Checking some specs: their scenarios still need the other cards (Grizzly Bears to target, ...),
        # so the shipped specs complete the pool; the given specs win over a shipped card of the same name.
        # The pool is loaded, not validated: only the given specs' diagnostics are reported.
        from cardgen.load.specs import load_catalog

        focus = frozenset(loaded.card.name for loaded in catalog.cards)
        pool = load_catalog([DEFAULT_SPECS], jobs=jobs, cache=cache)
        given = {loaded.card.name for loaded in catalog.cards}
        catalog.cards = sorted([*catalog.cards, *(c for c in pool.cards if c.card.name not in given)],
                               key=lambda loaded: loaded.card.name)
        catalog.sets = {**pool.sets, **catalog.sets}
    return check_catalog(catalog, targets, engines, jobs=jobs, cache=cache, focus=focus)


def _summarise(report: CheckReport, engines: list[str], strict: bool) -> None:
    from cardgen.crosscheck import SPEC

    echo_diagnostics(report.diagnostics)
    for mismatch in report.mismatches:
        click.echo(str(mismatch), err=True)

    columns = [SPEC, *engines]
    width = max([len(name) for name in report.cards] + [4])
    click.echo(f"{'card':<{width}}  " + "  ".join(f"{column:>7}" for column in columns))
    for card in report.cards:
        total = report.totals.get(card, 0)
        cells = [f"{report.passed.get((card, column), 0)}/{total}" if total else "-" for column in columns]
        click.echo(f"{card:<{width}}  " + "  ".join(f"{cell:>7}" for cell in cells))
    missing = report.without_scenarios
    scenario_count = sum(report.totals.values())
    skipped = f"; {report.skipped} scenario(s) skipped (invalid, see above)" if report.skipped else ""
    click.echo(f"{scenario_count} scenario(s) x {len(columns)} runs; {len(report.mismatches)} mismatch(es); "
               f"{len(missing)} card(s) without scenarios{skipped}")
    if missing:
        click.echo(("error" if strict else "warning") + ": no scenario for " + "; ".join(missing),
                   err=True)
    if not report.ok or (strict and missing):
        sys.exit(1)
