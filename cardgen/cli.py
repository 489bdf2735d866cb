"""The `cardgen` command line.

Subcommands are imported only when invoked, so `cardgen --help` costs little more than importing click
(each command's module pulls in pydantic, jinja2 or the resolver as it needs them).
"""

from __future__ import annotations

import importlib
import sys

import click

from cardgen import __version__

# name -> (module, attribute, one-line help shown by `cardgen --help`)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "validate": ("cardgen.commands.validate", "validate", "Check specs against the schema and the gift rules."),
    "export": ("cardgen.commands.export", "export", "Render specs to Forge scripts and XMage classes."),
    "diff": ("cardgen.commands.diff", "diff", "Compare generated cards with an engine checkout, in meaning."),
    "check": ("cardgen.commands.check", "check", "Prove generated cards behave as their spec (resolver)."),
    "scenario": ("cardgen.commands.scenario", "scenario", "Run behaviour scenarios with the resolver."),
    "new": ("cardgen.commands.new", "new", "Scaffold a spec from Scryfall or MTGJSON card data."),
    "schema": ("cardgen.commands.schema", "schema", "Write the JSON Schema of the spec format."),
    "install": ("cardgen.commands.install", "install", "Put generated files into a Forge or XMage checkout."),
}


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        module_name, attribute, _ = entry
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name == module_name:
                return None
            raise
        command: click.Command = getattr(module, attribute)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="cardgen")
def cli() -> None:
    """Turn validated card specs into Forge and XMage card scripts, checked by a gift-rules resolver.

    \b
    Examples:
      cardgen validate                      # every spec under card_specs/
      cardgen export --engine all           # write output/forge and output/xmage
      cardgen check                         # play each card's scenarios three ways
    """


def main() -> None:
    """Console entry point. Exit codes: 0 clean, 1 errors found, 2 usage error, 130 interrupted (Ctrl-C),
    as a shell reports a command ended by SIGINT."""
    try:
        cli.main(prog_name="cardgen", standalone_mode=False)
    except click.exceptions.Exit as done:  # --help, --version
        sys.exit(done.exit_code)
    except click.ClickException as error:  # a usage error (2) or another message click prints itself
        error.show()
        sys.exit(error.exit_code)
    except (KeyboardInterrupt, click.exceptions.Abort):
        click.echo("\ncardgen: interrupted", err=True)
        sys.exit(130)
    except OSError as error:  # stdout is a full disk (`> /dev/full`) or a closed pipe (`| head`): said, not a traceback
        _drop_stdout()
        if isinstance(error, BrokenPipeError):
            sys.exit(1)  # the reader stopped reading: nothing to tell it
        where = f": {error.filename}" if error.filename else " (the output)"
        click.echo(f"cardgen: error: cannot write{where}: {error.strerror or error}", err=True)
        sys.exit(1)
    except MemoryError:  # an input too large for the memory allowed (`ulimit -v`): a message, not a traceback
        click.echo("cardgen: error: out of memory; the input is too large for the memory this process may use "
                   "(writes are all or nothing: no output file was changed)", err=True)
        sys.exit(1)


def _drop_stdout() -> None:
    """Point stdout at the null device, so what is still buffered for it is not written again (and fails
    again) as the interpreter exits."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # no stdout at all
        pass


if __name__ == "__main__":  # pragma: no cover
    main()
