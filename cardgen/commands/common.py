"""What every command shares: spec path arguments, loading plus validation, reporting diagnostics."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cardgen.diagnostics import Diagnostic

if TYPE_CHECKING:
    from cardgen.cache import SpecCache
    from cardgen.commands.reporting import Reporter
    from cardgen.model.catalog import Catalog

DEFAULT_SPECS = Path("card_specs")


def option_given(name: str) -> bool:
    """Whether the running command's option `name` was given (on the command line, by the environment or
    a config), not left at its default: a default folder that is missing is no one's typo."""
    from click.core import ParameterSource

    return click.get_current_context().get_parameter_source(name) is not ParameterSource.DEFAULT

spec_paths_argument = click.argument(
    "paths", nargs=-1, type=click.Path(exists=True, path_type=Path), metavar="[PATH]..."
)
"""Spec files or folders; `card_specs/` when none are given."""

ENGINE_CHOICE = click.Choice(["forge", "xmage", "all"])

jobs_option = click.option(
    "--jobs", "-j", type=click.IntRange(min=0), default=None, metavar="N",
    help="Worker processes for the per-card work (0: one per CPU; default 1, or [tool.cardgen] jobs). "
         "Same output as 1.",
)
"""`--jobs N`, shared by the commands whose work splits per card (validate, export, check)."""


cache_option = click.option(
    "--cache", "use_cache", is_flag=True,
    help="Reuse per-spec results from .cardgen-cache/ (keyed by file bytes and the code).",
)
"""`--cache`: the content-hash cache of per-spec work (`cardgen.cache`)."""


def resolve_jobs(jobs: int | None, reporter: Reporter | None = None) -> int:
    """`--jobs`, else `[tool.cardgen] jobs`, else 1; 0 means one worker per CPU."""
    if jobs is None:
        jobs = reporter.config.jobs if reporter is not None and reporter.config.jobs is not None else 1
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


def load_validated(paths: Sequence[Path], reporter: Reporter, *, jobs: int = 1,
                   cache: SpecCache | None = None, engines: Sequence[str] | None = None) -> tuple[Catalog, bool]:
    """Load and validate specs, report what was found, and say whether the command must stop (an error,
    or a warning under `--strict`). `jobs` > 1 shares the work among worker processes; `cache` reuses
    per-spec results (`cardgen.cache`); `engines`: the engines the command works with, whose refusals alone
    it reports (every engine's when None)."""
    catalog, found = load_checked(resolve_spec_paths(paths), jobs=jobs, cache=cache, engines=engines)
    kept = reporter.report(found)
    return catalog, any(d.severity == "error" for d in kept)


def load_checked(paths: Sequence[Path], *, jobs: int = 1, cache: SpecCache | None = None,
                 engines: Sequence[str] | None = None,
                 texts: dict[int, str] | None = None) -> tuple[Catalog, list[Diagnostic]]:
    """The catalog under `paths` and every diagnostic about it (the loader's and the checks', sorted),
    before the reporter leaves any out; of the engines' refusals, only those of `engines` (all when None):
    a card XMage cannot be told still exports to Forge. `texts` receives the XMage classes the checks
    wrote (`cardgen.validate.validate_catalog`)."""
    from cardgen.engines.refusals import for_engines
    from cardgen.load.specs import load_catalog
    from cardgen.validate import validate_catalog

    catalog = load_catalog(paths, jobs=jobs, cache=cache)
    checks = for_engines(validate_catalog(catalog, jobs=jobs, cache=cache, texts=texts), engines)
    return catalog, sorted([*catalog.diagnostics, *checks], key=Diagnostic.sort_key)


def chosen_sets(catalog: Catalog, set_codes: Sequence[str]) -> frozenset[str] | None:
    """The `--set` codes, upper-cased (None when none were given); an unknown code is a usage error."""
    wanted = frozenset(code.upper() for code in set_codes) or None
    unknown = sorted((wanted or frozenset()) - set(catalog.sets))
    if unknown:
        raise click.BadParameter(f"no set.yaml for {', '.join(unknown)}; known: {', '.join(sorted(catalog.sets))}",
                                 param_hint="--set")
    return wanted


class Terminated(Exception):
    """SIGTERM (or SIGHUP) arrived while a command was writing."""


@contextlib.contextmanager
def terminate_as_exception() -> Iterator[None]:
    """While files are staged and renamed (export, install), SIGTERM and SIGHUP raise `Terminated`, so the
    write is undone (temporary files removed, replaced files put back) instead of the process dying half
    way and leaving its temporaries behind."""
    import signal

    def stop(signum: int, frame: object) -> None:
        raise Terminated()

    names = [name for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    try:
        previous = {name: signal.signal(getattr(signal, name), stop) for name in names}
    except ValueError:  # not the main thread: signals stay as they are
        yield
        return
    try:
        yield
    finally:
        for name, handler in previous.items():
            signal.signal(getattr(signal, name), handler)
