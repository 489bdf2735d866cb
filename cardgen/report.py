"""Diagnostics as text for people, JSON for tools, and GitHub workflow commands for CI annotations.

Every command that finds problems reports them through `format_diagnostics`, so `validate`, `export`,
`check`, `install`, `diff` and `scenario run` look the same and CI can annotate pull requests from any
of them. Output is sorted and carries no timestamps, so two runs on the same input print the same bytes.

Quiet success: in text, an error is always printed in full, but a warning or note code seen more than
once is one line (where the first one is, the code, how many, what it means); `verbose` lists every
one. A note (see `cardgen.diagnostics.Severity`) never fails a command. JSON always holds every
diagnostic; its layout is versioned (`JSON_VERSION`, documented in docs/commands.md).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Literal

from cardgen.diagnostics import Diagnostic

Format = Literal["text", "json", "github"]
FORMATS: tuple[Format, ...] = ("text", "json", "github")

JSON_VERSION = 1
"""The layout of `--format json`; raised when a key changes meaning or goes away (new keys may be added)."""

_COLORS = {"error": "red", "warning": "yellow", "note": "cyan"}


def promote_warnings(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """`--strict`: every warning becomes an error (same code, message and place); notes stay notes."""
    return [dataclasses.replace(d, severity="error") if d.severity == "warning" else d for d in diagnostics]


def without_ignored(diagnostics: Iterable[Diagnostic], ignore: Iterable[str]) -> list[Diagnostic]:
    """`--ignore CODE`: the diagnostics whose code is not ignored. Errors are never ignored: an error means
    the output would be wrong, and leaving it out of the report would not make it right."""
    codes = {code.upper() for code in ignore}
    return [d for d in diagnostics if d.severity == "error" or d.code.upper() not in codes]


def counts(diagnostics: Sequence[Diagnostic]) -> tuple[int, int]:
    """(errors, warnings); notes are in neither."""
    errors = sum(1 for d in diagnostics if d.severity == "error")
    warnings = sum(1 for d in diagnostics if d.severity == "warning")
    return errors, warnings


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def summary_line(diagnostics: Sequence[Diagnostic], files: int | None = None) -> str:
    """`2 errors, 1 warning in 31 files` (or `no problems in 31 files`); notes are counted after a
    semicolon, as they are no problem."""
    errors, warnings = counts(diagnostics)
    notes = sum(1 for d in diagnostics if d.severity == "note")
    where = f" in {_plural(files, 'file')}" if files is not None else ""
    text = f"{_plural(errors, 'error')}, {_plural(warnings, 'warning')}{where}" if errors or warnings else \
        f"no problems{where}"
    return text + (f"; {_plural(notes, 'note')}" if notes else "")


def _paint(text: str, severity: str, color: bool) -> str:
    if not color:
        return text
    import click

    return click.style(text, fg=_COLORS.get(severity), bold=severity == "error")


def format_text_line(d: Diagnostic, color: bool = False) -> str:
    """`path:line:col: error CODE [rule]: message` (the rule part only when the code cites one)."""
    where = str(d.location) if d.location else "cardgen"
    rule = f" [{d.rule}]" if d.rule else ""
    message = d.message.replace("\r", "\\r").replace("\n", "\\n")
    return f"{where}: {_paint(d.severity, d.severity, color)} {d.code}{rule}: {message}"


def code_summary(code: str) -> str | None:
    """What a code means in one sentence (the code table's), or None for a code it does not list."""
    from cardgen.load.codes import CHECK_CODES, CODES

    info = CODES.get(code) or CHECK_CODES.get(code)
    return info.summary if info is not None else None


def format_group_line(items: Sequence[Diagnostic], color: bool = False) -> str:
    """One line for every diagnostic of one code, at the first one's place: `file:3:5: note XMG300
    [xmage-tests] (122 in all, -v lists each): <what the code means>`. A code seen once is printed in full."""
    first = items[0]
    if len(items) == 1:
        return format_text_line(first, color)
    where = str(first.location) if first.location else "cardgen"
    rule = f" [{first.rule}]" if first.rule else ""
    meaning = code_summary(first.code) or first.message
    return (f"{where}: {_paint(first.severity, first.severity, color)} {first.code}{rule} ({len(items)} in all, "
            f"-v lists each): {meaning}")


def _to_json(d: Diagnostic) -> dict[str, object]:
    loc = d.location
    return {
        "code": d.code,
        "severity": d.severity,
        "rule": d.rule,
        "message": d.message,
        "file": loc.file if loc else None,
        "line": loc.line if loc else None,
        "column": loc.column if loc else None,
    }


def json_document(diagnostics: Sequence[Diagnostic], files: int | None = None,
                  **extra: object) -> dict[str, object]:
    """The `--format json` document: version, every diagnostic (sorted), the counts, and what the
    command adds (`extra`: export's files, check's results, ...)."""
    items = sorted(diagnostics, key=Diagnostic.sort_key)
    errors, warnings = counts(items)
    notes = sum(1 for d in items if d.severity == "note")
    return {
        "version": JSON_VERSION,
        "diagnostics": [_to_json(d) for d in items],
        "summary": {"errors": errors, "warnings": warnings, "notes": notes, "files": files},
        **extra,
    }


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def format_github_line(d: Diagnostic) -> str:
    """A GitHub Actions workflow command: `::error file=..,line=..,col=..,title=CODE::message` (a note is
    a `::notice`)."""
    props: list[str] = []
    if d.location:
        props.append(f"file={_escape_property(d.location.file)}")
        if d.location.line is not None:
            props.append(f"line={d.location.line}")
        if d.location.column is not None:
            props.append(f"col={d.location.column}")
    title = f"{d.code} [{d.rule}]" if d.rule else d.code
    props.append(f"title={_escape_property(title)}")
    command = "notice" if d.severity == "note" else d.severity
    return f"::{command} {','.join(props)}::{_escape_data(d.message)}"


def _grouped(items: Sequence[Diagnostic]) -> dict[str, list[Diagnostic]]:
    groups: dict[str, list[Diagnostic]] = {}
    for item in items:
        groups.setdefault(item.code, []).append(item)
    return groups


def format_diagnostics(diagnostics: Iterable[Diagnostic], fmt: Format = "text", files: int | None = None, *,
                       verbose: bool = True, color: bool = False, summary: bool = True) -> str:
    """All diagnostics, sorted by place, in `fmt`, ending with a newline. `files` (how many spec files
    were read) goes into the summary. Without `verbose`, text groups each warning and note code into one
    line and GitHub gets annotations for errors and warnings only (notes as one plain line per code)."""
    items = sorted(diagnostics, key=Diagnostic.sort_key)
    if fmt == "json":
        import json

        return json.dumps(json_document(items, files), indent=2, ensure_ascii=False) + "\n"
    if fmt not in ("github", "text"):
        raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    lines: list[str] = []
    if fmt == "github":
        lines = [format_github_line(d) for d in items if verbose or d.severity != "note"]
        if not verbose:
            lines += [format_group_line(group) for group in _grouped([d for d in items if d.severity == "note"])
                      .values()]
    elif verbose:
        lines = [format_text_line(d, color) for d in items]
    else:  # in place order, each warning and note code once, where it first occurs
        groups = _grouped([d for d in items if d.severity != "error"])
        for item in items:
            if item.severity == "error":
                lines.append(format_text_line(item, color))
            elif groups[item.code][0] is item:
                lines.append(format_group_line(groups[item.code], color))
    if summary:
        lines.append(summary_line(items, files))
    return "\n".join(lines) + "\n" if lines else ""
