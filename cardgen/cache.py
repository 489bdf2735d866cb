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

A cache is checked, never trusted: CI systems restore caches from elsewhere, and whoever can edit the
database could otherwise make `export --cache` write what no spec says. So every entry carries a keyed
digest (HMAC-BLAKE2b over its kind, key and bytes) under a secret kept beside the database, in
`secret` (created 0600; one readable by others, or not a plain file of the user's own, is replaced and
the entries dropped). An entry whose digest does not match, or whose value is not plain data of the
shape its stage stored, is ignored (computed again) and counted in a warning. The cache folder follows
the input rules (`cardgen.inputs`): a default `.cardgen-cache` that is a symbolic link leading out of
the working folder is not used, and the database and secret must be plain files. A database another
process holds locked is skipped at once (a warning), never waited for.

This module only stores and keys; the executor (`cardgen.executor.per_card`) decides, for every stage
of every command, what is taken from it, what is computed and what is stored.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import marshal
import os
import secrets
import stat
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sqlite3

DEFAULT_FOLDER = ".cardgen-cache"
FILE_NAME = "specs.sqlite3"
SECRET_NAME = "secret"
SCHEMA = 3
_DIGEST = 32
"""Bytes of each entry's keyed digest, stored before its marshalled value."""
_PLAIN = (str, bytes, int, float, bool, type(None))
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


def plain_data(value: Any, depth: int = 0) -> bool:
    """Whether `value` is built only of what the stages store (strings, numbers, None, tuples, lists,
    dicts): `marshal` also reads code objects, sets and more, which no stage stores."""
    if depth > 64:
        return False
    if isinstance(value, _PLAIN):
        return True
    if isinstance(value, (tuple, list)):
        return all(plain_data(item, depth + 1) for item in value)
    if isinstance(value, dict):
        # keys are plain or tuples of plain data (a node path of the positions a summary stores)
        return all((isinstance(key, _PLAIN) or isinstance(key, tuple) and plain_data(key, depth + 1))
                   and plain_data(item, depth + 1) for key, item in value.items())
    return False


def _private_file(path: Path) -> bool:
    """Whether `path` is a plain file (not a link) of this user that no one else may read or write."""
    try:
        status = os.lstat(path)
    except OSError:
        return False
    owner_ok = not hasattr(os, "getuid") or status.st_uid == os.getuid()
    return stat.S_ISREG(status.st_mode) and owner_ok and not status.st_mode & 0o077


def _new_secret(path: Path) -> bytes:
    """A fresh secret written to `path` (0600, never through a link)."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
    secret = secrets.token_bytes(32)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    descriptor = os.open(path, flags, 0o600)
    try:
        os.write(descriptor, secret)
    finally:
        os.close(descriptor)
    return secret


def _folder_problem(folder: Path) -> str | None:
    """Why the cache folder may not be used under the input rules: a default folder that is a symbolic
    link out of the working folder (one named by `$CARDGEN_CACHE_DIR` was chosen on purpose)."""
    if os.environ.get("CARDGEN_CACHE_DIR") or not os.path.islink(folder):
        return None
    from cardgen.inputs import inside

    real = os.path.realpath(folder)
    if not inside(real, [os.path.realpath(os.getcwd())]):
        return f"{folder} is a symbolic link that leads outside the working folder (not followed)"
    return None


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
        self._secret = b""
        self.rejected = 0
        """Entries ignored: a digest that does not match, or a value that is not what its stage stores."""

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
            problem = _folder_problem(self.folder)
            if problem:
                raise OSError(problem)
            if os.path.lexists(self.folder) and not self.folder.is_dir():
                raise OSError(f"{self.folder} is a file, not a folder")
            self.folder.mkdir(parents=True, exist_ok=True)
            problem = _not_a_database_file(path)
            if problem:
                raise OSError(problem)
            secret_path = self.folder / SECRET_NAME
            fresh = not _private_file(secret_path)
            if fresh:
                problem = _not_a_database_file(secret_path)  # a folder or FIFO there: not replaced
                if problem and not os.path.islink(secret_path):
                    raise OSError(problem)
                self._secret = _new_secret(secret_path)
            else:
                self._secret = secret_path.read_bytes()
            try:
                return self._prepare(sqlite3.connect(path, timeout=0), drop=fresh)
            except sqlite3.OperationalError as error:
                if "locked" in str(error) or "busy" in str(error):
                    raise sqlite3.OperationalError("the database is locked by another process") from None
                raise
            except sqlite3.DatabaseError:  # not a database (any more): the cache is disposable
                if path.is_file() and not path.is_symlink():
                    path.unlink(missing_ok=True)
                    return self._prepare(sqlite3.connect(path, timeout=0), drop=True)
                raise
        except (OSError, sqlite3.Error) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            print(f"cardgen: warning: the cache at {path} cannot be used ({reason}); running without it",
                  file=sys.stderr)
            self.usable = False
            self._secret = secrets.token_bytes(32)
            return self._prepare(sqlite3.connect(":memory:"))

    def _prepare(self, connection: sqlite3.Connection, drop: bool = False) -> sqlite3.Connection:
        """The tables, emptied when made by other code or when the secret is new (`drop`): entries
        signed with another secret could not be checked."""
        connection.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT)")
        connection.execute("CREATE TABLE IF NOT EXISTS entries (kind TEXT, key BLOB, value BLOB, "
                           "PRIMARY KEY (kind, key)) WITHOUT ROWID")
        row = connection.execute("SELECT value FROM meta WHERE name = 'fingerprint'").fetchone()
        if drop or row is None or row[0] != self.fingerprint:
            with connection:
                connection.execute("DELETE FROM entries")
                connection.execute("INSERT OR REPLACE INTO meta VALUES ('fingerprint', ?)", (self.fingerprint,))
        return connection

    def _digest(self, kind: str, key: bytes, blob: bytes) -> bytes:
        mac = hmac.new(self._secret, digestmod=hashlib.blake2b)
        mac.update(kind.encode() + b"\0" + len(key).to_bytes(4, "big") + key)
        mac.update(blob)
        return mac.digest()[:_DIGEST]

    def _checked(self, kind: str, key: bytes, stored: Any) -> tuple[bool, Any]:
        """(True, value) for an entry this cache wrote, else (False, None), counted in `rejected`."""
        if isinstance(stored, bytes) and len(stored) > _DIGEST:
            digest, blob = stored[:_DIGEST], stored[_DIGEST:]
            if hmac.compare_digest(digest, self._digest(kind, key, blob)):
                try:
                    value = marshal.loads(blob)
                except (ValueError, EOFError, TypeError):
                    value = None
                else:
                    if plain_data(value):
                        return True, value
        self.rejected += 1
        return False, None

    def reject(self, kind: str, key: bytes) -> None:
        """An entry its stage could not use (not the shape it stores): counted, and computed again."""
        self.rejected += 1
        self.hits -= 1
        self.misses += 1

    def get(self, kind: str, key: bytes) -> Any | None:
        db = self._db()
        row = db.execute("SELECT value FROM entries WHERE kind = ? AND key = ?", (kind, key)).fetchone()
        ok, value = (False, None) if row is None else self._checked(kind, key, row[0])
        if not ok:
            self.misses += 1
            return None
        self.hits += 1
        return value

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
                if isinstance(key, bytes):
                    ok, value = self._checked(kind, key, blob)
                    if ok:
                        found[key] = value
        self.hits += len(found)
        self.misses += len(wanted) - len(found)
        return found

    def put(self, kind: str, key: bytes, value: Any) -> None:
        if not plain_data(value):  # e.g. a date read from YAML: not cached
            return
        try:
            blob = marshal.dumps(value)
        except ValueError:
            return
        self._db()  # the secret is read when the database is opened
        self._pending.append((kind, key, self._digest(kind, key, blob) + blob))

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
        if self.rejected:
            many = self.rejected != 1
            print(f"cardgen: warning: {self.rejected} cache entr{'ies' if many else 'y'} in "
                  f"{self.folder / FILE_NAME} did not match what cardgen stored (changed outside cardgen) "
                  f"and {'were' if many else 'was'} ignored: computed again", file=sys.stderr)
            self.rejected = 0
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
