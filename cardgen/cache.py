"""An opt-in content-hash cache of the per-spec work (`--cache` on validate, export and check).

Most of the time of a command goes into work that depends on one spec file and nothing else: parsing
its YAML, its per-card checks, rendering it for each engine. With `--cache`, each such result is stored
under the hash of

- the file's bytes and its path as shown in diagnostics (diagnostics name the file), and
- a fingerprint of everything that could change the result: the bytes of every file of the `cardgen`
  package and of the templates, the versions of cardgen, Python, pydantic(-core), PyYAML (and whether
  libyaml is used) and jinja2.

So an entry is only ever reused for the same bytes read by the same code; editing a spec, the code or a
template, or upgrading a dependency, misses. A cache made by other code is dropped whole when opened.
Nothing that depends on other files is cached (whether a card's sets exist, name clashes, set-level
files): that is recomputed every time. The cache is a single SQLite file, `.cardgen-cache/specs.sqlite3`
in the working folder (or `$CARDGEN_CACHE_DIR`); delete it any time. Values are stored with `marshal`
(plain data only: strings, numbers, lists, tuples, dicts), never pickled objects; a value that is not
plain data is simply not cached.
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.diagnostics import Diagnostic, Location

if TYPE_CHECKING:
    import sqlite3

    from cardgen.spec.loader import FileResult, Parsed

DEFAULT_FOLDER = ".cardgen-cache"
FILE_NAME = "specs.sqlite3"
SCHEMA = 2
_BATCH = 500
"""Keys per look-up query (SQLite allows 999 parameters by default)."""


def cache_folder() -> Path:
    return Path(os.environ.get("CARDGEN_CACHE_DIR") or DEFAULT_FOLDER)


def _tree_digest(digest: Any, root: Path) -> None:
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".pyo"):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")


def fingerprint() -> str:
    """What the cached results depend on besides the spec file itself (see the module docstring)."""
    import jinja2
    import pydantic
    import pydantic_core
    import yaml

    import cardgen
    from cardgen.templates_path import templates_dir

    digest = hashlib.blake2b(digest_size=20)
    versions = (SCHEMA, cardgen.__version__, sys.version, sys.implementation.name, pydantic.VERSION,
                pydantic_core.__version__, yaml.__version__, yaml.__with_libyaml__, jinja2.__version__)
    digest.update(repr(versions).encode())
    _tree_digest(digest, Path(cardgen.__file__).resolve().parent)
    _tree_digest(digest, templates_dir())
    return digest.hexdigest()


def _diagnostic_out(item: Diagnostic) -> tuple:
    loc = item.location
    where = None if loc is None else (loc.file, loc.line, loc.column)
    return (item.code, item.message, where, item.rule, item.severity)


def _diagnostic_in(row: tuple) -> Diagnostic:
    code, message, where, rule, severity = row
    return Diagnostic(code, message, None if where is None else Location(*where), rule, severity)


def diagnostics_out(items: Iterable[Diagnostic]) -> list[tuple]:
    return [_diagnostic_out(item) for item in items]


def diagnostics_in(rows: Iterable[tuple]) -> list[Diagnostic]:
    return [_diagnostic_in(row) for row in rows]


class SpecCache:
    """Per-spec results by kind ("parse", "checks", "render:forge", ...) and file key, in one SQLite file.

    Reads go straight to the database; writes are kept and stored together by `save()` (one
    transaction). Keys of the files read are remembered by path (`key_of`), so later stages of the
    same command can find the results of a card they hold.
    """

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or cache_folder()
        self.fingerprint = fingerprint()
        self._pending: list[tuple[str, bytes, bytes]] = []
        self._keys: dict[str, bytes] = {}
        self._connection: sqlite3.Connection | None = None
        self.hits = 0
        self.misses = 0

    # ------------------------------------------------------------------------------------ storage
    def _db(self) -> sqlite3.Connection:
        if self._connection is None:
            self._connection = self._open()
        return self._connection

    def _open(self) -> sqlite3.Connection:
        import sqlite3  # here, not at import: validate and export import this module without --cache

        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / FILE_NAME
        try:
            return self._prepare(sqlite3.connect(path, timeout=30))
        except sqlite3.DatabaseError:  # not a database (any more): the cache is disposable
            path.unlink(missing_ok=True)
            return self._prepare(sqlite3.connect(path, timeout=30))

    def _prepare(self, connection: sqlite3.Connection) -> sqlite3.Connection:
        connection.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT)")
        connection.execute("CREATE TABLE IF NOT EXISTS entries (kind TEXT, key BLOB, value BLOB, "
                           "PRIMARY KEY (kind, key)) WITHOUT ROWID")
        row = connection.execute("SELECT value FROM meta WHERE name = 'fingerprint'").fetchone()
        if row is None or row[0] != self.fingerprint:
            with connection:
                connection.execute("DELETE FROM entries")
                connection.execute("INSERT OR REPLACE INTO meta VALUES ('fingerprint', ?)", (self.fingerprint,))
        return connection

    def get(self, kind: str, key: bytes) -> Any | None:
        row = self._db().execute("SELECT value FROM entries WHERE kind = ? AND key = ?", (kind, key)).fetchone()
        if row is None:
            self.misses += 1
            return None
        self.hits += 1
        return marshal.loads(row[0])

    def get_many(self, kind: str, keys: Iterable[bytes]) -> dict[bytes, Any]:
        """The cached values of `keys` (absent keys left out), fetched in a few queries."""
        wanted = list(dict.fromkeys(keys))
        found: dict[bytes, Any] = {}
        db = self._db()
        for start in range(0, len(wanted), _BATCH):
            batch = wanted[start:start + _BATCH]
            marks = ",".join("?" * len(batch))
            for key, blob in db.execute(f"SELECT key, value FROM entries WHERE kind = ? AND key IN ({marks})",
                                        (kind, *batch)):
                found[key] = marshal.loads(blob)
        self.hits += len(found)
        self.misses += len(wanted) - len(found)
        return found

    def put(self, kind: str, key: bytes, value: Any) -> None:
        try:
            blob = marshal.dumps(value)
        except ValueError:  # not plain data (e.g. a date read from YAML): not cached
            return
        self._pending.append((kind, key, blob))

    def save(self) -> None:
        """Store what was computed. A cache that cannot be written is no error: the results stand."""
        if not self._pending:
            return
        import sqlite3

        with contextlib.suppress(sqlite3.Error, OSError):
            db = self._db()
            with db:
                db.executemany("INSERT OR REPLACE INTO entries VALUES (?, ?, ?)", self._pending)
        self._pending.clear()

    def close(self) -> None:
        self.save()
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    # -------------------------------------------------------------------------------------- keys
    def key(self, display: str, raw: bytes) -> bytes:
        digest = hashlib.blake2b(display.encode("utf-8", "surrogateescape") + b"\0", digest_size=20)
        digest.update(raw)
        return digest.digest()

    def key_of(self, path: Path) -> bytes | None:
        """The key of a spec file this cache has read in this command (None: not read through it)."""
        return self._keys.get(str(path))

    # ---------------------------------------------------------------------------------- loading
    def read(self, files: list[Path]) -> list[tuple[bytes | None, bytes | None]]:
        """(bytes, key) of each file; (None, None) for one that cannot be read plainly (the loader then
        explains why, and nothing about it is cached)."""
        from cardgen.spec.loader import read_regular

        out: list[tuple[bytes | None, bytes | None]] = []
        for path in files:
            raw = read_regular(path)
            key = None if raw is None else self.key(path.as_posix(), raw)
            if key is not None:
                self._keys[str(path)] = key
            out.append((raw, key))
        return out

    def load_files(self, files: list[Path]) -> Iterator[FileResult]:
        """`loader.load_file` of each file, in order, with the YAML half (read, parse) taken from the
        cache for the files whose bytes were seen before."""
        from cardgen.spec.loader import load_file

        read = self.read(files)
        cached = self.get_many("parse", [key for _, key in read if key is not None])
        for path, (raw, key) in zip(files, read, strict=True):
            if raw is None or key is None:
                yield load_file(path)
            else:
                yield self._load(path, raw, key, cached.get(key))

    def _load(self, path: Path, raw: bytes, key: bytes, cached: Any) -> FileResult:
        from cardgen.spec.loader import ParsedYaml, load_file, read_and_parse

        if cached is not None:
            problems, diagnostics, data, positions = cached
            parsed: Parsed = (diagnostics_in(problems),
                              None if data is None and positions is None and diagnostics is None else
                              ParsedYaml(data, positions, diagnostics_in(diagnostics or [])))
            return load_file(path, parsed)
        problems_found, result = read_and_parse(path, raw)
        if result is None:
            self.put("parse", key, (diagnostics_out(problems_found), None, None, None))
        else:
            self.put("parse", key, (diagnostics_out(problems_found), diagnostics_out(result.diagnostics),
                                    result.data, result.positions))
        return load_file(path, (problems_found, result))


def open_cache(enabled: bool) -> SpecCache | None:
    return SpecCache() if enabled else None
