"""How every command reports: quiet success, --ignore, [tool.cardgen], --format, colour, -V and Ctrl-C."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cardgen import cli as cli_module
from cardgen.cli import cli
from cardgen.config import ConfigError, find_pyproject, load, parse
from cardgen.diagnostics import Diagnostic, Location
from cardgen.report import JSON_VERSION, format_diagnostics

ROOT = Path(__file__).resolve().parents[1]
SPECS = ROOT / "card_specs"
SCENARIOS = ROOT / "scenarios"

WARNING_SPEC = """\
name: Quiet Test
mana_cost: '{1}{W}'
types: [Creature]
pt: 1/1
printings:
  - {set: BLB, number: 901, rarity: common}
oracle: |-
  Flying
  Flying
abilities:
  - {kind: keyword, keyword: flying}
  - {kind: keyword, keyword: flying}
"""
"""A spec whose only problem is a warning (CG118, a keyword written twice)."""


def _notes(count: int, code: str = "XMG300") -> list[Diagnostic]:
    return [Diagnostic(code, f"[scenario {n}] left out", Location("s.yaml", n + 1, 5), "xmage-tests", "note")
            for n in range(count)]


def test_a_code_seen_often_is_one_line_at_its_first_place_and_verbose_lists_each() -> None:
    items = [*_notes(3), Diagnostic("CG101", "unknown key `x`", Location("a.yaml", 2, 1), "schema")]
    quiet = format_diagnostics(items, verbose=False).splitlines()
    assert quiet[0] == "a.yaml:2:1: error CG101 [schema]: unknown key `x`"
    assert quiet[1].startswith("s.yaml:1:5: note XMG300 [xmage-tests] (3 in all, -v lists each): A part of a scenario")
    assert quiet[-1] == "1 error, 0 warnings; 3 notes"
    assert len(format_diagnostics(items, verbose=True).splitlines()) == 5
    single = format_diagnostics(_notes(1), verbose=False).splitlines()
    assert single[0] == "s.yaml:1:5: note XMG300 [xmage-tests]: [scenario 0] left out"


def test_github_annotates_errors_and_warnings_and_summarises_notes() -> None:
    items = [*_notes(2), Diagnostic("CG306", "words", Location("b.yaml", 3, 1), "207.1", "warning")]
    lines = format_diagnostics(items, "github", verbose=False).splitlines()
    assert lines[0] == "::warning file=b.yaml,line=3,col=1,title=CG306 [207.1]::words"
    assert "(2 in all, -v lists each)" in lines[1] and not lines[1].startswith("::")
    verbose = format_diagnostics(items, "github", verbose=True).splitlines()
    assert sum(line.startswith("::notice ") for line in verbose) == 2


def test_the_quick_start_prints_no_warning() -> None:
    """`cardgen export --engine all` on the shipped specs: what the generated XMage tests leave out and
    the scenarios that show a known engine deviation are notes, one line per code."""
    result = CliRunner().invoke(cli, ["export", "--check", str(SPECS), "--scenarios", str(SCENARIOS)])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
    lines = result.output.splitlines()
    assert [line.split(" (")[0].split(": ", 1)[1] for line in lines[:-1]] == ["note XMG300 [xmage-tests]",
                                                                              "note DEV001 [800.4a]"]
    quiet = CliRunner().invoke(cli, ["export", "--check", "-q", str(SPECS), "--scenarios", str(SCENARIOS)])
    assert quiet.exit_code == 0 and quiet.output == ""


def _warning_project(tmp_path: Path) -> Path:
    specs = tmp_path / "card_specs"
    (specs / "blb").mkdir(parents=True)
    (specs / "blb" / "set.yaml").write_bytes((SPECS / "blb" / "set.yaml").read_bytes())
    (specs / "blb" / "quiet_test.yaml").write_text(WARNING_SPEC, encoding="utf-8")
    return specs


def _codes(output: str) -> set[str]:
    return {word for line in output.splitlines() for word in line.split() if word[:2] == "CG" and word[2:].isdigit()}


def test_ignore_leaves_a_warning_code_out_and_never_an_error(tmp_path: Path) -> None:
    specs = _warning_project(tmp_path)
    runner = CliRunner()
    plain = runner.invoke(cli, ["validate", str(specs)])
    warnings = {d["code"] for d in json.loads(runner.invoke(cli, ["validate", "--format", "json", str(specs)]).output)
                ["diagnostics"] if d["severity"] == "warning"}
    assert warnings, plain.output
    ignored = runner.invoke(cli, ["validate", "--ignore", ",".join(sorted(warnings)), str(specs)])
    assert not (_codes(ignored.output) & warnings), ignored.output
    assert runner.invoke(cli, ["validate", "--ignore", "nonsense", str(specs)]).exit_code == 2


def test_pyproject_sets_the_defaults_and_flags_win(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    specs = _warning_project(tmp_path)
    (tmp_path / ".git").mkdir()
    (tmp_path / "pyproject.toml").write_text('[tool.cardgen]\nstrict = true\nformat = "json"\n', encoding="utf-8")
    monkeypatch.chdir(specs / "blb")  # found from a folder below, as ruff and mypy find theirs
    runner = CliRunner()
    strict = runner.invoke(cli, ["validate", str(specs)])
    document = json.loads(strict.output)
    assert strict.exit_code == 1 and document["version"] == JSON_VERSION
    assert document["summary"]["errors"] >= 1 and document["summary"]["warnings"] == 0
    lenient = runner.invoke(cli, ["validate", "--no-strict", "--format", "text", str(specs)])
    assert lenient.exit_code == 0 and "warning" in lenient.output
    (tmp_path / "pyproject.toml").write_text("[tool.cardgen]\nstrictly = true\n", encoding="utf-8")
    bad = runner.invoke(cli, ["validate", str(specs)])
    assert bad.exit_code == 2 and "unknown key(s) strictly" in bad.output


def test_config_is_looked_up_to_the_repository_root_only(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.cardgen]\nstrict = true\n", encoding="utf-8")
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")  # no table: passed over
    assert find_pyproject(repo) is None
    assert find_pyproject(tmp_path) is not None and load(tmp_path).strict is True
    for table, message in (({"ignore": "CG306"}, "list of codes"), ({"jobs": -1}, "whole number"),
                           ({"format": "xml"}, "one of"), ({"strict": "yes"}, "true or false")):
        with pytest.raises(ConfigError, match=message):
            parse(table, tmp_path / "pyproject.toml")
    assert parse({"ignore": ["cg306"], "jobs": 0}, tmp_path).ignore == {"CG306"}


def test_version_flag() -> None:
    for flag in ("-V", "--version"):
        result = CliRunner().invoke(cli, [flag])
        assert result.exit_code == 0 and result.output.startswith("cardgen, version ")


def test_ctrl_c_exits_130(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(**_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_module.cli, "main", interrupted)
    with pytest.raises(SystemExit) as stopped:
        cli_module.main()
    assert stopped.value.code == 130 and "interrupted" in capsys.readouterr().err


def test_usage_errors_exit_2_through_the_entry_point() -> None:
    result = subprocess.run([sys.executable, "-m", "cardgen", "validate", "--format", "xml"], capture_output=True,
                            text=True, cwd=ROOT)
    assert result.returncode == 2 and "Invalid value for '--format'" in result.stderr


def test_colour_only_without_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.commands.reporting import color_wanted

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert color_wanted()
    assert click.unstyle(format_diagnostics(_notes(1), color=True)) != format_diagnostics(_notes(1), color=True)
    monkeypatch.setenv("NO_COLOR", "1")
    assert not color_wanted()
    monkeypatch.setenv("NO_COLOR", "")  # https://no-color.org: set and not empty
    assert color_wanted()


def test_shell_completion_script_is_offered() -> None:
    """The README's completion line: click writes the script for bash, zsh and fish."""
    result = subprocess.run([sys.executable, "-c", "from cardgen.cli import main; main()"], capture_output=True,
                            text=True, env={"_CARDGEN_COMPLETE": "bash_source", "PATH": ""}, cwd=ROOT)
    assert result.returncode == 0 and "complete " in result.stdout and "_CARDGEN_COMPLETE" in result.stdout


class _Terminal:
    """A stream that says it is a terminal and keeps what was written."""

    def __init__(self) -> None:
        self.text = ""

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.text += text
        return len(text)

    def flush(self) -> None:
        return None


def test_progress_is_drawn_from_the_first_phase_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen import progress
    from cardgen.executor import per_card

    monkeypatch.delenv("CI", raising=False)
    terminal = _Terminal()
    progress.enable(True, terminal)
    try:
        items = list(range(3))  # a phase of a few cards is drawn too: it can take seconds
        assert list(per_card("parse", lambda n: n * 2, items)) == [n * 2 for n in items]
        assert "\rreading specs 0/3" in terminal.text
        assert terminal.text.endswith("reading specs 3/3\r\x1b[K")  # erased at the end
        terminal.text = ""
        list(per_card("parse", str, []))  # nothing to count: nothing drawn
        assert terminal.text == ""
        monkeypatch.setenv("CI", "true")
        progress.enable(True, terminal)
        list(per_card("parse", str, items))
        assert terminal.text == ""
        monkeypatch.delenv("CI")
        progress.enable(False, terminal)  # -q, or a machine format
        list(per_card("parse", str, items))
        assert terminal.text == ""
    finally:
        progress.enable(False)


def _on_a_terminal(*args: str) -> tuple[int, str]:
    """Run cardgen with stdout and stderr on a pseudo-terminal; its exit code and everything it printed."""
    import os
    import pty

    leader, follower = pty.openpty()
    env = {key: value for key, value in os.environ.items() if key not in ("CI", "NO_COLOR")}
    with subprocess.Popen([sys.executable, "-m", "cardgen", *args], stdin=subprocess.DEVNULL, stdout=follower,
                          stderr=follower, cwd=ROOT, env=env) as process:
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal closed with the process
                break
            if not chunk:
                break
            chunks.append(chunk)
        code = process.wait()
    os.close(leader)
    return code, b"".join(chunks).decode()


def test_a_command_on_a_terminal_shows_its_first_phase_and_is_quiet_with_q() -> None:
    spec = str(SPECS / "blb" / "cruelclaws_heist.yaml")
    code, shown = _on_a_terminal("validate", spec)
    assert code == 0 and "\rchecking specs 0/1" in shown and shown.count("\r\x1b[K") >= 1
    code, shown = _on_a_terminal("validate", "-q", spec)
    assert code == 0 and "specs 0/1" not in shown
    result = subprocess.run([sys.executable, "-m", "cardgen", "validate", spec], capture_output=True, text=True,
                            cwd=ROOT)  # not a terminal
    assert result.returncode == 0 and "specs 0/1" not in result.stderr + result.stdout
