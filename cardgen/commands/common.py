"""What every command shares: spec path arguments, loading plus validation, reporting diagnostics."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cardgen.diagnostics import Diagnostic
from cardgen.model.catalog import Catalog

if TYPE_CHECKING:
    from cardgen.cache import SpecCache

DEFAULT_SPECS = Path("card_specs")

spec_paths_argument = click.argument(
    "paths", nargs=-1, type=click.Path(exists=True, path_type=Path), metavar="[PATH]..."
)
"""Spec files or folders; `card_specs/` when none are given."""

ENGINE_CHOICE = click.Choice(["forge", "xmage", "all"])

jobs_option = click.option(
    "--jobs", "-j", type=click.IntRange(min=0), default=1, show_default=True, metavar="N",
    help="Worker processes for the per-card work (0: one per CPU). Same output as 1.",
)
"""`--jobs N`, shared by the commands whose work splits per card (validate, export, check)."""


cache_option = click.option(
    "--cache", "use_cache", is_flag=True,
    help="Reuse per-spec results from .cardgen-cache/ (keyed by file bytes and the code; see README).",
)
"""`--cache`: the content-hash cache of per-spec work (`cardgen.cache`)."""


def resolve_jobs(jobs: int) -> int:
    """`--jobs 0` means one worker per CPU."""
    if jobs:
        return jobs
    from cardgen.executor import default_jobs

    return default_jobs()


def resolve_spec_paths(paths: Sequence[Path]) -> list[Path]:
    """The paths given, or the default `card_specs/` (a usage error when that does not exist either)."""
    if paths:
        return list(paths)
    if not DEFAULT_SPECS.is_dir():
        raise click.UsageError(
            "no spec path given and ./card_specs does not exist: run from the project root or pass PATH"
        )
    return [DEFAULT_SPECS]


def engines_for(choice: str) -> list[str]:
    return ["forge", "xmage"] if choice == "all" else [choice]


def load_validated(paths: Sequence[Path], *, strict: bool = False, jobs: int = 1,
                   cache: SpecCache | None = None) -> tuple[Catalog, list[Diagnostic], bool]:
    """Load and validate specs. Returns the catalog, every diagnostic (sorted), and whether any is an
    error (warnings count as errors with `strict`). `jobs` > 1 shares the work among worker processes;
    `cache` reuses per-spec results (`cardgen.cache`)."""
    from cardgen.load.specs import load_catalog
    from cardgen.validate import validate_catalog

    catalog = load_catalog(resolve_spec_paths(paths), jobs=jobs, cache=cache)
    checks = validate_catalog(catalog, jobs=jobs, cache=cache)
    diagnostics = sorted([*catalog.diagnostics, *checks], key=Diagnostic.sort_key)
    failed = any(d.severity == "error" or strict for d in diagnostics)
    return catalog, diagnostics, failed


def echo_diagnostics(diagnostics: Sequence[Diagnostic], output_format: str = "text") -> None:
    """Print diagnostics to stderr (text) or stdout (json/github, which tools parse)."""
    if not diagnostics:
        return
    from cardgen.report import format_diagnostics

    text = format_diagnostics(list(diagnostics), output_format)
    click.echo(text, err=output_format == "text", nl=not text.endswith("\n"))


def chosen_sets(catalog: Catalog, set_codes: Sequence[str]) -> frozenset[str] | None:
    """The `--set` codes, upper-cased (None when none were given); an unknown code is a usage error."""
    wanted = frozenset(code.upper() for code in set_codes) or None
    unknown = sorted((wanted or frozenset()) - set(catalog.sets))
    if unknown:
        raise click.BadParameter(f"no set.yaml for {', '.join(unknown)}; known: {', '.join(sorted(catalog.sets))}",
                                 param_hint="--set")
    return wanted
