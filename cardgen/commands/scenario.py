"""`cardgen scenario run`: play behaviour scenarios through the reference resolver."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cardgen.commands.reporting import Reporter, report_options

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
              help="Card spec files or folders (default card_specs/); repeatable. cardgen's test cards "
                   "(Grizzly Bears, Shock, basic lands, ...) are always there too.")
@click.option("-k", "name_filter", default=None, help="Run only scenarios whose card or name contains this.")
@report_options(strict=False)
def run(paths: tuple[Path, ...], specs: tuple[Path, ...], name_filter: str | None, reporter: Reporter) -> None:
    """Run scenarios (files or folders; default scenarios/) with cards from the specs.

    Each failure is `file:line: [scenario] message: expected X, got Y`; -v lists every scenario and
    the traceback of an internal error (a bug in cardgen). A scenario that breaks the format is skipped
    (its file's others run) and counted in the summary. JSON
    holds every outcome (snapshot, events, failures). Exit status: 0 all passed, 1 a scenario failed
    or an input file is invalid, 2 usage error.

    \b
    Examples:
      cardgen scenario run
      cardgen scenario run scenarios/cgt --specs card_specs -k shock
      cardgen scenario run --format json > outcomes.json
    """
    from cardgen.diagnostics import Diagnostic
    from cardgen.load.codes import diagnostic
    from cardgen.load.specs import load_catalog
    from cardgen.resolver.scenario.runner import run_paths
    from cardgen.stand_ins import stand_in_folders

    targets = list(paths) or [DEFAULT_SCENARIOS]
    spec_paths = list(specs) or [DEFAULT_SPECS]
    for path in [*targets, *spec_paths]:
        if not path.exists():
            raise click.UsageError(f"{path} does not exist (run from the project root or pass paths)")
    catalog = load_catalog(spec_paths)
    cards = {loaded.card.name: loaded.card for loaded in catalog.cards}
    covered = {Path(loaded.path).resolve().parent for loaded in catalog.cards}
    extra = [folder for folder in stand_in_folders() if folder.resolve() not in covered]
    if extra:
        cards = {**{loaded.card.name: loaded.card for loaded in load_catalog(extra).cards}, **cards}
    report = run_paths(targets, cards, name_filter)
    failures = [failure for outcome in report.outcomes for failure in outcome.failures]
    reporter.report(sorted([*catalog.diagnostics, *report.diagnostics], key=Diagnostic.sort_key))
    if reporter.fmt == "github":
        reporter.report([diagnostic("CHK001", f"[{f.scenario}] " + str(f).split(f"[{f.scenario}] ", 1)[-1],
                                    f.location) for f in failures])
    elif reporter.fmt == "text":
        for outcome in report.outcomes:
            if reporter.verbose:
                click.echo(f"{'ok  ' if outcome.ok else 'FAIL'} {outcome.location}: {outcome.name}")
            for failure in outcome.failures:
                click.echo(str(failure))
                if reporter.verbose and failure.detail:  # an internal error's traceback
                    click.echo(failure.detail.rstrip())
    failed = sum(1 for o in report.outcomes if not o.ok)
    reporter.summary()
    skipped = f", {report.skipped} skipped (invalid, see above)" if report.skipped else ""
    reporter.say(f"{len(report.outcomes)} scenario(s) in {report.files} file(s): "
                 f"{len(report.outcomes) - failed} passed, {failed} failed{skipped}", always=True)
    reporter.extra["outcomes"] = [
        {"name": o.name, "location": str(o.location), "ok": o.ok, "failures": [f.to_data() for f in o.failures],
         "errors": o.errors, "snapshot": o.snapshot, "events": o.events} for o in report.outcomes]
    if reporter.failed() or failed:
        sys.exit(1)
