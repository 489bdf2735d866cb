"""Hostile input files, for every reader: links out of the roots, link loops, FIFOs, devices, huge and
deep files, alias bombs, huge numbers. Each must be refused at once with a diagnostic (code, file, line
where there is one), never read when it could block, never echoed, never a traceback; a skipped file is
reported.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cardgen import inputs
from cardgen.cli import cli
from cardgen.load import yamlload
from cardgen.resolver.scenario.loader import load_file as load_scenario_file
from cardgen.resolver.scenario.loader import load_text as load_scenario_text

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX links and FIFOs")

ROOT = Path(__file__).resolve().parents[1]
SET_YAML = "name: Test Set\ncode: TST\nrelease_date: 2024-01-01\ntype: test\n"
SECRET = "aws_secret_access_key: hunter2-do-not-print"
CARD = (ROOT / "card_specs" / "cgt").glob("*.yaml")


def spec_root(tmp_path: Path) -> Path:
    folder = tmp_path / "specs" / "tst"
    folder.mkdir(parents=True)
    (folder / "set.yaml").write_text(SET_YAML, encoding="utf-8")
    return tmp_path / "specs"


def validate(*args: str) -> tuple[Result, list[dict]]:
    result = CliRunner().invoke(cli, ["validate", "--format", "json", *args], catch_exceptions=True)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result, json.loads(result.output)["diagnostics"]


def secret_file(tmp_path: Path) -> Path:
    secret = tmp_path / "outside" / "secret.yaml"
    secret.parent.mkdir()
    secret.write_text(SECRET + "\n", encoding="utf-8")
    return secret


# ------------------------------------------------------------------------------------ spec files


def test_a_spec_linked_outside_the_root_is_not_read_nor_echoed(tmp_path: Path) -> None:
    root = spec_root(tmp_path)
    (root / "tst" / "evil.yaml").symlink_to(secret_file(tmp_path))
    for args in ([str(root)], [str(root / "tst" / "evil.yaml")]):
        result, diagnostics = validate(*args)
        assert result.exit_code == 1
        assert [(d["code"], Path(d["file"]).name) for d in diagnostics] == [("CG009", "evil.yaml")]
        assert "hunter2" not in result.output and "aws_secret" not in result.output


def test_a_link_inside_the_root_is_followed(tmp_path: Path) -> None:
    root = spec_root(tmp_path)
    (root / "tst" / "also_set.yaml").symlink_to(root / "tst" / "set.yaml")
    result, diagnostics = validate(str(root))
    assert "CG009" not in {d["code"] for d in diagnostics}


def test_special_files_in_a_spec_folder_are_reported_not_dropped(tmp_path: Path) -> None:
    root = spec_root(tmp_path)
    folder = root / "tst"
    os.mkfifo(folder / "pipe.yaml")  # reading it would block for ever
    (folder / "loop_a.yaml").symlink_to(folder / "loop_b.yaml")
    (folder / "loop_b.yaml").symlink_to(folder / "loop_a.yaml")
    (folder / "dangling.yaml").symlink_to(folder / "nowhere.yaml")
    (folder / "zero.yaml").symlink_to("/dev/zero")
    (root / "linked").symlink_to(folder, target_is_directory=True)
    start = time.perf_counter()
    result, diagnostics = validate(str(root))
    assert time.perf_counter() - start < 10
    found = sorted((d["code"], Path(d["file"]).name) for d in diagnostics)
    assert found == [("CG009", "dangling.yaml"), ("CG009", "loop_a.yaml"), ("CG009", "loop_b.yaml"),
                     ("CG009", "pipe.yaml"), ("CG009", "zero.yaml"), ("CG011", "linked")]
    assert result.exit_code == 1


def test_dev_zero_and_a_fifo_given_directly_are_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/zero")):
        result, diagnostics = validate(str(path))
        assert result.exit_code == 1
        assert [d["code"] for d in diagnostics] == ["CG009"]


def test_a_set_file_linked_outside_the_root_is_refused(tmp_path: Path) -> None:
    root = spec_root(tmp_path)
    (root / "tst" / "set.yaml").unlink()
    (root / "tst" / "set.yaml").symlink_to(secret_file(tmp_path))
    card = next(iter(CARD))
    target = root / "tst" / card.name
    target.write_text(card.read_text(encoding="utf-8").replace("CGT", "TST"), encoding="utf-8")
    result, diagnostics = validate(str(target))
    assert ("CG009", "set.yaml") in {(d["code"], Path(d["file"]).name) for d in diagnostics}
    assert "hunter2" not in result.output


def test_a_top_level_scalar_is_not_echoed() -> None:
    [problem] = yamlload.parse_positional("AKIAIOSFODNN7EXAMPLESECRET\n", "x.yaml").diagnostics
    assert problem.code == "CG006" and "AKIA" not in problem.message


# ---------------------------------------------------------------------------------- the helper


def test_the_helper_refuses_what_could_block_or_leak(tmp_path: Path) -> None:
    roots = inputs.real_roots([tmp_path])
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    (tmp_path / "out").symlink_to(secret_file(tmp_path).parent.parent.parent)
    (tmp_path / "ok").write_bytes(b"x" * 10)
    reasons = {name: getattr(inputs.read_limited(tmp_path / name, 5, roots), "reason", "read")
               for name in ("fifo", "loop", "out", "ok", "missing")}
    assert reasons == {"fifo": "special", "loop": "link-loop", "out": "link-outside", "ok": "too-large",
                       "missing": "missing"}
    assert inputs.read_limited("/dev/zero", 5).reason == "special"  # type: ignore[union-attr]
    assert inputs.read_limited(tmp_path / "ok", 10, roots) == b"x" * 10
    with pytest.raises(inputs.InputRefused):
        inputs.open_binary(fifo)


# ------------------------------------------------------------------------------------ scenarios


SCENARIO = """\
card: Grizzly Bears
scenarios:
  - name: one
    players:
      alice: {life: LIFE}
      bob: {}
"""


def scenario_codes(text: str) -> list[tuple[str, int | None]]:
    loaded = load_scenario_text(text, "s.yaml")
    return [(d.code, d.location.line if d.location else None) for d in loaded.diagnostics]


@pytest.mark.parametrize(("text", "expected"), [
    (SCENARIO.replace("LIFE", "9" * 5000), [("SC001", 5)]),          # a 5,000-digit life total
    (SCENARIO.replace("LIFE", "1000"), [("SC002", 5)]),               # out of the model's bounds
    ("", [("SC001", None)]),                                            # empty: no internal class name
    ("a: " + "[" * 10_000 + "]" * 10_000 + "\n", [("SC001", 1)]),     # 10k-deep nesting
    ("card: &a x\nscenarios: *a\n", [("SC001", 1)]),                  # anchors and aliases
    ("card: !!python/name:os.system x\n", [("SC001", 1)]),            # tags
    ("card: x\ncard: y\n", [("SC001", 2)]),                           # duplicate keys
    ("- a\n", [("SC001", 1)]),                                          # not a mapping
])
def test_hostile_scenario_texts_are_diagnostics(text: str, expected: list) -> None:
    start = time.perf_counter()
    found = scenario_codes(text)
    assert time.perf_counter() - start < 5
    assert found[:1] == expected[:1]
    loaded = load_scenario_text(text, "s.yaml")
    assert all("Node" not in d.message and len(d.message) < 300 for d in loaded.diagnostics)


def test_a_scenario_alias_bomb_is_refused_quickly() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 12)]
    start = time.perf_counter()
    assert scenario_codes("\n".join(lines) + "\n") == [("SC001", 1)]
    assert time.perf_counter() - start < 1


def test_huge_and_special_scenario_files_are_refused_unread(tmp_path: Path) -> None:
    huge = tmp_path / "huge.yaml"
    with huge.open("wb") as handle:
        handle.truncate(100 * 1024 * 1024)  # 100 MB, sparse
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for path in (huge, fifo, Path("/dev/zero")):
        start = time.perf_counter()
        [problem] = load_scenario_file(path).diagnostics
        assert problem.code == "SC001"
        assert time.perf_counter() - start < 2


def test_scenario_run_reports_skipped_files(tmp_path: Path) -> None:
    folder = tmp_path / "scenarios" / "tst"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "pipe.yaml")
    (folder / "evil.yaml").symlink_to(secret_file(tmp_path))
    result = CliRunner().invoke(cli, ["scenario", "run", str(tmp_path / "scenarios")], catch_exceptions=True)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and "hunter2" not in result.output
    assert "pipe.yaml" in result.output and "evil.yaml" in result.output


def test_scenario_positions_are_computed_only_when_asked() -> None:
    text = (ROOT / "scenarios").glob("**/*.yaml")
    path = next(iter(text))
    loaded = load_scenario_file(path)
    assert loaded.scenarios and not loaded.diagnostics
    positions = loaded.scenarios[0].positions
    assert isinstance(positions, yamlload.LazyPositions) and not positions.computed
    assert loaded.scenarios[0].location("name").line is not None
    assert positions.computed


# ------------------------------------------------------------------------------ engine checkouts


def test_engine_files_out_of_the_checkout_or_special_are_never_read(tmp_path: Path) -> None:
    from cardgen.engines.forge.backend import ForgeBackend
    from cardgen.engines.xmage.backend import XMageBackend
    from cardgen.install.plan import _read_text

    checkout = tmp_path / "checkout"
    scripts = checkout / "cardsfolder" / "g"
    scripts.mkdir(parents=True)
    (scripts / "grizzly_bears.txt").write_text("Name:Grizzly Bears\n", encoding="utf-8")
    (scripts / "leak.txt").symlink_to(secret_file(tmp_path))
    os.mkfifo(scripts / "pipe.txt")
    forge = ForgeBackend()
    assert [p.name for p in forge.card_files(checkout)] == ["grizzly_bears.txt"]
    assert sorted(path.name for path, _ in forge.skipped_files) == ["leak.txt", "pipe.txt"]
    start = time.perf_counter()
    assert ForgeBackend().read_card(scripts / "pipe.txt").card is None
    assert ForgeBackend().card_name(scripts / "pipe.txt") is None
    assert "hunter2" not in str(_read_text(scripts / "pipe.txt", "x"))
    assert time.perf_counter() - start < 2

    classes = checkout / "Mage.Sets" / "src" / "mage" / "cards" / "g"
    classes.mkdir(parents=True)
    (classes / "GrizzlyBears.java").write_text("class GrizzlyBears {}\n", encoding="utf-8")
    (classes / "Leak.java").symlink_to(tmp_path / "outside" / "secret.yaml")
    assert [p.name for p in XMageBackend().card_files(checkout)] == ["GrizzlyBears.java"]


def test_folders_nested_too_deep_are_reported_not_a_traceback(tmp_path: Path) -> None:
    root = spec_root(tmp_path)
    deep = root / "tst"
    made = []
    for _ in range(1200):  # deeper than Python's recursion limit
        deep = deep / "d"
        deep.mkdir()
        made.append(deep)
    try:
        result, diagnostics = validate(str(root))
        assert "CG011" in {d["code"] for d in diagnostics}
        scenarios = CliRunner().invoke(cli, ["scenario", "run", str(root)], catch_exceptions=True)
        assert "Traceback" not in scenarios.output and "nested deeper" in scenarios.output
    finally:
        for folder in reversed(made):  # shutil.rmtree (pytest's clean-up) recurses too
            folder.rmdir()
