"""`cardgen new`: scaffold a spec from card data the user downloaded (Scryfall bulk data or MTGJSON)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cardgen.commands.reporting import Reporter, report_options

DATA_ENV = "CARDGEN_CARD_DATA"


@click.command("new")
@click.argument("name")
@click.option("--set", "set_code", metavar="CODE",
              help="Set of the spec's folder and printings, e.g. BLB. Optional when the card has one set.")
@click.option("--data", "data_path", type=click.Path(dir_okay=False, path_type=Path), envvar=DATA_ENV,
              show_envvar=True, metavar="FILE",
              help="Scryfall bulk-data JSON or MTGJSON AllPrintings / set file (plain, .gz, .bz2, .xz or .zip).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("card_specs"),
              show_default=True, help="Spec root; the spec goes to OUT/<set>/<slug>.yaml.")
@click.option("--force", is_flag=True, help="Overwrite an existing spec file.")
@click.option("--dry-run", is_flag=True,
              help="Print the spec to stdout and write nothing (also when the file exists: what --force "
                   "would write).")
@report_options(strict=False)
def new(name: str, set_code: str | None, data_path: Path | None, out_dir: Path, force: bool, dry_run: bool,
        reporter: Reporter) -> None:
    """Scaffold the spec of the card NAME from a card data file you downloaded.

    Fills the printed fields (mana cost, types, P/T, oracle text, printings with set, number, rarity
    and variant, the gift kind from "Gift a ..."), and drafts the abilities from the oracle text. A line
    it cannot read is left as a TODO comment naming the words it did not understand (and `validate`
    reports that line as missing); it never guesses. Also writes OUT/<set>/set.yaml when the set has none. The format is
    recognised from the file's content; the network is never used. Printings in other sets are listed
    when OUT already has that set's set.yaml.

    Get the data once: Scryfall "Default Cards" (https://scryfall.com/docs/api/bulk-data) or MTGJSON
    AllPrintings.json (https://mtgjson.com/downloads/all-files/).

    \b
    Examples:
      cardgen new "Coiling Rebirth" --set BLB --data default-cards.json
      export CARDGEN_CARD_DATA=~/mtg/AllPrintings.json.gz
      cardgen new "Wear Down" --set BLB                  # -> card_specs/blb/wear_down.yaml
      cardgen new "Lórien Revealed" --set LTR --dry-run  # print, write nothing
      cardgen new "Wear Down" --set BLB --force          # start the file again

    Notes (NEW001) and errors (NEW002; NEW003 for a control character in the data) are reported like
    every command's diagnostics (--format json holds the draft under `new`: `spec`, `written`, `drafted`, `todo`).
    """
    from cardgen.load.codes import diagnostic
    from cardgen.scaffold import ScaffoldError, plan_new, write_new

    if data_path is None:
        raise click.UsageError(
            f"no card data: pass --data FILE or set {DATA_ENV} (Scryfall bulk data or MTGJSON AllPrintings)"
        )
    try:
        plan = plan_new(name, data_path, set_code, out_dir, force=force, dry_run=dry_run, author=_author())
    except ScaffoldError as error:
        if error.usage:
            raise click.UsageError(str(error)) from None
        reporter.report([diagnostic(error.code, str(error))])
        sys.exit(1)

    reporter.verbose = True  # each note is about this one card and says what to do: never one line per code
    notes = [*plan.notes, *([f"would also write {plan.set_path}"] if dry_run and plan.set_path is not None else [])]
    reporter.report([diagnostic("NEW001", note) for note in notes])
    todo, drafted = len(plan.scaffold.todo), plan.scaffold.drafted
    result: dict[str, object] = {"spec": plan.spec_text, "written": [], "drafted": drafted, "todo": todo}
    reporter.extra["new"] = result
    if dry_run:
        if reporter.fmt != "json":
            click.echo(plan.spec_text, nl=False)
        return

    try:
        written = write_new(plan)
    except ScaffoldError as error:
        reporter.report([diagnostic(error.code, str(error))])
        sys.exit(1)
    result["written"] = [str(path) for path in written]
    for path in written:
        verb = "overwrote" if path == plan.spec_path and plan.overwrite else "wrote"
        reporter.say(f"{verb} {path}", always=True)
    done = f"drafted {drafted} abilit{'ies' if drafted != 1 else 'y'} from the oracle text"
    if todo:
        reporter.say(f"{done}; {todo} line{'s' if todo != 1 else ''} not understood (TODO in the file)")
        reporter.say(f"next: write the TODO abilities in {plan.spec_path}, check the drafted ones against the "
                   f"card, then run: cardgen validate --strict {plan.spec_path}")
    else:
        reporter.say(done)
        reporter.say("next: check the abilities against the card, then run: cardgen validate --strict "
                     f"{plan.spec_path}")


def _author() -> str | None:
    """`[tool.cardgen] author`, written into the new spec (a broken table is a usage error)."""
    from cardgen.config import ConfigError, load

    try:
        return load().author
    except ConfigError as error:
        raise click.UsageError(str(error)) from None
