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

This module only stores and keys; the executor (`cardgen.executor.per_card`) decides, for every stage
of every command, what is taken from it, what is computed and what is stored.
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
import stat
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sqlite3

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


def _not_a_database_file(path: Path) -> str | None:
    """Why `path` cannot be the cache file (a folder, a FIFO, a device, a link), or None: absent or a
    regular file. Checked before SQLite opens it, as opening a FIFO could block."""
    try:
        status = os.lstat(path)
    except FileNotFoundError:
        return None
    if stat.S_ISREG(status.st_mode):
        return None
    from cardgen.inputs import kind_of

    return f"{path.name} is {kind_of(status.st_mode)}, not a regular file"


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
        self.usable = True
        """False when the cache file could not be opened (a warning was printed; the cache is in memory)."""

    # ------------------------------------------------------------------------------------ storage
    def _db(self) -> sqlite3.Connection:
        if self._connection is None:
            self._connection = self._open()
        return self._connection

    def _open(self) -> sqlite3.Connection:
        """The cache database; if its folder or file cannot be used (a file where the folder should be,
        a folder or a FIFO where the file should be, no permission), a warning and a cache in memory
        for this command: the cache only ever saves time, so it never stops a command."""
        import sqlite3  # here, not at import: validate and export import this module without --cache

        path = self.folder / FILE_NAME
        try:
            if os.path.lexists(self.folder) and not self.folder.is_dir():
                raise OSError(f"{self.folder} is a file, not a folder")
            self.folder.mkdir(parents=True, exist_ok=True)
            problem = _not_a_database_file(path)
            if problem:
                raise OSError(problem)
            try:
                return self._prepare(sqlite3.connect(path, timeout=30))
            except sqlite3.DatabaseError:  # not a database (any more): the cache is disposable
                if path.is_file() and not path.is_symlink():
                    path.unlink(missing_ok=True)
                    return self._prepare(sqlite3.connect(path, timeout=30))
                raise
        except (OSError, sqlite3.Error) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            print(f"cardgen: warning: the cache at {path} cannot be used ({reason}); running without it",
                  file=sys.stderr)
            self.usable = False
            return self._prepare(sqlite3.connect(":memory:"))

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
        from cardgen.load.specs import read_regular  # the loader's own limits and refusals

        out: list[tuple[bytes | None, bytes | None]] = []
        for path in files:
            raw = read_regular(path)
            key = None if raw is None else self.key(path.as_posix(), raw)
            if key is not None:
                self._keys[str(path)] = key
            out.append((raw, key))
        return out



def open_cache(enabled: bool) -> SpecCache | None:
    return SpecCache() if enabled else None
