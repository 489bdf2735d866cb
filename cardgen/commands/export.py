"""`cardgen export`: render validated specs for the engines and write them atomically."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cardgen.commands.common import ENGINE_CHOICE, echo_diagnostics, engines_for, load_validated, spec_paths_argument


@click.command("export")
@spec_paths_argument
@click.option("--engine", "engine_choice", type=ENGINE_CHOICE, default="all", show_default=True,
              help="Which engine's files to write.")
@click.option("--set", "set_codes", multiple=True, metavar="CODE",
              help="Only cards with a printing in this set (repeatable), e.g. --set BLB.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help="Output root; each engine writes under OUT/<engine>/.")
@click.option("--prune", is_flag=True, help="Delete stale files (generated earlier, no longer produced).")
@click.option("--check", "check_only", is_flag=True,
              help="Write nothing; exit 1 if any file would change (CI freshness check).")
@click.option("--strict", is_flag=True, help="Treat validation warnings as errors.")
@click.option("--quiet", "-q", is_flag=True, help="Print only problems.")
def export(paths: tuple[Path, ...], engine_choice: str, set_codes: tuple[str, ...], out_dir: Path,
           prune: bool, check_only: bool, strict: bool, quiet: bool) -> None:
    """Render specs to Forge scripts and XMage classes under OUT.

    Specs are validated first; on any error nothing is written. Only files whose bytes change are
    rewritten; files no longer produced are reported as stale (removed with --prune).

    \b
    Examples:
      cardgen export --engine all                 # all shipped specs -> output/
      cardgen export --engine forge --set BLB     # Bloomburrow only, Forge only
      cardgen export --check                      # CI: fail if output/ is not fresh
    """
    from cardgen.engines import load_backend
    from cardgen.output import WriteSummary, plan_tree, write_tree

    catalog, diagnostics, failed = load_validated(paths, strict=strict)
    echo_diagnostics(diagnostics)
    if failed:
        click.echo("export: specs have errors; nothing was written. Fix them (cardgen validate) and rerun.", err=True)
        sys.exit(1)
    wanted_sets = frozenset(code.upper() for code in set_codes) or None
    if wanted_sets:
        unknown = sorted(wanted_sets - set(catalog.sets))
        if unknown:
            raise click.BadParameter(f"no set.yaml for {', '.join(unknown)}; known: {', '.join(sorted(catalog.sets))}",
                                     param_hint="--set")

    rendered: dict[str, dict[str, str]] = {}
    render_problems = []
    for engine in engines_for(engine_choice):
        result = load_backend(engine).render(catalog, wanted_sets)
        render_problems.extend(result.diagnostics)
        rendered[engine] = result.files
    echo_diagnostics(render_problems)
    if any(d.severity == "error" for d in render_problems):
        click.echo("export: rendering failed; nothing was written.", err=True)
        sys.exit(1)

    total = WriteSummary()
    for engine, files in rendered.items():
        root = out_dir / engine
        # With --set, other sets' files are not stale: only a full export can judge staleness.
        scope = None if wanted_sets is None else ()
        if check_only:
            summary = plan_tree(root, files, stale_scope=scope)
        else:
            summary = write_tree(root, files, prune=prune, stale_scope=scope)
        total.merge(summary, engine)

    _report(total, out_dir, check_only=check_only, quiet=quiet)
    if check_only and (total.written or total.stale):
        sys.exit(1)


def _report(summary, out_dir: Path, *, check_only: bool, quiet: bool) -> None:
    verb = "would write" if check_only else "written"
    if check_only or not quiet:
        for relative in summary.written:
            if check_only or len(summary.written) <= 20:
                click.echo(f"{verb}: {out_dir / relative}")
    for relative in summary.stale:
        state = "removed" if relative in summary.removed else "stale (use --prune to remove)"
        click.echo(f"{state}: {out_dir / relative}", err=True)
    if not quiet:
        click.echo(
            f"{len(summary.written)} {verb}, {len(summary.unchanged)} unchanged, "
            f"{len(summary.stale)} stale" + (f" ({len(summary.removed)} removed)" if summary.removed else "")
            + f" in {out_dir}"
        )
