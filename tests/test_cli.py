"""The command line's shape: version, help with examples, usage errors exit 2."""

from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from cardgen import __version__
from cardgen.cli import COMMANDS, cli


def test_version() -> None:
    result = CliRunner().invoke(cli, ["--version"])
    assert result.exit_code == 0
    assert __version__ in result.output


def test_help_lists_every_command() -> None:
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    for name in COMMANDS:
        assert name in result.output


def test_unknown_command_is_usage_error() -> None:
    assert CliRunner().invoke(cli, ["frobnicate"]).exit_code == 2


def test_every_command_help_has_an_example() -> None:
    runner = CliRunner()
    for name in COMMANDS:
        result = runner.invoke(cli, [name, "--help"])
        assert result.exit_code == 0, (name, result.output)
        assert "Example" in result.output, name


def test_console_script_module_runs() -> None:
    result = subprocess.run([sys.executable, "-m", "cardgen", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and __version__ in result.stdout
