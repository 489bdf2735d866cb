"""`cardgen validate`: check specs against the schema, the gift rules and the naming rules."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cardgen.commands.common import cache_option, jobs_option, resolve_jobs
from cardgen.report import FORMATS

if TYPE_CHECKING:
    from cardgen.diagnostics import Diagnostic

DEFAULT_SPECS = Path("card_specs")


@click.command("validate")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path), metavar="[PATH]...")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="text for people, json for tools, github for Actions annotations.")
@click.option("--strict", is_flag=True, help="Treat warnings as errors (exit 1 on any finding).")
@jobs_option
@cache_option
def validate(paths: tuple[Path, ...], fmt: str, strict: bool, jobs: int, use_cache: bool) -> None:
    """Check card specs (files or folders; default card_specs/) and report every problem found.

    Each finding is `path:line:col: error CODE [rule]: message`; the codes are listed in README
    ("Error codes"). Exit status: 0 no errors, 1 errors (or warnings with --strict), 2 usage error.

    \b
    Examples:
      cardgen validate                                  # every spec under card_specs/
      cardgen validate card_specs/blb/wear_down.yaml    # one card (its set.yaml is found)
      cardgen validate --strict --format github         # CI: annotate the pull request
      cardgen validate --jobs 0                         # one worker per CPU (same report)
    """
    from cardgen.cache import open_cache
    from cardgen.load.specs import SpecPathError
    from cardgen.validate.summary import validate_files

    targets = list(paths) or [DEFAULT_SPECS]
    cache = open_cache(use_cache)
    try:
        files, diagnostics = validate_files(targets, jobs=resolve_jobs(jobs), cache=cache)
    except SpecPathError as error:
        hint = " (run from the project root or pass PATH)" if not paths else ""
        raise click.UsageError(f"{error}{hint}") from None
    finally:
        if cache is not None:
            cache.close()
    _report(len(files), diagnostics, fmt, strict)


def _report(files: int, diagnostics: list[Diagnostic], fmt: str, strict: bool) -> None:
    from cardgen.report import format_diagnostics, promote_warnings

    if strict:
        diagnostics = promote_warnings(diagnostics)
    click.echo(format_diagnostics(diagnostics, fmt, files=files), nl=False)  # type: ignore[arg-type]
    if any(d.severity == "error" for d in diagnostics):
        sys.exit(1)
