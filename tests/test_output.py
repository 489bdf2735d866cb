"""The output writer: atomic, minimal, confined to its folder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgen.output import TEMP_PREFIX, UnsafePathError, plan_tree, resolve_inside, safe_relative, write_tree


def test_writes_only_changed_files(tmp_path: Path) -> None:
    first = write_tree(tmp_path, {"a/x.txt": "one\n", "b/y.txt": "two\n"})
    assert first.written == ["a/x.txt", "b/y.txt"]
    before = (tmp_path / "a/x.txt").stat().st_mtime_ns
    time.sleep(0.01)
    second = write_tree(tmp_path, {"a/x.txt": "one\n", "b/y.txt": "changed\n"})
    assert second.written == ["b/y.txt"]
    assert second.unchanged == ["a/x.txt"]
    assert (tmp_path / "a/x.txt").stat().st_mtime_ns == before
    assert (tmp_path / "b/y.txt").read_bytes() == b"changed\n"


def test_stale_files_reported_and_pruned(tmp_path: Path) -> None:
    write_tree(tmp_path, {"a/x.txt": "1\n", "a/old.txt": "2\n"})
    kept = write_tree(tmp_path, {"a/x.txt": "1\n"})
    assert kept.stale == ["a/old.txt"] and kept.removed == []
    assert (tmp_path / "a/old.txt").exists()
    pruned = write_tree(tmp_path, {"a/x.txt": "1\n"}, prune=True)
    assert pruned.removed == ["a/old.txt"]
    assert not (tmp_path / "a/old.txt").exists()


def test_stale_scope_limits_what_counts_as_stale(tmp_path: Path) -> None:
    write_tree(tmp_path, {"cards/x.txt": "1\n", "sets/s.txt": "2\n"})
    plan = plan_tree(tmp_path, {"cards/x.txt": "1\n"}, stale_scope=["cards"])
    assert plan.stale == []
    assert plan_tree(tmp_path, {"cards/x.txt": "1\n"}, stale_scope=()).stale == []


@pytest.mark.parametrize(
    "relative",
    ["../x.txt", "/etc/passwd", "a/../../x", "a\\b.txt", "", "a//b", ".hidden", "a/./b", "nul\x00.txt"],
)
def test_unsafe_paths_rejected(tmp_path: Path, relative: str) -> None:
    with pytest.raises(UnsafePathError):
        resolve_inside(tmp_path, relative)


def test_symlink_escape_rejected(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    root = tmp_path / "root"
    root.mkdir()
    (root / "link").symlink_to(outside)
    with pytest.raises(UnsafePathError):
        write_tree(root, {"link/x.txt": "boom\n"})
    assert not (outside / "x.txt").exists()


@given(st.text(max_size=30))
def test_safe_relative_never_escapes(text: str) -> None:
    try:
        path = safe_relative(text)
    except UnsafePathError:
        return
    assert not path.is_absolute()
    assert ".." not in path.parts


def test_killed_write_leaves_files_old_or_new(tmp_path: Path) -> None:
    """Kill an export mid-way: every file is entirely old or entirely new, never partial."""
    root = tmp_path / "out"
    count, size = 400, 200_000
    old = {f"d/{i:04}.txt": ("o" * size) for i in range(count)}
    write_tree(root, old)
    script = textwrap.dedent(
        f"""
        from pathlib import Path
        from cardgen.output import write_tree
        write_tree(Path({str(root)!r}), {{f"d/{{i:04}}.txt": "n" * {size} for i in range({count})}})
        """
    )
    process = subprocess.Popen([sys.executable, "-c", script])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if any((root / "d").glob(f"{TEMP_PREFIX}*")) or (root / "d/0010.txt").read_bytes()[:1] == b"n":
            break
        time.sleep(0.001)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    targets = [path for path in (root / "d").glob("*.txt") if not path.name.startswith(TEMP_PREFIX)]
    assert len(targets) == count
    assert {path.read_bytes() for path in targets} <= {b"o" * size, b"n" * size}
    # A rerun cleans the leftovers of the killed process and completes the tree.
    summary = write_tree(root, {f"d/{i:04}.txt": "n" * size for i in range(count)})
    assert not list((root / "d").glob(f"{TEMP_PREFIX}*"))
    assert all(path.read_bytes() == b"n" * size for path in (root / "d").glob("*.txt"))  # no leftovers either
    assert len(summary.written) + len(summary.unchanged) == count


def test_files_cardgen_did_not_write_are_never_stale(tmp_path: Path) -> None:
    """--prune removes only what an earlier export wrote (the manifest), never a hand-written file."""
    (tmp_path / "cardsfolder" / "z").mkdir(parents=True)
    (tmp_path / "cardsfolder" / "z" / "hand_written.txt").write_text("mine\n", encoding="utf-8")
    (tmp_path / "notes.md").write_text("notes\n", encoding="utf-8")
    write_tree(tmp_path, {"cardsfolder/a/x.txt": "1\n", "cardsfolder/a/old.txt": "2\n"})
    summary = write_tree(tmp_path, {"cardsfolder/a/x.txt": "1\n"}, prune=True)
    assert summary.stale == ["cardsfolder/a/old.txt"] and summary.removed == ["cardsfolder/a/old.txt"]
    assert (tmp_path / "cardsfolder" / "z" / "hand_written.txt").read_text(encoding="utf-8") == "mine\n"
    assert (tmp_path / "notes.md").exists()
    assert write_tree(tmp_path, {"cardsfolder/a/x.txt": "1\n"}, prune=True).stale == []


def test_prune_leaves_user_folders_and_symlinks_alone(tmp_path: Path) -> None:
    """--prune removes the files the manifest lists and the folders that removing them emptied; a user's
    empty folder, symlinks (to files, folders, outside, dangling, or in place of a file cardgen wrote)
    stay, and none of them breaks the run."""
    root = tmp_path / "out"
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("keep\n", encoding="utf-8")
    write_tree(root, {"cards/a/x.txt": "1\n", "cards/b/old.txt": "2\n", "cards/c/was.txt": "3\n",
                      "cards/d/gone.txt": "4\n"})
    (root / "mine" / "empty").mkdir(parents=True)
    (root / "cards" / "e").mkdir()
    (root / "cards" / "c" / "was.txt").unlink()
    (root / "cards" / "c" / "was.txt").symlink_to(outside / "secret.txt")  # the user's now
    (root / "cards" / "link_dir").symlink_to(outside, target_is_directory=True)
    (root / "cards" / "a" / "to_outside.txt").symlink_to(outside / "secret.txt")
    (root / "cards" / "a" / "dangling.txt").symlink_to(tmp_path / "nowhere")
    (root / "cards" / "d").rename(root / "cards" / "d_moved")
    (root / "cards" / "d").symlink_to(root / "cards" / "d_moved", target_is_directory=True)

    summary = write_tree(root, {"cards/a/x.txt": "1\n"}, prune=True)
    assert summary.removed == ["cards/b/old.txt"]
    assert not (root / "cards" / "b").exists()  # emptied by the prune
    assert (root / "mine" / "empty").is_dir() and (root / "cards" / "e").is_dir()
    assert (root / "cards" / "c" / "was.txt").is_symlink()
    assert (root / "cards" / "link_dir").is_symlink() and (root / "cards" / "d").is_symlink()
    assert (root / "cards" / "d_moved" / "gone.txt").exists()  # not removed through the symlinked folder
    assert (root / "cards" / "a" / "to_outside.txt").is_symlink()
    assert (root / "cards" / "a" / "dangling.txt").is_symlink()
    assert (outside / "secret.txt").read_text(encoding="utf-8") == "keep\n"
    assert write_tree(root, {"cards/a/x.txt": "1\n"}, prune=True).removed == []


def test_a_path_differing_only_in_case_is_refused(tmp_path: Path) -> None:
    """Writing `Card.java` beside a user's `card.java` would replace it on Windows and macOS."""
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "card.java").write_text("mine\n", encoding="utf-8")
    with pytest.raises(UnsafePathError, match="differs only in case"):
        write_tree(tmp_path, {"cards/Card.java": "ours\n"})
    with pytest.raises(UnsafePathError, match="differs only in case"):
        write_tree(tmp_path, {"x/A.txt": "1\n", "x/a.txt": "2\n"})
    assert (tmp_path / "cards" / "card.java").read_text(encoding="utf-8") == "mine\n"
    assert not (tmp_path / "cards" / "Card.java").exists() and not (tmp_path / "x").exists()


def _snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_streamed_files_appear_only_when_finished(tmp_path: Path) -> None:
    from cardgen.output import TreeWriter

    root = tmp_path / "out"
    write_tree(root, {"a/x.txt": "1\n", "a/y.txt": "2\n"})
    before = _snapshot(root)
    writer = TreeWriter(root)
    writer.add("a/x.txt", "1\n")
    writer.add("a/y.txt", "changed\n")
    writer.add("b/new.txt", "3\n")
    visible = {name: data for name, data in _snapshot(root).items() if TEMP_PREFIX not in name}
    assert visible == before  # nothing is in place before `finish`
    summary = writer.finish()
    assert summary.written == ["a/y.txt", "b/new.txt"] and summary.unchanged == ["a/x.txt"]
    assert (root / "a/y.txt").read_bytes() == b"changed\n" and (root / "b/new.txt").read_bytes() == b"3\n"
    assert not [name for name in _snapshot(root) if TEMP_PREFIX in name]


def test_discarded_stream_leaves_the_tree_as_it_was(tmp_path: Path) -> None:
    from cardgen.output import TreeWriter

    root = tmp_path / "out"
    write_tree(root, {"a/x.txt": "1\n"})
    before = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*"))
    writer = TreeWriter(root)
    writer.add("a/x.txt", "changed\n")
    writer.add("deep/er/new.txt", "2\n")
    writer.discard()
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == before
    assert (root / "a/x.txt").read_bytes() == b"1\n"
    fresh = TreeWriter(tmp_path / "never")
    fresh.add("a/b.txt", "x\n")
    fresh.discard()
    assert not (tmp_path / "never").exists()


def test_the_last_add_of_a_path_wins(tmp_path: Path) -> None:
    from cardgen.output import TreeWriter

    write_tree(tmp_path, {"a.txt": "same\n"})
    writer = TreeWriter(tmp_path)
    writer.add("a.txt", "other\n")
    writer.add("a.txt", "same\n")
    summary = writer.finish()
    assert summary.written == [] and summary.unchanged == ["a.txt"]
    assert _snapshot(tmp_path) == {".cardgen-manifest": (tmp_path / ".cardgen-manifest").read_bytes(),
                                   "a.txt": b"same\n"}
