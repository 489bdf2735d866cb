"""Diagnostics as text for people, JSON for tools, and GitHub workflow commands for CI annotations.

Every command that finds problems reports them through `format_diagnostics`, so `validate`, `export` and
`check` look the same and CI can annotate pull requests from any of them. Output is sorted and carries no
timestamps, so two runs on the same input print the same bytes.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Sequence
from typing import Literal

from cardgen.diagnostics import Diagnostic

Format = Literal["text", "json", "github"]
FORMATS: tuple[Format, ...] = ("text", "json", "github")


def promote_warnings(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """`--strict`: every warning becomes an error (same code, message and place)."""
    return [dataclasses.replace(d, severity="error") if d.severity == "warning" else d for d in diagnostics]


def counts(diagnostics: Sequence[Diagnostic]) -> tuple[int, int]:
    """(errors, warnings)."""
    errors = sum(1 for d in diagnostics if d.severity == "error")
    return errors, len(diagnostics) - errors


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def summary_line(diagnostics: Sequence[Diagnostic], files: int | None = None) -> str:
    """`2 errors, 1 warning in 31 files` (or `no problems in 31 files`)."""
    errors, warnings = counts(diagnostics)
    where = f" in {_plural(files, 'file')}" if files is not None else ""
    if not errors and not warnings:
        return f"no problems{where}"
    return f"{_plural(errors, 'error')}, {_plural(warnings, 'warning')}{where}"


def format_text_line(d: Diagnostic) -> str:
    """`path:line:col: error CODE [rule]: message` (the rule part only when the code cites one)."""
    where = str(d.location) if d.location else "cardgen"
    rule = f" [{d.rule}]" if d.rule else ""
    message = d.message.replace("\r", "\\r").replace("\n", "\\n")
    return f"{where}: {d.severity} {d.code}{rule}: {message}"


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


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def format_github_line(d: Diagnostic) -> str:
    """A GitHub Actions workflow command: `::error file=..,line=..,col=..,title=CODE::message`."""
    props: list[str] = []
    if d.location:
        props.append(f"file={_escape_property(d.location.file)}")
        if d.location.line is not None:
            props.append(f"line={d.location.line}")
        if d.location.column is not None:
            props.append(f"col={d.location.column}")
    title = f"{d.code} [{d.rule}]" if d.rule else d.code
    props.append(f"title={_escape_property(title)}")
    return f"::{d.severity} {','.join(props)}::{_escape_data(d.message)}"


def format_diagnostics(diagnostics: Iterable[Diagnostic], fmt: Format = "text", files: int | None = None) -> str:
    """All diagnostics, sorted by place, in `fmt`, ending with a newline. `files` (how many spec files
    were read) goes into the summary."""
    items = sorted(diagnostics, key=Diagnostic.sort_key)
    if fmt == "json":
        errors, warnings = counts(items)
        document = {
            "diagnostics": [_to_json(d) for d in items],
            "summary": {"errors": errors, "warnings": warnings, "files": files},
        }
        return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    if fmt == "github":
        lines = [format_github_line(d) for d in items]
        lines.append(summary_line(items, files))
        return "\n".join(lines) + "\n"
    if fmt == "text":
        lines = [format_text_line(d) for d in items]
        lines.append(summary_line(items, files))
        return "\n".join(lines) + "\n"
    raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
