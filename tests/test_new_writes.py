"""`cardgen new` writes as export does: nothing through a symbolic link, all or nothing, no empty files,
and a clean error (exit 1, no traceback) for a write that fails. Processes and a real file system."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def data(tmp_path: Path) -> Path:
    card = {"object": "card", "name": "Evil Bear", "lang": "en", "released_at": "2024-08-02", "layout": "normal",
            "mana_cost": "{1}{G}", "type_line": "Creature \u2014 Bear", "oracle_text": "", "power": "2",
            "toughness": "2", "set": "blb", "set_name": "Bloomburrow", "set_type": "expansion",
            "collector_number": "1", "rarity": "common"}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([card]), encoding="utf-8")
    return path


def new(tmp_path: Path, *args: str, limit: int | None = None) -> subprocess.CompletedProcess[str]:
    def preexec() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run([sys.executable, "-m", "cardgen", "new", "Evil Bear", "--data", str(data(tmp_path)), *args],
                          cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True,
                          preexec_fn=preexec, timeout=300)


def files(root: Path) -> list[str]:
    return sorted(str(path.relative_to(root)) for path in root.rglob("*")) if root.exists() else []


@pytest.mark.parametrize("force", [False, True])
def test_a_link_where_the_spec_goes_is_not_written_through(tmp_path: Path, force: bool) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (tmp_path / "specs" / "blb").mkdir(parents=True)
    target = outside / "victim.yaml"
    if force:
        target.write_text("mine\n", encoding="utf-8")
    (tmp_path / "specs" / "blb" / "evil_bear.yaml").symlink_to(target)
    done = new(tmp_path, "--out", "specs", *(["--force"] if force else []))
    assert done.returncode == 1 and "symbolic link" in done.stderr and "Traceback" not in done.stderr
    assert files(outside) == (["victim.yaml"] if force else [])
    if force:
        assert target.read_text(encoding="utf-8") == "mine\n"


def test_a_linked_set_folder_is_not_written_through(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "blb").symlink_to(outside)
    done = new(tmp_path, "--out", "specs")
    assert done.returncode == 1 and "symbolic link" in done.stderr
    assert files(outside) == []


def test_out_below_a_regular_file_is_a_clean_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    done = new(tmp_path, "--out", "file/specs")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "Not a directory" in done.stderr and "nothing was written" in done.stderr


@pytest.mark.parametrize("limit", [0, 200])
def test_a_file_size_limit_writes_nothing_and_leaves_no_empty_file(tmp_path: Path, limit: int) -> None:
    """`ulimit -f`: the first (set.yaml) or second file fails; neither is left, nor a temporary, nor the
    folders made for them; the next run, without the limit, writes both."""
    done = new(tmp_path, "--out", "specs", limit=limit)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "File too large" in done.stderr and "Traceback" not in done.stderr
    assert files(tmp_path / "specs") == []
    again = new(tmp_path, "--out", "specs")
    assert again.returncode == 0, again.stderr
    assert files(tmp_path / "specs") == ["blb", "blb/evil_bear.yaml", "blb/set.yaml"]
    assert all((tmp_path / "specs" / name).stat().st_size > 0 for name in ("blb/evil_bear.yaml", "blb/set.yaml"))


def mtgjson(tmp_path: Path, **fields: object) -> Path:
    card = {"name": "Evil Bear", "manaCost": "{1}{G}", "types": ["Creature"], "subtypes": ["Bear"], "supertypes": [],
            "power": "2", "toughness": "2", "text": "", "setCode": "BLB", "number": "1", "rarity": "common",
            **fields}
    path = tmp_path / "mtgjson.json"
    path.write_text(json.dumps({"meta": {}, "data": {"BLB": {"code": "BLB", "name": "Bloomburrow", "cards": [card]}}}),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize(("value", "kind"), [("Legendary", "a string"), (5, "a number"), ([1], "a list holding")])
def test_a_wrongly_typed_list_field_is_an_error_naming_it(tmp_path: Path, value: object, kind: str) -> None:
    done = subprocess.run([sys.executable, "-m", "cardgen", "new", "Evil Bear", "--data",
                           str(mtgjson(tmp_path, supertypes=value)), "--dry-run"], cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stdout
    assert "data.BLB.cards[].supertypes" in done.stderr and kind in done.stderr


@pytest.mark.parametrize("fields", [{"text": "\n".join(["Flying"] * 20000)}, {"subtypes": ["Bear"] * 50000}])
def test_data_larger_than_a_spec_is_refused_before_drafting(tmp_path: Path, fields: dict[str, object]) -> None:
    """20,000 oracle lines or 50,000 subtypes took 40 s to draft before being refused; now refused first,
    with a message that does not repeat the input."""
    done = subprocess.run([sys.executable, "-m", "cardgen", "new", "Evil Bear", "--data",
                           str(mtgjson(tmp_path, **fields)), "--dry-run"], cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True, timeout=300)
    assert done.returncode == 1
    assert "a spec holds at most" in done.stderr and len(done.stderr) < 500


def test_a_name_matching_two_cards_names_the_twin(tmp_path: Path) -> None:
    card = json.loads(data(tmp_path).read_text(encoding="utf-8"))[0]
    twin = dict(card, name="Evil\u00a0Bear", collector_number="2")
    path = tmp_path / "twins.json"
    path.write_text(json.dumps([card, twin]), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "cardgen", "new", "evil bear", "--data", str(path), "--dry-run"],
                          cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 1
    assert "U+00A0 NO-BREAK SPACE" in done.stderr and "'Evil Bear'" in done.stderr


@pytest.mark.parametrize(("field", "value", "shown"), [
    ("oracle_text", "Flying\x1b\x07", "U+001B"), ("type_line", "Creature \u2014 Be\x00ar", "U+0000"),
    ("oracle_text", "Fly\ud800ing", "U+D800"), ("name", "Evil Bear", None)])
def test_control_characters_in_the_data_are_refused_with_a_code(tmp_path: Path, field: str, value: str,
                                                                 shown: str | None) -> None:
    card = json.loads(data(tmp_path).read_text(encoding="utf-8"))[0]
    path = tmp_path / "control.json"
    path.write_text(json.dumps([dict(card, **{field: value})]), encoding="utf-8")  # \ud800 as a JSON escape
    done = subprocess.run([sys.executable, "-m", "cardgen", "new", "Evil Bear", "--data", str(path)], cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True, timeout=300)
    if shown is None:  # the same card without one is written
        assert done.returncode == 0, done.stderr
        return
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "NEW003" in done.stderr and shown in done.stderr
    assert files(tmp_path / "card_specs") == []


def test_a_name_longer_than_any_card_name_is_refused_without_echoing_it(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "cardgen", "new", "a" * 100_000, "--data", str(data(tmp_path)),
                           "--dry-run"], cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and "at most 141" in done.stderr and len(done.stderr) < 500
