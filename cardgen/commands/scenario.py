"""`cardgen scenario run`: play behaviour scenarios through the reference resolver."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

DEFAULT_SCENARIOS = Path("scenarios")
DEFAULT_SPECS = Path("card_specs")


@click.group("scenario")
def scenario() -> None:
    """Behaviour scenarios: YAML tests that play cards through the resolver.

    \b
    Examples:
      cardgen scenario run                               # every file under scenarios/
      cardgen scenario run scenarios/blb/wear_down.yaml  # one card's scenarios
    """


@scenario.command("run")
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path), metavar="[PATH]...")
@click.option("--specs", "specs", type=click.Path(exists=True, path_type=Path), multiple=True,
              help="Card spec files or folders (default card_specs/); repeatable.")
@click.option("-k", "name_filter", default=None, help="Run only scenarios whose card or name contains this.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text for people; json prints every outcome (snapshot, events, failures).")
@click.option("-v", "--verbose", is_flag=True,
              help="List every scenario, not only failures, and the traceback of an internal error.")
def run(paths: tuple[Path, ...], specs: tuple[Path, ...], name_filter: str | None, fmt: str,
        verbose: bool) -> None:
    """Run scenarios (files or folders; default scenarios/) with cards from the specs.

    Each failure is `file:line: [scenario] message: expected X, got Y`. Exit status: 0 all passed,
    1 a scenario failed or an input file is invalid, 2 usage error.

    \b
    Examples:
      cardgen scenario run
      cardgen scenario run scenarios/cgt --specs card_specs -k shock
      cardgen scenario run --format json > outcomes.json
    """
    from cardgen.load.specs import load_catalog
    from cardgen.resolver.scenario.runner import run_paths

    targets = list(paths) or [DEFAULT_SCENARIOS]
    spec_paths = list(specs) or [DEFAULT_SPECS]
    for path in [*targets, *spec_paths]:
        if not path.exists():
            raise click.UsageError(f"{path} does not exist (run from the project root or pass paths)")
    catalog = load_catalog(spec_paths)
    cards = {loaded.card.name: loaded.card for loaded in catalog.cards}
    report = run_paths(targets, cards, name_filter)
    problems = [*catalog.diagnostics, *report.diagnostics]
    if fmt == "json":
        payload = {
            "diagnostics": [{"code": d.code, "severity": d.severity, "message": d.message,
                             "location": str(d.location)} for d in problems],
            "outcomes": [{"name": o.name, "location": str(o.location), "ok": o.ok,
                          "failures": [f.to_data() for f in o.failures], "errors": o.errors,
                          "snapshot": o.snapshot, "events": o.events} for o in report.outcomes],
        }
        click.echo(json.dumps(payload, indent=2, sort_keys=True))
    else:
        for diagnostic in problems:
            click.echo(f"{diagnostic.location}: {diagnostic.severity} {diagnostic.code}: {diagnostic.message}",
                       err=True)
        for outcome in report.outcomes:
            if verbose:
                click.echo(f"{'ok  ' if outcome.ok else 'FAIL'} {outcome.location}: {outcome.name}")
            for failure in outcome.failures:
                click.echo(str(failure))
                if verbose and failure.detail:
                    click.echo(failure.detail.rstrip())
        failed = sum(1 for o in report.outcomes if not o.ok)
        skipped = f", {report.skipped} skipped (invalid, see above)" if report.skipped else ""
        click.echo(f"{len(report.outcomes)} scenario(s) in {report.files} file(s): "
                   f"{len(report.outcomes) - failed} passed, {failed} failed{skipped}")
    if any(d.severity == "error" for d in problems) or any(not o.ok for o in report.outcomes):
        sys.exit(1)
