"""An export with nothing to do does nothing, and gives exactly what a full run gives (`cardgen.freshness`).

Every case changes one kind of input or output, then runs `export` twice from the same starting tree:
once where the earlier run's state is kept (it may take the short way) and once with the state removed
(it must run in full). Files, exit status and every line printed must be the same, and the short way must
have been taken only where nothing could have changed.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from trees import tree

import cardgen
import cardgen.commands.export as export_command
from cardgen.cli import cli
from cardgen.freshness import STATE

ROOT = Path(__file__).resolve().parents[1]
CARDS = ("kitnap.yaml", "wear_down.yaml")
KEPT = "OUTKEPT"
"""The output folder exported again and again, keeping its state."""
FULL = "OUTFULL"
"""A copy of it without the state, exported beside it."""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A small project (the test cards, two Bloomburrow cards and their scenarios) with its own copy of
    the templates and of cardgen's package as the code whose fingerprint is taken, exported once."""
    (tmp_path / "card_specs").mkdir()
    shutil.copytree(ROOT / "card_specs" / "cgt", tmp_path / "card_specs" / "cgt")
    (tmp_path / "card_specs" / "blb").mkdir()
    (tmp_path / "scenarios" / "blb").mkdir(parents=True)
    for name in ("set.yaml", *CARDS):
        shutil.copy(ROOT / "card_specs" / "blb" / name, tmp_path / "card_specs" / "blb" / name)
    for name in CARDS:
        shutil.copy(ROOT / "scenarios" / "blb" / name, tmp_path / "scenarios" / "blb" / name)
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    monkeypatch.setenv("CARDGEN_TEMPLATES", str(tmp_path / "templates"))
    package = Path(cardgen.__file__).parent
    shutil.copytree(package, tmp_path / "code" / "cardgen", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cardgen, "__file__", str(tmp_path / "code" / "cardgen" / "__init__.py"))
    monkeypatch.chdir(tmp_path)
    assert _run("export", "--out", KEPT).exit_code == 0
    yield tmp_path


def _run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def _full_runs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one each time an export runs in full."""
    calls: list[int] = []
    real = export_command._export

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(export_command, "_export", counted)
    return calls


def _compare(project: Path, monkeypatch: pytest.MonkeyPatch, *args: str, short: bool) -> None:
    """Export from the same tree with the state kept and without it: the same files and report; the run
    with the state took the short way exactly when `short`."""
    shutil.rmtree(project / FULL, ignore_errors=True)
    shutil.copytree(project / KEPT, project / FULL, symlinks=True)
    for state in (project / FULL).rglob(STATE):
        state.unlink()
    full_runs = _full_runs(monkeypatch)
    kept = _run(*args, "--out", KEPT)
    assert len(full_runs) == (0 if short else 1), kept.output
    plain = _run(*args, "--out", FULL)
    assert len(full_runs) == (1 if short else 2)
    assert kept.exit_code == plain.exit_code
    assert kept.stdout == plain.stdout.replace(FULL, KEPT)
    assert kept.stderr == plain.stderr.replace(FULL, KEPT)
    assert tree(project / KEPT) == tree(project / FULL)


def _edit(path: Path, change: Callable[[str], str]) -> None:
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")


@pytest.mark.parametrize("args", [("export",), ("export", "--check"), ("export", "--format", "json"),
                                  ("export", "-v", "--check")])
def test_nothing_changed_takes_the_short_way(project: Path, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...]):
    _compare(project, monkeypatch, *args, short=True)


def test_one_spec_edited(project: Path, monkeypatch: pytest.MonkeyPatch):
    _edit(project / "card_specs" / "blb" / "wear_down.yaml",
          lambda text: text.replace("rarity: uncommon", "rarity: rare"))
    _compare(project, monkeypatch, "export", short=False)
    _compare(project, monkeypatch, "export", short=True)


def test_one_spec_edited_keeping_its_size_and_time(project: Path, monkeypatch: pytest.MonkeyPatch):
    spec = project / "card_specs" / "blb" / "wear_down.yaml"
    before = spec.stat()
    _edit(spec, lambda text: text.replace("uncommon", "Uncommon", 1))
    os.utime(spec, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert spec.stat().st_size == before.st_size
    _compare(project, monkeypatch, "export", short=False)


def test_a_spec_with_an_error_then_mended(project: Path, monkeypatch: pytest.MonkeyPatch):
    spec = project / "card_specs" / "blb" / "kitnap.yaml"
    good = spec.read_text(encoding="utf-8")
    spec.write_text(good.replace("rarity: ", "rarity: sometimes-"), encoding="utf-8")
    _compare(project, monkeypatch, "export", short=False)
    spec.write_text(good, encoding="utf-8")
    _compare(project, monkeypatch, "export", short=True)


def test_a_spec_added_and_removed(project: Path, monkeypatch: pytest.MonkeyPatch):
    added = project / "card_specs" / "blb" / "blooming_blast.yaml"
    shutil.copy(ROOT / "card_specs" / "blb" / "blooming_blast.yaml", added)
    _compare(project, monkeypatch, "export", short=False)
    added.unlink()
    _compare(project, monkeypatch, "export", short=False)  # its files are stale now
    _compare(project, monkeypatch, "export", "--prune", short=False)
    _compare(project, monkeypatch, "export", "--prune", short=True)


def test_a_scenario_edited(project: Path, monkeypatch: pytest.MonkeyPatch):
    _edit(project / "scenarios" / "blb" / "wear_down.yaml",
          lambda text: text.replace("not promised - destroy", "not promised - it destroys"))
    _compare(project, monkeypatch, "export", "--engine", "forge", short=True)  # Forge's files don't read them
    _compare(project, monkeypatch, "export", "--check", short=False)
    _compare(project, monkeypatch, "export", short=False)
    _compare(project, monkeypatch, "export", "--engine", "xmage", short=True)


def test_a_template_edited(project: Path, monkeypatch: pytest.MonkeyPatch):
    _edit(project / "templates" / "forge" / "card.txt.j2", lambda text: text + "\n")
    _compare(project, monkeypatch, "export", short=False)


def test_the_code_changed(project: Path, monkeypatch: pytest.MonkeyPatch):
    _edit(project / "code" / "cardgen" / "naming.py", lambda text: text + "\n# changed\n")
    _compare(project, monkeypatch, "export", "--check", short=False)


def test_a_file_deleted_from_the_output(project: Path, monkeypatch: pytest.MonkeyPatch):
    next((project / KEPT / "forge").rglob("kitnap.txt")).unlink()
    _compare(project, monkeypatch, "export", "--check", short=False)
    _compare(project, monkeypatch, "export", short=False)
    _compare(project, monkeypatch, "export", short=True)


@pytest.mark.parametrize("keep_time", [False, True])
def test_a_file_edited_in_the_output(project: Path, monkeypatch: pytest.MonkeyPatch, keep_time: bool):
    script = next((project / KEPT / "forge").rglob("wear_down.txt"))
    before = script.stat()
    data = bytearray(script.read_bytes())
    data[0] ^= 0x20  # same size
    script.write_bytes(bytes(data))
    if keep_time:
        os.utime(script, ns=(before.st_atime_ns, before.st_mtime_ns))
    _compare(project, monkeypatch, "export", "--check", short=False)
    _compare(project, monkeypatch, "export", short=False)


def test_files_added_to_the_output_or_the_manifest_edited(project: Path, monkeypatch: pytest.MonkeyPatch):
    (project / KEPT / "forge" / "notes.txt").write_text("mine\n", encoding="utf-8")
    _compare(project, monkeypatch, "export", short=False)
    _compare(project, monkeypatch, "export", short=True)
    manifest = project / KEPT / "forge" / ".cardgen-manifest"
    _edit(manifest, lambda text: text + "cardsfolder/z/zzz.txt\n")
    _compare(project, monkeypatch, "export", short=False)
    (project / KEPT / "xmage" / ".cardgen-tmp-1-1").write_text("left by a killed run", encoding="utf-8")
    _compare(project, monkeypatch, "export", "--check", short=False)
    _compare(project, monkeypatch, "export", short=False)


def test_a_set_chosen(project: Path, monkeypatch: pytest.MonkeyPatch):
    _compare(project, monkeypatch, "export", "--set", "BLB", short=False)
    _compare(project, monkeypatch, "export", "--set", "blb", short=True)
    _compare(project, monkeypatch, "export", short=False)


def test_strict_turns_a_replayed_warning_into_an_error(project: Path, monkeypatch: pytest.MonkeyPatch):
    (project / "card_specs" / "blb" / "stray.yml").write_text("name: x\n", encoding="utf-8")  # CG010, a warning
    _compare(project, monkeypatch, "export", short=False)
    _compare(project, monkeypatch, "export", "--strict", short=True)
    assert _run("export", "--out", KEPT, "--strict").exit_code == 1


def test_a_link_in_the_inputs_is_never_judged_fresh(project: Path, monkeypatch: pytest.MonkeyPatch):
    (project / "scenarios" / "link.txt").symlink_to(project / "scenarios" / "blb" / "kitnap.yaml")
    _compare(project, monkeypatch, "export", short=False)
    _compare(project, monkeypatch, "export", short=False)


def test_a_digest_is_taken_again_unless_its_file_was_old_enough(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A file changed within the file system's clock tick of its digest can keep its size, mtime and even
    ctime: the entry of a file that recent is not trusted, so it is read again. An old file's entry is
    trusted until its stat changes (a write always moves the ctime)."""
    from cardgen import freshness
    from cardgen.freshness import DigestMemo

    spec = tmp_path / "spec.yaml"
    spec.write_bytes(b"a: 1\n")
    memo = DigestMemo()
    first = memo.digest(str(spec))
    assert not memo.used[str(spec)][4]
    status = spec.stat()
    spec.write_bytes(b"a: 2\n")
    os.utime(spec, ns=(status.st_atime_ns, status.st_mtime_ns))
    again = DigestMemo(entries=dict(memo.used))
    second = again.digest(str(spec))
    assert second != first and again.reread == 1

    monkeypatch.setattr(freshness, "RACY_NS", -(1 << 62))  # as if every file were old
    old = DigestMemo()
    assert old.digest(str(spec)) == second and old.used[str(spec)][4]
    trusting = DigestMemo(entries=dict(old.used))
    assert trusting.digest(str(spec)) == second and trusting.reread == 0
    spec.write_bytes(b"a: 3\n")
    os.utime(spec, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert DigestMemo(entries=dict(trusting.used)).digest(str(spec)) != second
