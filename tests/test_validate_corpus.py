"""The bad-spec corpus: every broken spec is reported with the right code at the right line, by the CLI,
with exit status 1 and no traceback; the unicode-named cards pass.

`tests/bad_specs/cases.yaml` lists the cases; files that are awkward to commit (binary, not UTF-8, over
1 MiB, not a regular file) are generated here into a temporary folder.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result

from cardgen.cli import cli
from cardgen.engines.refusals import CARD_REFUSALS, engine_of
from cardgen.load.codes import CODES
from cardgen.load.specs import MAX_FILE_BYTES

CORPUS = Path(__file__).resolve().parent / "bad_specs"
CASES: list[dict[str, Any]] = yaml.safe_load((CORPUS / "cases.yaml").read_text(encoding="utf-8"))

SET_YAML = "name: Generated cases\ncode: TST\nrelease_date: 2024-01-01\ntype: test\n"

GENERATED_CODES = {"CG002", "CG003", "CG004", "CG009", "CG011"}
"""Codes whose cases are generated below (CG011: in tests/test_inputs.py) instead of committed."""

UNREACHABLE_FROM_SPECS = {"CG100", "CG308", "CG901"}
"""The schema fallback (an error pydantic reports that no specific code covers), a Forge description that
does not say the oracle (the writer takes every description from the ability's text) and an internal
failure have no spec that causes them today; tests/test_validate.py and tests/test_printed_text.py force
them."""


def run_validate(*args: str) -> Result:
    return CliRunner().invoke(cli, ["validate", "--format", "json", *args], catch_exceptions=True)


def parse(result: Result) -> list[dict[str, Any]]:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return json.loads(result.output)["diagnostics"]


def relative(file: str) -> str:
    path = Path(file)
    return (path.resolve().relative_to(CORPUS)).as_posix()


def test_corpus_is_large_and_names_are_unique() -> None:
    ids = [case["id"] for case in CASES]
    assert len(ids) == len(set(ids))
    assert sum(1 for case in CASES if case["expect"] != "clean") >= 60


def test_every_code_has_a_case() -> None:
    covered = {e["code"] for case in CASES if case["expect"] != "clean" for e in case["expect"]}
    missing = set(CODES) - covered - GENERATED_CODES - UNREACHABLE_FROM_SPECS
    assert not missing, f"codes without a bad-spec case: {sorted(missing)}"


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_case(case: dict[str, Any]) -> None:
    paths = [str(CORPUS / path) for path in case["run"]]
    result = run_validate(*case.get("args", []), *paths)
    diagnostics = parse(result)
    if case["expect"] == "clean":
        assert result.exit_code == 0, diagnostics
        assert diagnostics == []
        return
    assert result.exit_code == 1, diagnostics
    found = {(relative(d["file"]), d["code"], d["line"]) for d in diagnostics}
    for expected in case["expect"]:
        key = (expected.get("file", case["run"][0]), expected["code"], expected["line"])
        assert key in found, f"expected {key}, found {sorted(found, key=str)}"
    for d in diagnostics:
        if engine_of(d["code"]) is not None:  # an export's refusal, with the engine's code and rule
            assert d["message"] and d["code"] in CARD_REFUSALS[engine_of(d["code"])]
            continue
        assert d["message"] and d["code"] in CODES
        assert d["rule"] == CODES[d["code"]].rule or d["code"] == "CG302"


@pytest.mark.parametrize("case", [c for c in CASES if c["expect"] != "clean"][:5], ids=lambda c: c["id"])
def test_text_format_of_a_case(case: dict[str, Any]) -> None:
    """The text format names file:line:col, the code and the rule; the last line is the summary."""
    result = CliRunner().invoke(cli, ["validate", *case.get("args", []), *(str(CORPUS / p) for p in case["run"])])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    code = case["expect"][0]["code"]
    assert any(f": error {code} " in line for line in lines), result.output
    assert "error" in lines[-1] and "Traceback" not in result.output


# ------------------------------------------------------------------------------- generated files


def _write_case(tmp_path: Path, name: str, content: bytes) -> Path:
    folder = tmp_path / "tst"
    folder.mkdir(exist_ok=True)
    (folder / "set.yaml").write_text(SET_YAML, encoding="utf-8")
    card = folder / name
    card.write_bytes(content)
    return card


def _single(tmp_path: Path, name: str, content: bytes) -> tuple[Result, list[dict[str, Any]]]:
    card = _write_case(tmp_path, name, content)
    result = run_validate(str(card))
    return result, parse(result)


def test_binary_file(tmp_path: Path) -> None:
    result, diagnostics = _single(tmp_path, "binary.yaml", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    assert result.exit_code == 1
    assert [(d["code"], d["line"]) for d in diagnostics] == [("CG003", 3)]


def test_not_utf8(tmp_path: Path) -> None:
    result, diagnostics = _single(tmp_path, "latin1.yaml", "name: L\u00f3rien\ntypes: [Land]\n".encode("latin-1"))
    assert result.exit_code == 1
    assert [(d["code"], d["line"], d["column"]) for d in diagnostics] == [("CG002", 1, 8)]


def test_control_character(tmp_path: Path) -> None:
    result, diagnostics = _single(tmp_path, "bell.yaml", b"name: Bell\ntypes: [Instant]\noracle: ding\x07\n")
    assert result.exit_code == 1
    assert [(d["code"], d["line"]) for d in diagnostics] == [("CG003", 3)]


def test_huge_file_is_refused_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    card = _write_case(tmp_path, "huge.yaml", b"name: Huge\n" + b"# padding\n" * (MAX_FILE_BYTES // 10 + 1))
    assert card.stat().st_size > MAX_FILE_BYTES
    opened: list[Path] = []
    original = Path.open

    def spy(self: Path, *args: Any, **kwargs: Any) -> Any:
        opened.append(self)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", spy)
    result = run_validate(str(card))
    diagnostics = parse(result)
    assert result.exit_code == 1
    assert [d["code"] for d in diagnostics] == ["CG004"]
    assert card not in opened


@pytest.mark.skipif(not hasattr(os, "mkfifo") or sys.platform == "win32", reason="needs a FIFO")
def test_not_a_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    result = run_validate(str(fifo))
    diagnostics = parse(result)
    assert result.exit_code == 1
    assert [d["code"] for d in diagnostics] == ["CG009"]


def test_generated_codes_are_registered() -> None:
    assert set(CODES) >= GENERATED_CODES
