"""The README and the docs are what a newcomer tries first: their commands, options and examples must
keep working.

Each `cardgen ...` they show (in shell blocks, the command tables, inline code and workflow steps) must
name a real command and only options that command has; their YAML blocks must parse; the full spec
example of docs/spec-format.md must validate as written. (tests/test_readme_runs.py runs the README's
quick start and tour.)
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import click
import pytest
import yaml
from click.testing import CliRunner

from cardgen.cli import cli

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PAGES = [README, *(page.read_text(encoding="utf-8") for page in sorted((ROOT / "docs").glob("*.md")))]
SPEC_FORMAT = (ROOT / "docs" / "spec-format.md").read_text(encoding="utf-8")
FENCE = re.compile(r"```(\w*)\n(.*?)```", re.S)


def _blocks(language: str, pages: list[str] = PAGES) -> list[str]:
    return [body for page in pages for lang, body in FENCE.findall(page) if lang == language]


def _invocations() -> list[str]:
    """Every `cardgen ...` invocation shown, without comments and shell continuations."""
    found = []
    for body in _blocks("sh"):
        for line in body.splitlines():
            for part in line.split("#", 1)[0].split("&&"):
                part = part.strip()
                if part.startswith("cardgen "):
                    found.append(part)
    for page in PAGES:
        for span in re.findall(r"`(cardgen [^`]+)`", page):
            found.append(span.replace("\\|", "|"))
    for body in _blocks("yaml"):
        found.extend(match.strip() for match in re.findall(r"(?:run: |^\s+)(cardgen [^#\n]+)", body, re.M))
    return found


def _command(words: list[str]) -> click.Command:
    ctx = click.Context(cli)
    command = cli.get_command(ctx, words[0])
    assert command is not None, f"README shows an unknown command: cardgen {words[0]}"
    if isinstance(command, click.Group) and len(words) > 1 and not words[1].startswith("-"):
        sub = command.get_command(ctx, words[1])
        assert sub is not None, f"README shows an unknown command: cardgen {' '.join(words[:2])}"
        return sub
    return command


INVOCATIONS = _invocations()


def test_the_readme_shows_commands() -> None:
    assert len(INVOCATIONS) >= 10


@pytest.mark.parametrize("invocation", sorted(set(INVOCATIONS)))
def test_each_shown_invocation_uses_a_real_command_and_real_options(invocation: str) -> None:
    words = invocation.split()[1:]
    if words[0] == "COMMAND":  # `cardgen COMMAND --help`: any command
        return
    command = cli if words[0].startswith("-") else _command(words)
    known = {opt for param in command.params for opt in (*param.opts, *param.secondary_opts)}
    known |= {"-h", "--help"}
    shown = set(re.findall(r"(?<![\w-])(--?[a-z][a-z-]*)", invocation))
    assert shown <= known, f"{invocation!r}: unknown options {sorted(shown - known)}"


def test_every_command_is_shown_in_the_readme() -> None:
    shown = {span.split()[1] for span in re.findall(r"`(cardgen [^`]+)`", README)}
    assert set(cli.list_commands(click.Context(cli))) <= shown


def test_yaml_blocks_parse() -> None:
    for body in _blocks("yaml"):
        yaml.safe_load(body)


def test_the_spec_format_example_validates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    example = FENCE.search(SPEC_FORMAT)
    assert example is not None and example.group(1) == "yaml"
    data = yaml.safe_load(example.group(2))
    folder = tmp_path / "card_specs" / data["printings"][0]["set"].lower()
    folder.mkdir(parents=True)
    shutil.copy(ROOT / "card_specs" / folder.name / "set.yaml", folder / "set.yaml")
    from cardgen.naming import slug

    (folder / f"{slug(data['name'])}.yaml").write_text(example.group(2), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["validate", "card_specs"])
    assert result.exit_code == 0, result.output
