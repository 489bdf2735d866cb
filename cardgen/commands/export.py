"""`cardgen export`: render validated specs for the engines and write them atomically."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cardgen.commands.common import (
    ENGINE_CHOICE,
    Terminated,
    cache_option,
    chosen_sets,
    engines_for,
    jobs_option,
    load_checked,
    option_given,
    resolve_jobs,
    resolve_spec_paths,
    spec_paths_argument,
    terminate_as_exception,
)
from cardgen.commands.reporting import Reporter, report_options
from cardgen.diagnostics import Diagnostic

if TYPE_CHECKING:
    from cardgen.cache import SpecCache
    from cardgen.freshness import Judgement
    from cardgen.output import WriteSummary


@click.command("export")
@spec_paths_argument
@click.option("--engine", "engine_choice", type=ENGINE_CHOICE, default="all", show_default=True,
              help="Which engine's files to write.")
@click.option("--set", "set_codes", multiple=True, metavar="CODE",
              help="Only cards with a printing in this set (repeatable), e.g. --set BLB.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help="Output root; each engine writes under OUT/<engine>/.")
@click.option("--scenarios", "scenario_paths", multiple=True, type=click.Path(path_type=Path),
              default=(Path("scenarios"),), show_default=True,
              help="Scenario files or folders; XMage gets a test class per card that has scenarios.")
@click.option("--prune", is_flag=True, help="Delete stale files (generated earlier, no longer produced).")
@click.option("--check", "check_only", is_flag=True,
              help="Write nothing; exit 1 if any file would change (CI freshness check).")
@report_options()
@jobs_option
@cache_option
def export(paths: tuple[Path, ...], engine_choice: str, set_codes: tuple[str, ...], out_dir: Path,
           scenario_paths: tuple[Path, ...], prune: bool, check_only: bool, reporter: Reporter, jobs: int | None,
           use_cache: bool) -> None:
    """Render specs to Forge scripts and XMage classes under OUT.

    Specs are validated first; on any error nothing is written. Only files whose bytes change are
    rewritten; files no longer produced are reported as stale (removed with --prune).

    \b
    Examples:
      cardgen export --engine all                 # all shipped specs -> output/
      cardgen export --engine forge --set BLB     # Bloomburrow only, Forge only
      cardgen export --check                      # CI: fail if output/ is not fresh
      cardgen export --jobs 0                     # use every CPU (same files)
    """
    from cardgen.freshness import judge_export

    resolved_out = out_dir.resolve()
    if resolved_out == Path(resolved_out.anchor):
        raise click.BadParameter(f"{out_dir} is the file system's root: export would write {resolved_out.anchor}"
                                 "forge and xmage there; pass a folder of its own (e.g. --out output)",
                                 param_hint="--out")
    spec_paths = resolve_spec_paths(paths)
    engines = engines_for(engine_choice)
    if option_given("scenario_paths"):
        for path in scenario_paths:
            if not path.exists():  # a typo must not make every XMage test class stale (or, with --prune, gone)
                raise click.UsageError(f"--scenarios {path} does not exist")
    judged = judge_export(out_dir, engines, spec_paths, scenario_paths, set_codes or None, prune=prune)
    if judged.states is not None:  # nothing can have changed: the earlier run's result, without the work
        _replay(judged, out_dir, check_only, reporter)
        return

    from cardgen import gc_pause
    from cardgen.cache import open_cache

    cache = open_cache(use_cache)
    try:
        with gc_pause.paused():  # see cardgen.gc_pause; the catalog is released before it resumes
            _export(spec_paths, engines, set_codes, out_dir, scenario_paths, prune, check_only, reporter,
                    resolve_jobs(jobs, reporter), cache, judged)
    finally:
        if cache is not None:
            cache.close()


def _stop_on_spec_errors(found: list[Diagnostic], reporter: Reporter) -> None:
    """Report the specs' diagnostics; on an error (or a warning under `--strict`) stop, writing nothing."""
    if any(d.severity == "error" for d in reporter.report(found)):
        reporter.summary()
        reporter.say("export: specs have errors; nothing was written. Fix them (cardgen validate) and rerun.",
                     err=True)
        sys.exit(1)


def _stop_on_render_errors(found: list[Diagnostic], reporter: Reporter) -> None:
    found.sort(key=Diagnostic.sort_key)
    if any(d.severity == "error" for d in reporter.report(found)):
        reporter.summary()
        reporter.say("export: rendering failed; nothing was written.", err=True)
        sys.exit(1)


def _replay(judged: Judgement, out_dir: Path, check_only: bool, reporter: Reporter) -> None:
    """What a full export would do when every root is as its state says (`cardgen.freshness`): report the
    same diagnostics and the same files (none written), holding the lock as a writing run does."""
    from cardgen.diagnostics import diagnostics_in
    from cardgen.freshness import refreshed, write_state
    from cardgen.lock import FolderLocked, exclusive
    from cardgen.output import WriteSummary

    assert judged.states is not None
    states = judged.states
    _stop_on_spec_errors(diagnostics_in(next(iter(states.values())).diagnostics), reporter)
    total = WriteSummary()
    try:
        with contextlib.nullcontext() if check_only else exclusive(out_dir, "export"):
            _stop_on_render_errors([d for state in states.values() for d in diagnostics_in(state.problems)],
                                   reporter)
            for engine, state in states.items():
                total.merge(WriteSummary(unchanged=sorted(state.produced), stale=list(state.stale)), engine)
                if judged.reread and not check_only:
                    write_state(out_dir / engine, refreshed(out_dir / engine, state, judged.memo))
    except FolderLocked as error:
        reporter.say(f"export: {error}.", err=True)
        sys.exit(1)
    reporter.summary()
    _report(total, out_dir, reporter, check_only=check_only)
    if check_only and total.stale:
        sys.exit(1)


def _export(spec_paths: list[Path], engines: list[str], set_codes: tuple[str, ...], out_dir: Path,
            scenario_paths: tuple[Path, ...], prune: bool, check_only: bool, reporter: Reporter, jobs: int,
            cache: SpecCache | None, judged: Judgement) -> None:
    from cardgen.diagnostics import diagnostics_out
    from cardgen.engines import load_backend
    from cardgen.executor import rendered_cards
    from cardgen.freshness import State, produced_entries, write_state
    from cardgen.lock import FolderLocked, exclusive
    from cardgen.output import TreeWriter, UnsafePathError, WriteSummary

    checked: dict[str, dict[int, str]] = {"xmage": {}} if "xmage" in engines else {}
    catalog, found = load_checked(spec_paths, jobs=jobs, cache=cache, engines=engines, texts=checked.get("xmage"))
    _stop_on_spec_errors(found, reporter)
    wanted_sets = chosen_sets(catalog, set_codes)
    backends = {name: load_backend(name) for name in engines}
    # Validation wrote each XMage class to check it (XMG105): those texts are written, not rendered again.
    rendered = rendered_cards(catalog, backends, wanted_sets, jobs, cache, known=checked)
    card_count = sum(1 for loaded in catalog.cards
                     if wanted_sets is None or any(p.set in wanted_sets for p in loaded.card.printings))

    # Each file goes to disk (as a temporary sibling) as soon as it is rendered, so no engine's texts are
    # all held at once; the files are put in place only when every engine rendered without an error.
    # With --set, other sets' files are not stale: only a full export can judge staleness.
    scope = None if wanted_sets is None else ()
    writers: dict[str, TreeWriter] = {}
    render_problems: list[Diagnostic] = []
    problems_of: dict[str, list[Diagnostic]] = {}
    total = WriteSummary()
    finished = False

    def undo_unless_finished(made_out_dir: bool) -> None:
        """An error, or interrupted: what was staged goes and the tree stays as it was. Runs while the
        folder is still locked, so it never touches another run's files."""
        if finished:
            return
        for writer in reversed(writers.values()):  # the last one made the innermost folders
            writer.discard()
        if made_out_dir:  # made only to hold the lock: bad input leaves nothing on disk
            with contextlib.suppress(OSError):
                out_dir.rmdir()

    try:
        with contextlib.ExitStack() as stack:
            stack.enter_context(terminate_as_exception())  # SIGTERM undoes the staged files as Ctrl-C does
            made_out_dir = False
            if not check_only:
                made_out_dir = not out_dir.exists()
                out_dir.mkdir(parents=True, exist_ok=True)
                stack.enter_context(exclusive(out_dir, "export"))
            stack.callback(undo_unless_finished, made_out_dir)  # before the lock is released
            for engine, backend in backends.items():
                first_problem = len(render_problems)
                _refuse_link_outside(out_dir, engine)
                writer = writers[engine] = TreeWriter(out_dir / engine, stale_scope=_stale_scope(
                    engine, out_dir / engine, scope, scenario_paths), check_only=check_only)
                with _progress(card_count, engine, reporter.quiet or check_only) as advance:
                    for done, (relative, text) in enumerate(backend.render_files(catalog, wanted_sets, render_problems,
                                                                                 rendered.get(engine))):
                        writer.add(relative, text)
                        if advance is not None and done < card_count:  # the set files come after the cards
                            advance(1)
                if engine == "xmage":  # XMage's own tests of the cards, from their scenarios
                    from cardgen.engines.xmage.scenario_tests import catalog_tests

                    tests = catalog_tests(catalog, scenario_paths, wanted_sets)
                    render_problems.extend(tests.diagnostics)
                    for relative in sorted(tests.files):
                        writer.add(relative, tests.files[relative])
                problems_of[engine] = render_problems[first_problem:]
            _stop_on_render_errors(render_problems, reporter)
            for engine, writer in writers.items():
                summary = writer.finish(prune=prune)
                total.merge(summary, engine)
                key = judged.keys[engine]
                if not check_only and key is not None:
                    gone = set(summary.removed)
                    write_state(writer.root, State(
                        key, diagnostics_out(found), diagnostics_out(problems_of[engine]),
                        produced_entries(writer.root, writer.digests), writer.listed,
                        [relative for relative in summary.stale if relative not in gone], writer.others,
                        judged.memo.used))
            finished = True
    except FolderLocked as error:
        reporter.say(f"export: {error}.", err=True)
        sys.exit(1)
    except Terminated:
        reporter.say("export: stopped by a signal; the files it staged were removed and none is half-written: a "
                     "rerun finishes the export.", err=True)
        sys.exit(1)
    except (OSError, UnsafePathError) as error:
        reporter.say(f"export: cannot write under {out_dir}: {error}. Choose a writable --out folder; files "
                     "already written are complete (each is replaced atomically) and a rerun finishes the rest.",
                     err=True)
        sys.exit(1)

    reporter.summary()
    _report(total, out_dir, reporter, check_only=check_only)
    if check_only and (total.written or total.stale):
        sys.exit(1)


def _refuse_link_outside(out_dir: Path, engine: str) -> None:
    """OUT/<engine> may not be a symbolic link leading out of OUT (a checked-in `output/forge` pointing at
    a folder of the user's): every file is kept inside --out, as each file and folder below it is."""
    import os

    from cardgen.output import UnsafePathError

    root = out_dir / engine
    if root.is_symlink():
        inside = os.path.realpath(out_dir).rstrip("/") + "/"
        if not os.path.realpath(root).startswith(inside):
            raise UnsafePathError(f"{root} is a symbolic link to a folder outside {out_dir}")


def _stale_scope(engine: str, root: Path, scope: tuple[str, ...] | None,
                 scenario_paths: tuple[Path, ...]) -> tuple[str, ...] | None:
    """Where extra files count as stale. XMage's tests are made from the scenarios: when a scenario path
    is not there (the default `scenarios/` outside the project root), no test class is stale, so
    `--prune` never removes one because its input was not found."""
    if engine != "xmage" or scope is not None or all(path.exists() for path in scenario_paths):
        return scope
    from cardgen.engines.xmage.scenario_tests import TESTS_ROOT

    tests_top = TESTS_ROOT.split("/", 1)[0]
    return tuple(sorted(entry.name for entry in root.iterdir() if entry.is_dir() and entry.name != tests_top)) \
        if root.is_dir() else ()


@contextlib.contextmanager
def _progress(count: int, engine: str, quiet: bool) -> Iterator[Callable[[int], object] | None]:
    """The progress line over the files of one engine (advanced per file written, `count` being the
    number of cards); see `cardgen.progress`, which the command enabled."""
    if quiet:
        yield None
        return
    from cardgen import progress

    with progress.phase(f"writing {engine}", count) as advance:
        yield advance


def _report(summary: WriteSummary, out_dir: Path, reporter: Reporter, *, check_only: bool) -> None:
    verb = "would write" if check_only else "written"
    for relative in summary.written:
        if check_only or (len(summary.written) <= 20 and not reporter.quiet) or reporter.verbose:
            reporter.say(f"{verb}: {out_dir / relative}", always=check_only)
    for relative in summary.stale:
        state = "removed" if relative in summary.removed else "stale (use --prune to remove)"
        reporter.say(f"{state}: {out_dir / relative}", err=True)
    reporter.say(
        f"{len(summary.written)} {verb}, {len(summary.unchanged)} unchanged, "
        f"{len(summary.stale)} stale" + (f" ({len(summary.removed)} removed)" if summary.removed else "")
        + f" in {out_dir}"
    )
    reporter.extra["output"] = {
        "written" if not check_only else "would_write": [str(out_dir / relative) for relative in summary.written],
        "unchanged": len(summary.unchanged),
        "stale": [str(out_dir / relative) for relative in summary.stale],
        "removed": [str(out_dir / relative) for relative in summary.removed],
    }
