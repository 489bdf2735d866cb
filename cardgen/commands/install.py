"""`cardgen install`: render specs and put the files into a Forge or XMage checkout (see `cardgen.install`)."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import click

from cardgen.commands.common import (
    DEFAULT_SPECS,
    Terminated,
    chosen_sets,
    load_validated,
    option_given,
    spec_paths_argument,
    terminate_as_exception,
)
from cardgen.commands.reporting import Reporter, report_options

DONE = {"create": "created", "update": "updated", "unchanged": "unchanged", "refused": "refused", "error": "error"}
PLANNED = {"create": "would create", "update": "would update", "unchanged": "unchanged", "refused": "refused",
           "error": "error"}


@click.command("install")
@spec_paths_argument
@click.option("--engine", type=click.Choice(["forge", "xmage"]), required=True,
              help="Which engine the checkout is.")
@click.option("--checkout", "checkout", type=click.Path(path_type=Path), required=True, metavar="DIR",
              help="The engine's folder. Forge: a checkout (forge-gui/res/cardsfolder), an installation (res/), "
                   "a res/ folder or any folder holding cardsfolder/, or Forge's user data folder (custom/cards). "
                   "XMage: the checkout's root (Mage.Sets/src/mage/sets).")
@click.option("--set", "set_codes", multiple=True, metavar="CODE",
              help="Only cards with a printing in this set (repeatable), e.g. --set BLB.")
@click.option("--scenarios", "scenario_paths", multiple=True, type=click.Path(path_type=Path),
              default=(Path("scenarios"),), show_default=True,
              help="Scenario files or folders (XMage: their test classes go into Mage.Tests).")
@click.option("--force", is_flag=True,
              help="Replace differing files and conflicting edition/set lines instead of refusing.")
@click.option("--dry-run", is_flag=True, help="Show what would change; write nothing.")
@report_options()
def install(paths: tuple[Path, ...], engine: str, checkout: Path, set_codes: tuple[str, ...],
            scenario_paths: tuple[Path, ...], force: bool, dry_run: bool, reporter: Reporter) -> None:
    """Put generated card files where a Forge or XMage checkout keeps them.

    Card scripts (Forge) and card classes (XMage) are copied into the checkout, and for XMage the test
    classes made from the cards' scenarios (Mage.Tests/src/test/java/...), under the same rules. Set
    files are merged:
    a Forge edition file gains our missing printing lines in collector-number order (existing lines and
    their @Artist credits stay as they are), a Forge translation file (res/languages/cardnames-<lang>.txt)
    our cards' lines in its own order; an XMage set class gains our missing SetCardInfo lines in
    its sorted list. A file that differs from ours, or a line with our collector number but another
    card, is refused unless --force. Everything is planned first: if anything is refused, nothing is
    written. The writes are one transaction: every file is staged first, a file edited since it was read
    is never overwritten (exit 1, naming it), and a failure leaves the checkout as it was. Each file is
    reported as created, updated, unchanged or refused.

    Sets of type `test` (the plain stand-in cards the scenarios use) are installed only when named with
    --set.

    Exit status: 0 done, 1 refused or invalid specs (nothing written), 2 usage error.

    \b
    Example:
      cardgen install --engine forge --checkout ~/src/forge --set BLB --dry-run
      cardgen install --engine xmage --checkout ~/src/mage card_specs/blb/blooming_blast.yaml
      cardgen install --engine forge --checkout ~/src/forge --force    # replace differing files
    """
    from cardgen.engines import load_backend
    from cardgen.install.checkout import checkout_problem, remove_leftovers
    from cardgen.install.plan import InstallConflict, InstallWriteError, apply_plan, plan_install
    from cardgen.lock import FolderLocked, exclusive

    problem = checkout_problem(engine, checkout)
    if problem is not None:
        raise click.BadParameter(problem, param_hint="--checkout")

    catalog, failed = load_validated(paths, reporter, engines=[engine])
    if failed:
        reporter.summary()
        reporter.say("install: specs have errors; nothing was written. Fix them (cardgen validate) and rerun.",
                   err=True)
        sys.exit(1)
    wanted_sets = chosen_sets(catalog, set_codes)
    if wanted_sets is None:
        # Test sets (type: test) hold stand-ins for cards the engines already have (Grizzly Bears, basic
        # lands): installing them would overwrite the engine's own scripts. Name such a set to install it.
        wanted_sets = frozenset(code for code, loaded in catalog.sets.items() if loaded.info.type != "test")

    result = load_backend(engine).render(catalog, wanted_sets)
    if engine == "xmage":
        from cardgen.engines.xmage.scenario_tests import catalog_tests

        # the project's own scenarios (the default) play with the project's own cards, as `scenario run` does
        pool = [DEFAULT_SPECS] if not option_given("scenario_paths") and DEFAULT_SPECS.is_dir() else []
        tests = catalog_tests(catalog, scenario_paths, wanted_sets, pool)
        result.files.update(tests.files)
        result.diagnostics.extend(tests.diagnostics)
    if any(d.severity == "error" for d in reporter.report(result.diagnostics)):
        reporter.summary()
        reporter.say(f"install: some cards cannot be rendered for {engine}; nothing was written. Fix the specs above "
                   "or leave them out (pass only the specs to install).", err=True)
        sys.exit(1)

    backend = load_backend(engine)
    test_sets = {code for code, loaded in catalog.sets.items() if loaded.info.type == "test"}
    stand_ins = frozenset(backend.card_path(loaded.card) for loaded in catalog.cards
                          if all(p.set in test_sets for p in loaded.card.printings))
    try:
        with contextlib.nullcontext() if dry_run else exclusive(checkout, "install"):
            if not dry_run:
                for leftover in remove_leftovers(engine, checkout):
                    reporter.say(f"removed leftover of an interrupted run: {leftover}")
            plan = plan_install(engine, checkout, result.files, force=force, keep=stand_ins)
            write = not dry_run and not plan.blocked
            if write:
                try:
                    with terminate_as_exception():
                        apply_plan(plan)
                except InstallConflict as error:
                    reporter.say(f"install: {error}; nothing was written. Someone edited the checkout while the "
                                 "install ran: rerun to merge into the files as they are now.", err=True)
                    sys.exit(1)
                except InstallWriteError as error:
                    undone = " (the files already replaced were put back)" if error.restored else ""
                    reporter.say(f"install: {error}; nothing was written{undone}. Fix the cause (space, "
                                 "permissions, a file-size limit) and rerun.", err=True)
                    sys.exit(1)
                except Terminated:
                    reporter.say("install: stopped by a signal; nothing was written.", err=True)
                    sys.exit(1)
    except FolderLocked as error:
        reporter.say(f"install: {error}.", err=True)
        sys.exit(1)
    labels = DONE if write else PLANNED
    for action in plan.actions:
        detail = f" ({action.detail})" if action.detail and action.status not in ("refused", "error") else ""
        reason = f": {action.detail}" if action.status in ("refused", "error") else ""
        reporter.say(f"{labels[action.status]}: {action.path}{detail}{reason}",
                     always=action.status in ("refused", "error"))
    summary = ", ".join(f"{plan.count(status)} {labels[status]}" for status in ("create", "update", "unchanged",
                                                                                  "refused"))
    errors = plan.count("error")
    reporter.summary()
    reporter.say(f"{summary}{f', {errors} errors' if errors else ''} in {checkout}")
    reporter.extra["install"] = [{"path": str(action.path), "status": action.status, "detail": action.detail}
                                 for action in plan.actions]
    if plan.blocked:
        reporter.say("install: nothing was written. Rerun with --force to replace refused files and lines, or pass "
                   "only the specs you want to install; errors need the fix they name.", err=True)
        sys.exit(1)
    if dry_run:
        reporter.say("dry run: nothing was written; rerun without --dry-run to apply.")
