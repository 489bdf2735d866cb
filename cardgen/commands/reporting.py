"""How every command reports: `--format`, `--ignore`, `-v`, `-q`, `--strict`, `[tool.cardgen]` and colour.

A command decorated with `report_options` gets a `Reporter`: the diagnostics it finds go through it
(ignored codes left out, warnings promoted under `--strict`) and it prints them in the chosen format.
Text and GitHub output is printed batch by batch as the command finds problems; JSON is one document
printed when the command ends (`reporting`), however it ends, so a tool can always parse stdout; in
JSON the command's other messages are left out (what went wrong goes to stderr), the document holds them.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import click

from cardgen.config import Config, ConfigError
from cardgen.config import load as load_config
from cardgen.diagnostics import Diagnostic
from cardgen.report import FORMATS, format_diagnostics, json_document, promote_warnings, summary_line, without_ignored

CODE = re.compile(r"[A-Z]{2,4}[0-9]{3}")


def color_wanted() -> bool:
    """Colour unless `NO_COLOR` is set to anything but the empty string (https://no-color.org); click
    leaves it out anyway when the stream is not a terminal."""
    return not os.environ.get("NO_COLOR")


@dataclass
class Reporter:
    """The report options in force for one command run, and what it has reported so far."""

    fmt: str = "text"
    verbose: bool = False
    quiet: bool = False
    ignore: frozenset[str] = frozenset()
    strict: bool = False
    config: Config = field(default_factory=Config)
    to_stderr: bool = True
    """Text goes to stderr (the command's results own stdout); `validate`'s report is its result."""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: int | None = None
    extra: dict[str, object] = field(default_factory=dict)
    """What the command adds to its JSON document (export's files, check's results, ...)."""

    def kept(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        """`diagnostics` less the ignored codes, warnings made errors under `--strict`."""
        items = without_ignored(diagnostics, self.ignore)
        return promote_warnings(items) if self.strict else items

    def report(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        """Record and (in text and GitHub) print a batch; returns it as kept."""
        items = self.kept(diagnostics)
        self.diagnostics.extend(items)
        if self.fmt != "json":
            shown = [d for d in items if not (self.quiet and d.severity == "note")]
            text = format_diagnostics(shown, self.fmt, verbose=self.verbose, color=color_wanted(),  # type: ignore[arg-type]
                                      summary=False)
            if text:
                click.echo(text, nl=False, err=self.fmt == "text" and self.to_stderr)
        return items

    def failed(self) -> bool:
        return any(d.severity == "error" for d in self.diagnostics)

    def say(self, text: str, *, err: bool = False, always: bool = False) -> None:
        """A message for people: on stdout, or stderr with `err`; left out with `-q` unless `always` or
        `err`. In JSON only `err` messages are printed (to stderr): the document holds the rest."""
        if (self.quiet and not (err or always)) or (self.fmt == "json" and not err):
            return
        click.echo(text, err=err)

    def summary(self) -> None:
        """`2 errors, 1 warning` after the diagnostics, when there were problems (text and GitHub)."""
        if self.fmt == "json":
            return
        if any(d.severity != "note" for d in self.diagnostics):
            click.echo(summary_line(self.diagnostics, self.files), err=self.fmt == "text" and self.to_stderr)

    def finish(self) -> None:
        """The JSON document (JSON only; text and GitHub were printed as found)."""
        if self.fmt == "json":
            import json

            document = json_document(self.diagnostics, self.files, **self.extra)
            click.echo(json.dumps(document, indent=2, ensure_ascii=False))


def _codes(values: Iterable[str]) -> frozenset[str]:
    codes = {code.strip().upper() for value in values for code in value.split(",") if code.strip()}
    bad = sorted(code for code in codes if not CODE.fullmatch(code))
    if bad:
        raise click.BadParameter(f"{', '.join(bad)} is not a diagnostic code (e.g. CG306, XMG300)",
                                 param_hint="--ignore")
    return frozenset(codes)


def report_options(*, formats: tuple[str, ...] = FORMATS, strict: bool = True,
                   to_stderr: bool = True) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Add `--format`, `--ignore`, `-v/--verbose`, `-q/--quiet` (and `--strict`) to a command, read
    `[tool.cardgen]`, and hand the command a `reporter`; its JSON document is printed when it ends."""

    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(command)
        def run(*args: Any, fmt: str | None, ignore: tuple[str, ...], verbose: bool, quiet: bool,
                **kwargs: Any) -> Any:
            try:
                config = load_config()
            except ConfigError as error:
                raise click.UsageError(str(error)) from None
            chosen_strict = kwargs.pop("strict", None) if strict else False
            reporter = Reporter(
                fmt=fmt or (config.format if config.format in formats else "text"),
                verbose=verbose, quiet=quiet and not verbose, ignore=_codes(ignore) | config.ignore,
                strict=bool(config.strict if chosen_strict is None else chosen_strict), config=config,
                to_stderr=to_stderr,
            )
            from cardgen import progress

            progress.enable(reporter.fmt == "text" and not reporter.quiet)
            with reporting(reporter):
                return command(*args, reporter=reporter, **kwargs)

        options = [
            click.option("--format", "fmt", type=click.Choice(formats), default=None,
                         help="text for people (default, or [tool.cardgen] format), json for tools, "
                              "github for Actions annotations." if "github" in formats else
                              "text for people (default), json for tools."),
            click.option("--ignore", multiple=True, metavar="CODE",
                         help="Leave this warning or note code out of the report (repeatable, or "
                              "comma-separated; adds to [tool.cardgen] ignore). Errors are always reported."),
            click.option("-v", "--verbose", is_flag=True, help="List every warning and note, not one line per code."),
            click.option("-q", "--quiet", is_flag=True, help="Print only errors and warnings."),
        ]
        if strict:
            options.append(click.option("--strict/--no-strict", default=None,
                                        help="Treat warnings as errors (default: [tool.cardgen] strict, else no)."))
        for option in reversed(options):
            run = option(run)
        return run

    return decorate


@contextlib.contextmanager
def reporting(reporter: Reporter) -> Iterator[Reporter]:
    """Print the JSON document when the command ends, by returning or by `sys.exit` (not on a usage
    error or an interrupt: those print their own message and exit 2 or 130)."""
    try:
        yield reporter
    except SystemExit:
        reporter.finish()
        raise
    else:
        reporter.finish()
