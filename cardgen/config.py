"""Project settings from `[tool.cardgen]` in pyproject.toml, found the way ruff and mypy find theirs.

An engine repository that keeps its card specs beside its code sets the defaults of every command once
instead of repeating flags in each CI step and hook:

    [tool.cardgen]
    ignore = ["CG306"]     # codes left out of every report
    strict = true          # warnings are errors
    format = "github"      # text | json | github
    jobs = 0               # worker processes (0: one per CPU)
    author = "your-name"   # `cardgen new` writes it into each new spec: the @author of its XMage class

The file is the nearest `pyproject.toml` with a `[tool.cardgen]` table, looking in the current folder
and then its parents up to the root of the repository (the first folder holding `.git` or `.hg`); a
pyproject.toml without the table is passed over, as mypy does. Flags on the command line win over the
file. A mistake in the table (an unknown key, a wrong type) is a usage error naming the file, never
ignored: a setting a user believes is in force must be.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.inputs import Refusal, read_text

FORMATS = ("text", "json", "github")
KEYS = ("ignore", "strict", "format", "jobs", "author")
AUTHOR = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}")
"""What `author` may be: the spec field's pattern (`cardgen.model.card.Author`)."""
MENTIONS_TABLE = re.compile(r"tool\s*\.\s*[\"']?cardgen|^\s*[\"']?cardgen[\"']?\s*=\s*\{", re.M)
"""Where a pyproject.toml may define `[tool.cardgen]` (a table header, a dotted key, or `cardgen = {...}`
under `[tool]`); a file without any of them is not parsed."""
LIMIT = 1 << 20
"""A pyproject.toml larger than this is refused (it is a few kilobytes)."""


class ConfigError(Exception):
    """`[tool.cardgen]` is not usable; the message names the file and the key."""


@dataclass(frozen=True)
class Config:
    """The settings in force; each is None (or empty) when the file does not set it."""

    ignore: frozenset[str] = frozenset()
    strict: bool | None = None
    format: str | None = None
    jobs: int | None = None
    author: str | None = None
    source: Path | None = field(default=None, compare=False)


def find_pyproject(start: Path) -> tuple[Path, dict[str, Any]] | None:
    """The nearest pyproject.toml at or above `start` with a `[tool.cardgen]` table, and that table."""
    for folder in [start, *start.parents]:
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            table = _cardgen_table(candidate)
            if table is not None:
                return candidate, table
        if (folder / ".git").exists() or (folder / ".hg").exists():
            return None
    return None


def _cardgen_table(path: Path) -> dict[str, Any] | None:
    text = read_text(path, LIMIT)
    if isinstance(text, Refusal):
        raise ConfigError(f"{path}: {text.message}")
    if not MENTIONS_TABLE.search(text):  # most pyproject.toml files (cardgen's own too): no parse needed
        return None
    import tomllib  # here: a run without a [tool.cardgen] table never needs it

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML: {error}") from None
    tool = data.get("tool")
    table = tool.get("cardgen") if isinstance(tool, dict) else None
    if table is None:
        return None
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.cardgen] must be a table")
    return table


def parse(table: dict[str, Any], source: Path) -> Config:
    """The table's settings, checked: unknown keys and wrong types are errors."""
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        raise ConfigError(f"{source}: [tool.cardgen] has unknown key(s) {', '.join(unknown)}; "
                          f"known: {', '.join(KEYS)}")
    ignore = table.get("ignore", [])
    if not isinstance(ignore, list) or not all(isinstance(code, str) and code.strip() for code in ignore):
        raise ConfigError(f"{source}: [tool.cardgen] ignore must be a list of codes, e.g. ignore = [\"CG306\"]")
    strict = table.get("strict")
    if strict is not None and not isinstance(strict, bool):
        raise ConfigError(f"{source}: [tool.cardgen] strict must be true or false")
    fmt = table.get("format")
    if fmt is not None and fmt not in FORMATS:
        raise ConfigError(f"{source}: [tool.cardgen] format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    jobs = table.get("jobs")
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 0):
        raise ConfigError(f"{source}: [tool.cardgen] jobs must be a whole number, 0 for one per CPU")
    author = table.get("author")
    if author is not None and not (isinstance(author, str) and AUTHOR.fullmatch(author)):
        raise ConfigError(f"{source}: [tool.cardgen] author must be a user name (letters, digits, spaces, . _ -; "
                          "at most 40 characters)")
    return Config(frozenset(code.strip().upper() for code in ignore), strict, fmt, jobs, author, source)


def load(start: Path | None = None) -> Config:
    """The settings for a command run from `start` (the current folder); empty when no file sets any."""
    found = find_pyproject((start or Path.cwd()).absolute())
    if found is None:
        return Config()
    path, table = found
    return parse(table, path)
