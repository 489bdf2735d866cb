"""`cardgen validate`: check specs against the schema, the gift rules and the naming rules."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cardgen.commands.common import ENGINE_CHOICE, cache_option, engines_for, jobs_option, resolve_jobs
from cardgen.commands.reporting import Reporter, report_options
from cardgen.report import summary_line

DEFAULT_SPECS = Path("card_specs")


@click.command("validate")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path), metavar="[PATH]...")
@click.option("--engine", "engine_choice", type=ENGINE_CHOICE, default="all", show_default=True,
              help="Report the export refusals of this engine only (the others' checks still run).")
@report_options(to_stderr=False)
@jobs_option
@cache_option
def validate(paths: tuple[Path, ...], engine_choice: str, reporter: Reporter, jobs: int | None,
             use_cache: bool) -> None:
    """Check card specs (files or folders; default card_specs/) and report every problem found.

    Each finding is `path:line:col: error CODE [rule]: message`; the codes are listed in
    docs/spec-format.md ("Error codes"). A card an engine's export would refuse is reported with that
    export's code (FG1xx, XMG1xx); `--engine` keeps one engine's. Exit status: 0 no errors, 1 errors (or warnings with
    --strict), 2 usage error.

    \b
    Examples:
      cardgen validate                                  # every spec under card_specs/
      cardgen validate card_specs/blb/wear_down.yaml    # one card (its set.yaml is found)
      cardgen validate --strict --format github         # CI: annotate the pull request
      cardgen validate --jobs 0                         # one worker per CPU (same report)
      cardgen validate --engine xmage                   # what an XMage export would refuse, not Forge's
    """
    from cardgen.cache import open_cache
    from cardgen.engines.refusals import for_engines
    from cardgen.load.specs import SpecPathError
    from cardgen.validate.summary import validate_files

    targets = list(paths) or [DEFAULT_SPECS]
    cache = open_cache(use_cache)
    try:
        files, diagnostics = validate_files(targets, jobs=resolve_jobs(jobs, reporter), cache=cache)
    except SpecPathError as error:
        hint = " (run from the project root or pass PATH)" if not paths else ""
        raise click.UsageError(f"{error}{hint}") from None
    finally:
        if cache is not None:
            cache.close()
    reporter.files = len(files)
    reporter.report(for_engines(diagnostics, engines_for(engine_choice)))
    if reporter.fmt != "json":
        click.echo(summary_line(reporter.diagnostics, reporter.files))
    if reporter.failed():
        sys.exit(1)
