"""`cardgen new`: scaffold a spec from card data the user downloaded (Scryfall bulk data or MTGJSON)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

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
def new(name: str, set_code: str | None, data_path: Path | None, out_dir: Path, force: bool, dry_run: bool) -> None:
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
    """
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
        click.echo(f"new: error: {error}", err=True)
        sys.exit(1)

    for note in plan.notes:
        click.echo(f"new: note: {note}", err=True)
    if dry_run:
        if plan.set_path is not None:
            click.echo(f"new: note: would also write {plan.set_path}", err=True)
        click.echo(plan.spec_text, nl=False)
        return

    try:
        written = write_new(plan)
    except ScaffoldError as error:
        click.echo(f"new: error: {error}", err=True)
        sys.exit(1)
    for path in written:
        verb = "overwrote" if path == plan.spec_path and plan.overwrite else "wrote"
        click.echo(f"{verb} {path}")
    todo, drafted = len(plan.scaffold.todo), plan.scaffold.drafted
    done = f"drafted {drafted} abilit{'ies' if drafted != 1 else 'y'} from the oracle text"
    if todo:
        click.echo(f"{done}; {todo} line{'s' if todo != 1 else ''} not understood (TODO in the file)")
        click.echo(f"next: write the TODO abilities in {plan.spec_path}, check the drafted ones against the "
                   f"card, then run: cardgen validate --strict {plan.spec_path}")
    else:
        click.echo(done)
        click.echo(f"next: check the abilities against the card, then run: cardgen validate --strict {plan.spec_path}")


def _author() -> str | None:
    """`[tool.cardgen] author`, written into the new spec (a broken table is a usage error)."""
    from cardgen.config import ConfigError, load

    try:
        return load().author
    except ConfigError as error:
        raise click.UsageError(str(error)) from None
