"""`cardgen check`: prove the generated Forge and XMage cards behave as their spec."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cardgen.commands.common import ENGINE_CHOICE, echo_diagnostics, engines_for, load_validated, spec_paths_argument

DEFAULT_SCENARIOS = Path("scenarios")


@click.command("check")
@spec_paths_argument
@click.option("--scenarios", "scenario_paths", type=click.Path(exists=True, path_type=Path), multiple=True,
              help="Scenario files or folders (default scenarios/); repeatable.")
@click.option("--engine", "engine_choice", type=ENGINE_CHOICE, default="all", show_default=True,
              help="Which engines' read-back cards to compare with the spec.")
@click.option("--strict", is_flag=True, help="Cards without scenarios and validation warnings are errors.")
def check(paths: tuple[Path, ...], scenario_paths: tuple[Path, ...], engine_choice: str, strict: bool) -> None:
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
    """
    from cardgen.crosscheck import SPEC, check_catalog

    targets = list(scenario_paths)
    if not targets:
        if not DEFAULT_SCENARIOS.is_dir():
            raise click.UsageError("no --scenarios given and ./scenarios does not exist")
        targets = [DEFAULT_SCENARIOS]
    catalog, diagnostics, failed = load_validated(paths, strict=strict)
    echo_diagnostics(diagnostics)
    if failed:
        click.echo("check: specs have errors; fix them first (cardgen validate).", err=True)
        sys.exit(1)
    engines = engines_for(engine_choice)
    report = check_catalog(catalog, targets, engines)
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
    click.echo(f"{scenario_count} scenario(s) x {len(columns)} runs; {len(report.mismatches)} mismatch(es); "
               f"{len(missing)} card(s) without scenarios")
    if missing:
        click.echo(("error" if strict else "warning") + ": no scenario for " + ", ".join(missing),
                   err=True)
    if not report.ok or (strict and missing):
        sys.exit(1)
