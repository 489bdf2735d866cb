"""`--cache`: a warm cache gives byte-identical results, and is never reused for other bytes or code."""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from shipped import copy_sample
from trees import tree

from cardgen import cache as cache_module
from cardgen.cache import SpecCache
from cardgen.cli import cli
from cardgen.load.specs import load_catalog

ROOT = Path(__file__).resolve().parents[1]
SPECS = ROOT / "card_specs"
BAD = ROOT / "tests" / "bad_specs"


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(folder))
    return folder


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_validate_reports_the_same_cold_and_warm(cache_dir: Path) -> None:
    for path in (SPECS, BAD):
        expected = invoke("validate", "--format", "json", str(path))
        assert invoke("validate", "--cache", "--format", "json", str(path)) == expected  # cold: fills it
        assert (cache_dir / "specs.sqlite3").is_file()
        assert invoke("validate", "--cache", "--format", "json", str(path)) == expected  # warm


def test_export_writes_the_same_files_cold_and_warm(cache_dir: Path, tmp_path: Path,
                                                   shipped_export_tree: dict[str, str]) -> None:
    cold, warm = tmp_path / "cold", tmp_path / "warm"
    assert invoke("export", "--cache", "--out", str(cold), str(SPECS))[0] == 0
    assert invoke("export", "--cache", "--out", str(warm), str(SPECS))[0] == 0
    assert shipped_export_tree == tree(cold) == tree(warm)


def test_check_reports_the_same_cold_and_warm(cache_dir: Path, tmp_path: Path) -> None:
    """On the sample catalogue (each form of card and its scenarios), checked three times: what is cached
    is per spec, so the whole catalogue would only repeat the same stages more often."""
    specs, scenarios = copy_sample(tmp_path)
    args = ("check", "--scenarios", str(scenarios), str(specs))
    expected = invoke(*args)
    assert expected[0] == 0, expected
    assert invoke(*args[:1], "--cache", *args[1:]) == expected  # cold: fills it
    assert invoke(*args[:1], "--cache", *args[1:]) == expected  # warm


def test_an_edited_spec_misses(cache_dir: Path, tmp_path: Path) -> None:
    specs = tmp_path / "specs"
    shutil.copytree(SPECS / "cgt", specs / "cgt")  # the set with Shock: what misses is one card among many
    (tmp_path / "none").mkdir()  # without the scenarios, which play cards of other sets
    out = tmp_path / "out"
    invoke("export", "--cache", "--scenarios", str(tmp_path / "none"), "--out", str(out), str(specs))
    shock = specs / "cgt" / "shock.yaml"
    shock.write_text(shock.read_text(encoding="utf-8").replace("{R}", "{1}{R}", 1), encoding="utf-8")
    code, stdout, _ = invoke("export", "--cache", "--scenarios", str(tmp_path / "none"), "--out", str(out), str(specs))
    assert code == 0
    fresh = tmp_path / "fresh"
    invoke("export", "--scenarios", str(tmp_path / "none"), "--out", str(fresh), str(specs))
    assert tree(out) == tree(fresh)
    assert "ManaCost:1 R" in (out / "forge" / "cardsfolder" / "s" / "shock.txt").read_text(encoding="utf-8")
    # and a broken edit is reported as without the cache
    shock.write_text(shock.read_text(encoding="utf-8").replace("types:", "typo:"), encoding="utf-8")
    assert invoke("validate", "--cache", str(specs)) == invoke("validate", str(specs))


def test_entries_are_keyed_by_path_and_bytes(tmp_path: Path) -> None:
    cache = SpecCache(tmp_path)
    assert cache.key("a/x.yaml", b"name: X") != cache.key("b/x.yaml", b"name: X")
    assert cache.key("a/x.yaml", b"name: X") != cache.key("a/x.yaml", b"name: Y")
    assert cache.key("a/x.yaml", b"name: X") == SpecCache(tmp_path).key("a/x.yaml", b"name: X")


def test_other_code_drops_the_whole_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = SpecCache(tmp_path)
    cache.put("summary", b"k", ("value",))
    cache.close()
    assert SpecCache(tmp_path).get("summary", b"k") == ("value",)
    monkeypatch.setattr(cache_module, "fingerprint", lambda: "some other code")
    assert SpecCache(tmp_path).get("summary", b"k") is None


def test_fingerprint_covers_code_and_templates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file of the package and of the templates is hashed: changing any changes the fingerprint."""
    import cardgen
    from cardgen import templates_path

    package = tmp_path / "cardgen"
    shutil.copytree(Path(cardgen.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__"))
    templates = tmp_path / "templates"
    shutil.copytree(templates_path.templates_dir(), templates)
    monkeypatch.setattr(cardgen, "__file__", str(package / "__init__.py"))
    monkeypatch.setattr(templates_path, "templates_dir", lambda: templates)
    before = cache_module.fingerprint()
    (package / "validate" / "text.py").write_text("# changed\n", encoding="utf-8")
    after_code = cache_module.fingerprint()
    (templates / "forge" / "card.txt.j2").write_text("changed\n", encoding="utf-8")
    after_template = cache_module.fingerprint()
    assert len({before, after_code, after_template}) == 3


def test_a_broken_cache_file_is_replaced(cache_dir: Path) -> None:
    cache_dir.mkdir(parents=True)
    (cache_dir / "specs.sqlite3").write_bytes(b"this is not a database" * 100)
    expected = invoke("validate", str(SPECS))
    assert invoke("validate", "--cache", str(SPECS)) == expected
    with sqlite3.connect(cache_dir / "specs.sqlite3") as connection:
        assert connection.execute("SELECT count(*) FROM entries").fetchone()[0] > 0


def test_values_that_are_not_plain_data_are_not_cached(tmp_path: Path) -> None:
    import datetime

    cache = SpecCache(tmp_path)
    cache.put("parse", b"k", {"when": datetime.date(2024, 1, 1)})
    cache.save()
    assert cache.get("parse", b"k") is None


def test_loading_through_the_cache_is_identical(tmp_path: Path) -> None:
    for paths in ([SPECS], [BAD], [SPECS, BAD]):
        expected = load_catalog(paths)
        for _ in range(2):  # cold, then warm
            cache = SpecCache(tmp_path)
            got = load_catalog(paths, cache=cache)
            cache.close()
            assert [(c.card, c.path, c.positions) for c in got.cards] == [
                (c.card, c.path, c.positions) for c in expected.cards]
            assert got.sets == expected.sets and got.diagnostics == expected.diagnostics


@pytest.mark.parametrize("shape", ["folder_is_a_file", "file_is_a_folder", "parent_is_a_file", "file_is_a_fifo"])
def test_an_unusable_cache_path_warns_and_runs_without_it(tmp_path: Path, shape: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A file where the cache folder should be (or a folder, a FIFO where its file should be) is a
    warning, never a traceback or a hang: the command runs as without `--cache`."""

    folder = tmp_path / "cache"
    if shape == "folder_is_a_file":
        folder.write_text("x", encoding="utf-8")
    elif shape == "file_is_a_folder":
        (folder / "specs.sqlite3").mkdir(parents=True)
    elif shape == "parent_is_a_file":
        folder.write_text("x", encoding="utf-8")
        folder = folder / "sub"
    else:
        folder.mkdir()
        os.mkfifo(folder / "specs.sqlite3")
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(folder))
    result = CliRunner().invoke(cli, ["validate", "--cache", str(SPECS / "blb" / "kitnap.yaml")])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 0, result.output
    assert "cannot be used" in result.output and "Traceback" not in result.output
