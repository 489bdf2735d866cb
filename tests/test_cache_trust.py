"""`--cache` is checked, never trusted: an edited, swapped or retyped entry is ignored and reported, the
cache folder follows the input link rules, and a locked database is skipped at once.

Each runs cardgen as a process against a real SQLite file edited from outside, as a restored CI cache
could be."""

from __future__ import annotations

import marshal
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from trees import tree

ROOT = Path(__file__).resolve().parents[1]
SPECS = ROOT / "card_specs" / "cgt"
BEARS = "forge/cardsfolder/g/grizzly_bears.txt"


def cardgen(*args: str, cwd: Path, cache: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "CARDGEN_CACHE_DIR"}
    env["PYTHONPATH"] = str(ROOT)
    if cache is not None:
        env["CARDGEN_CACHE_DIR"] = str(cache)
    return subprocess.run([sys.executable, "-m", "cardgen", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)


def entries(database: Path, kind: str) -> list[tuple[bytes, bytes]]:
    with sqlite3.connect(database) as connection:
        return connection.execute("SELECT key, value FROM entries WHERE kind = ?", (kind,)).fetchall()


def rewrite(database: Path, kind: str, change) -> None:  # noqa: ANN001 - a callable on (key, value)
    with sqlite3.connect(database) as connection:
        for key, value in connection.execute("SELECT key, value FROM entries WHERE kind = ?", (kind,)).fetchall():
            new = change(key, value)
            if new is not None:
                connection.execute("UPDATE entries SET value = ? WHERE kind = ? AND key = ?", (new, kind, key))


@pytest.fixture(scope="module")
def warmed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A working folder whose cache holds the entries of an export of the CGT specs, and that export,
    made once for the module: each test edits a copy of it (`warm`)."""
    folder = tmp_path_factory.mktemp("warm")
    shutil.copytree(SPECS, folder / "specs" / "cgt")
    done = cardgen("export", "--cache", "--engine", "forge", "--out", "expected", "specs", cwd=folder,
                   cache=folder / "cache")
    assert done.returncode == 0, done.stderr
    return folder


@pytest.fixture
def warm(warmed: Path, tmp_path: Path) -> tuple[Path, Path]:
    """A copy of `warmed` (the secret keeps its mode), and its cache database."""
    folder = tmp_path / "work"
    shutil.copytree(warmed, folder, symlinks=True)
    return folder, folder / "cache" / "specs.sqlite3"


def test_the_secret_is_private(warm: tuple[Path, Path]) -> None:
    _, database = warm
    assert stat.S_IMODE(os.stat(database.parent / "secret").st_mode) == 0o600


def payload_edits(key: bytes, value: bytes) -> bytes | None:
    """Grizzly Bears' script edited to 99/99 (its digest kept), as a hand-edit of the database would."""
    digest, blob = value[:32], value[32:]
    text = marshal.loads(blob)
    if isinstance(text, tuple) and text[0] and "Name:Grizzly Bears" in text[0]:
        return digest + marshal.dumps((text[0].replace("PT:2/2", "PT:99/99"),))
    return None


def test_an_edited_entry_is_ignored_and_reported(warm: tuple[Path, Path]) -> None:
    folder, database = warm
    rewrite(database, "render:forge", payload_edits)
    done = cardgen("export", "--cache", "--engine", "forge", "--out", "got", "specs", cwd=folder, cache=database.parent)
    assert done.returncode == 0, done.stderr
    assert "PT:2/2" in (folder / "got" / BEARS).read_text(encoding="utf-8")
    assert "1 cache entry" in done.stderr and "ignored" in done.stderr
    assert tree(folder / "got") == tree(folder / "expected")


def test_two_cards_entries_swapped_are_ignored(warm: tuple[Path, Path]) -> None:
    folder, database = warm
    rows = entries(database, "render:forge")
    (key_a, value_a), (key_b, value_b) = rows[0], rows[1]
    with sqlite3.connect(database) as connection:
        connection.execute("UPDATE entries SET value = ? WHERE kind = 'render:forge' AND key = ?", (value_b, key_a))
        connection.execute("UPDATE entries SET value = ? WHERE kind = 'render:forge' AND key = ?", (value_a, key_b))
    done = cardgen("export", "--cache", "--engine", "forge", "--out", "got", "specs", cwd=folder, cache=database.parent)
    assert done.returncode == 0, done.stderr
    assert "2 cache entries" in done.stderr
    assert tree(folder / "got") == tree(folder / "expected")


def test_a_clean_files_entries_moved_to_a_bad_files_key_are_ignored(tmp_path: Path) -> None:
    """Keys are public (a hash of the path and bytes): the clean spec's cached results, copied under the
    key of the same spec with a U+202E in its name, would make it pass. They are ignored: the error stays."""
    from cardgen.cache import SpecCache

    (tmp_path / "specs" / "cgt").mkdir(parents=True)
    shutil.copy(SPECS / "set.yaml", tmp_path / "specs" / "cgt")
    spec = tmp_path / "specs" / "cgt" / "grizzly_bears.yaml"
    clean = (SPECS / "grizzly_bears.yaml").read_bytes()
    spec.write_bytes(clean)
    cache = tmp_path / "cache"
    assert cardgen("validate", "--cache", "specs", cwd=tmp_path, cache=cache).returncode == 0
    bad = clean.replace(b"name: Grizzly Bears", b'name: "Grizzly\\u202eBears"')
    spec.write_bytes(bad)
    expected = cardgen("validate", "specs", cwd=tmp_path)
    assert expected.returncode == 1
    keyer = SpecCache.__new__(SpecCache)
    old, new = keyer.key("specs/cgt/grizzly_bears.yaml", clean), keyer.key("specs/cgt/grizzly_bears.yaml", bad)
    with sqlite3.connect(cache / "specs.sqlite3") as connection:
        moved = connection.execute("UPDATE entries SET key = ? WHERE key = ?", (new, old)).rowcount
    assert moved > 0
    got = cardgen("validate", "--cache", "specs", cwd=tmp_path, cache=cache)
    assert got.returncode == 1 and got.stdout == expected.stdout
    assert "ignored" in got.stderr


@pytest.mark.parametrize("value", [marshal.dumps(5), marshal.dumps(compile("1", "x", "eval")), b"",
                                   b"\xff" * 40, marshal.dumps([("CG1",)])])
def test_values_of_other_types_are_ignored(warm: tuple[Path, Path], value: bytes) -> None:
    folder, database = warm
    for kind in ("parse", "checks", "render:forge"):
        rewrite(database, kind, lambda key, old: value)
    done = cardgen("export", "--cache", "--engine", "forge", "--out", "got", "specs", cwd=folder, cache=database.parent)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "ignored" in done.stderr
    assert tree(folder / "got") == tree(folder / "expected")


def test_a_secret_others_can_read_drops_the_entries(warm: tuple[Path, Path]) -> None:
    folder, database = warm
    secret = database.parent / "secret"
    os.chmod(secret, 0o644)
    rewrite(database, "render:forge", payload_edits)  # forged by whoever could read the secret
    done = cardgen("export", "--cache", "--engine", "forge", "--out", "got", "specs", cwd=folder, cache=database.parent)
    assert done.returncode == 0
    assert tree(folder / "got") == tree(folder / "expected")
    assert stat.S_IMODE(os.stat(secret).st_mode) == 0o600


def test_a_default_cache_folder_linked_outside_is_not_used(tmp_path: Path) -> None:
    work, outside = tmp_path / "work", tmp_path / "outside"
    work.mkdir()
    outside.mkdir()
    shutil.copytree(SPECS, work / "specs" / "cgt")
    (work / ".cardgen-cache").symlink_to(outside)
    done = cardgen("validate", "--cache", "specs", cwd=work)
    assert done.returncode == 0, done.stderr
    assert "symbolic link" in done.stderr and "cannot be used" in done.stderr
    assert list(outside.iterdir()) == []


def test_a_linked_database_or_secret_is_not_followed(tmp_path: Path) -> None:
    shutil.copytree(SPECS, tmp_path / "specs" / "cgt")
    cache, outside = tmp_path / "cache", tmp_path / "outside"
    cache.mkdir()
    outside.mkdir()
    (cache / "secret").symlink_to(outside / "secret")
    done = cardgen("validate", "--cache", "specs", cwd=tmp_path, cache=cache)
    assert done.returncode == 0, done.stderr
    assert list(outside.iterdir()) == []
    assert not (cache / "secret").is_symlink()


def test_a_locked_database_is_skipped_at_once(warm: tuple[Path, Path]) -> None:
    """Another process holds the database locked for writing: the command warns and runs without it (the
    lock is held for the whole run; without the skip the command would wait for it)."""
    folder, database = warm
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sqlite3, sys; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
        "c.execute('BEGIN EXCLUSIVE'); print('locked', flush=True); sys.stdin.read()"), str(database)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        done = cardgen("export", "--cache", "--engine", "forge", "--out", "got", "specs", cwd=folder,
                       cache=database.parent)
    finally:
        holder.communicate("", timeout=60)
    assert done.returncode == 0, done.stderr
    assert "locked" in done.stderr and "running without it" in done.stderr
    assert tree(folder / "got") == tree(folder / "expected")
