"""`cardgen schema`: the JSON Schema is generated from the model, committed fresh, deterministic, and
(when the optional `jsonschema` package is installed) accepts every shipped spec and rejects typos."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from cardgen.cli import cli
from cardgen.commands import schema as schema_command
from cardgen.commands.schema import KINDS, build_schema, schema_text

REPO = Path(__file__).resolve().parents[1]
SPECS = REPO / "card_specs"


def _plain(value: Any) -> Any:
    """YAML data as a YAML language server sees it: unquoted dates are strings (YAML 1.2)."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, datetime.date):
        return value.isoformat()
    return value


def _spec_files(kind: str) -> list[Path]:
    files = sorted(SPECS.rglob("*.yaml"))
    return [f for f in files if (f.name == "set.yaml") == (kind == "set")]


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_committed_schema_is_fresh(kind: str) -> None:
    committed = REPO / KINDS[kind][2]
    assert committed.read_bytes().decode("utf-8") == schema_text(kind), (
        f"run: cardgen schema --kind {kind} --out {KINDS[kind][2]}"
    )


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_schema_is_deterministic_sorted_json(kind: str) -> None:
    text = schema_text(kind)
    assert text == schema_text(kind)
    data = json.loads(text)
    assert text == json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    assert data["$id"] == KINDS[kind][0]
    assert data["title"] == KINDS[kind][1]
    assert data["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert data["additionalProperties"] is False


LATER_DRAFT_KEYWORDS = {"prefixItems", "$dynamicRef", "$dynamicAnchor", "$anchor", "unevaluatedProperties",
                        "unevaluatedItems", "dependentSchemas", "dependentRequired", "$recursiveRef", "minContains"}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_schema_uses_only_draft_07_keywords(kind: str) -> None:
    """Editors (the YAML language server) understand draft-07; the declared draft must be the truth."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            found.update(key for key in node if key in LATER_DRAFT_KEYWORDS)
            for key, value in node.items():
                if key in ("properties", "$defs"):
                    for schema in value.values():
                        walk(schema)
                elif key not in ("default", "examples", "const", "enum"):
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(build_schema(kind))
    assert found == set()


def test_collector_numbers_may_be_yaml_integers() -> None:
    number = build_schema("card")["$defs"]["Printing"]["properties"]["number"]
    assert {"type": "integer", "minimum": 0, "maximum": 9999} in number["anyOf"]


def test_command_writes_stdout_and_file(tmp_path: Path) -> None:
    runner = CliRunner()
    printed = runner.invoke(cli, ["schema"])
    assert printed.exit_code == 0
    assert printed.stdout == schema_text("card")

    out = tmp_path / "nested" / "set.schema.json"
    assert runner.invoke(cli, ["schema", "--kind", "set", "--out", str(out)]).exit_code == 0
    assert out.read_bytes() == schema_text("set").encode("utf-8")
    before = out.stat().st_mtime_ns
    again = runner.invoke(cli, ["schema", "--kind", "set", "--out", str(out)])
    assert again.exit_code == 0 and "up to date" in again.stderr
    assert out.stat().st_mtime_ns == before


def test_check_flags_stale_or_missing_file(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "card.json"
    assert runner.invoke(cli, ["schema", "--out", str(out), "--check"]).exit_code == 1
    assert not out.exists()
    out.write_text("{}\n", encoding="utf-8")
    stale = runner.invoke(cli, ["schema", "--out", str(out), "--check"])
    assert stale.exit_code == 1 and "stale" in stale.stderr
    assert out.read_text(encoding="utf-8") == "{}\n"
    assert runner.invoke(cli, ["schema", "--out", str(out)]).exit_code == 0
    assert runner.invoke(cli, ["schema", "--out", str(out), "--check"]).exit_code == 0


def test_check_defaults_to_committed_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    assert CliRunner().invoke(cli, ["schema", "--check"]).exit_code == 0


def test_bad_kind_is_usage_error() -> None:
    assert CliRunner().invoke(cli, ["schema", "--kind", "deck"]).exit_code == 2


# ------------------------------------------------------------------ validation with jsonschema


@pytest.fixture(scope="module")
def validators() -> dict[str, Any]:
    jsonschema = pytest.importorskip("jsonschema")
    result = {}
    for kind in KINDS:
        schema = json.loads(schema_text(kind))
        jsonschema.Draft7Validator.check_schema(schema)
        result[kind] = jsonschema.Draft7Validator(schema)
    return result


def _shapes(value: Any, path: str = "") -> set[str]:
    """Every field path of a spec (list items as `[]`) and every kind word at one: what a schema branch is
    chosen by, so two files with the same shapes take the same branches."""
    if isinstance(value, dict):
        found = {path}
        for key, item in value.items():
            found |= _shapes(item, f"{path}/{key}")
            if isinstance(item, str) and key in ("kind", "event", "type"):
                found.add(f"{path}/{key}={item}")
        return found
    if isinstance(value, list):
        return {path}.union(*(_shapes(item, f"{path}[]") for item in value))
    return {path}


def _covering(files: list[tuple[Path, Any]]) -> list[tuple[Path, Any]]:
    """Few files that between them have every shape any of `files` has (greedy set cover, ties by path)."""
    shapes = {path: _shapes(data) for path, data in files}
    left = set().union(*shapes.values())
    chosen = []
    while left:
        best = max(files, key=lambda item: (len(shapes[item[0]] & left), -files.index(item)))
        chosen.append(best)
        left -= shapes[best[0]]
    return chosen


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_shape_of_the_shipped_files_validates(validators: dict[str, Any], kind: str) -> None:
    """The shipped files that between them hold every field and kind word any shipped file holds validate:
    jsonschema takes about 0.1 s per card spec, so the whole set is the deep profile's test below."""
    files = [(path, _plain(yaml.safe_load(path.read_text(encoding="utf-8")))) for path in _spec_files(kind)]
    assert files
    for path, data in _covering(files):
        assert [error.message for error in validators[kind].iter_errors(data)] == [], path


@pytest.mark.deep
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_shipped_file_validates(validators: dict[str, Any], kind: str) -> None:
    files = _spec_files(kind)
    assert files
    for path in files:
        data = _plain(yaml.safe_load(path.read_text(encoding="utf-8")))
        errors = [error.message for error in validators[kind].iter_errors(data)]
        assert errors == [], path


def test_scaffolded_spec_validates(validators: dict[str, Any], tmp_path: Path) -> None:
    data_file = Path(__file__).parent / "data" / "scryfall_sample.json"
    result = CliRunner().invoke(cli, ["new", "Scrapshooter", "--data", str(data_file), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for kind, name in (("card", "scrapshooter.yaml"), ("set", "set.yaml")):
        data = _plain(yaml.safe_load((tmp_path / "blb" / name).read_text(encoding="utf-8")))
        assert list(validators[kind].iter_errors(data)) == []


@pytest.mark.parametrize(
    "change",
    [
        {"manacost": "{1}{G}"},  # typo: unknown key
        {"gift": "a card"},  # printed form instead of the kind word
        {"types": []},
        {"pt": "four/four"},
        {"printings": [{"set": "blb", "number": 1, "rarity": "rare"}]},
        {"abilities": [{"kind": "spell", "text": "Draw a card.", "effects": [{"effect": "draw", "whom": "you"}]}]},
    ],
)
def test_schema_rejects_what_the_model_rejects(validators: dict[str, Any], change: dict[str, Any]) -> None:
    from pydantic import ValidationError

    from cardgen.model.card import Card

    base = _plain(yaml.safe_load((SPECS / "blb" / "scrapshooter.yaml").read_text(encoding="utf-8")))
    assert list(validators["card"].iter_errors(base)) == []
    broken = {**base, **change}
    assert list(validators["card"].iter_errors(broken)) != []
    with pytest.raises(ValidationError):
        Card.model_validate(broken)


# ------------------------------------------------------------------ hooks and docs that point at it


def test_pre_commit_hooks_run_existing_commands() -> None:
    import re

    from cardgen.cli import COMMANDS

    hooks = {hook["id"]: hook for hook in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text("utf-8"))}
    assert set(hooks) == {"cardgen-validate", "cardgen-check"}
    for hook in hooks.values():
        program, command = hook["entry"].split()[:2]
        assert program == "cardgen" and command in COMMANDS
        assert hook["pass_filenames"] is False
        assert re.search(hook["files"], "card_specs/blb/wear_down.yaml")
        assert not re.search(hook["files"], "README.md")
    assert not re.search(hooks["cardgen-validate"]["files"], "card_specs/blb/set.yml")  # CG010: not a spec
    assert re.search(hooks["cardgen-check"]["files"], "scenarios/blb/wear_down.yaml")


def test_ci_doc_points_at_the_committed_schema() -> None:
    doc = (REPO / "docs" / "ci-integration.md").read_text(encoding="utf-8")
    assert "cardgen validate --strict --format github" in doc and "cardgen check" in doc
    for kind in KINDS:
        line = f"# yaml-language-server: $schema=../../{KINDS[kind][2]}"
        assert line in doc
        # relative to a spec in card_specs/<set>/, the path reaches the committed file
        assert (SPECS / "blb" / "../.." / KINDS[kind][2]).resolve().is_file()


def _inline(node: Any, defs: dict[str, Any]) -> Any:
    """The schema with every `$ref` to a shared union replaced by the union itself."""
    if isinstance(node, dict):
        ref = node.get("$ref", "")
        name = ref.rsplit("/", 1)[-1]
        if name in schema_command.UNION_NAMES.values():
            body = {**defs[name], **({"title": node["title"]} if "title" in node else {})}
            return _inline(body, defs)
        return {key: _inline(value, defs) for key, value in node.items()}
    if isinstance(node, list):
        return [_inline(value, defs) for value in node]
    return node


def test_shared_unions_mean_what_pydantic_wrote() -> None:
    """Written once under `$defs` and referred to, the repeated effect union is still exactly the schema
    pydantic gives: inlining the references back yields it (the file is about a third of the size)."""
    from cardgen.model.card import Card

    shared = schema_command.build_schema("card")
    pydantic_own = Card.model_json_schema()
    schema_command._allow_integer_numbers(pydantic_own)
    schema_command._translation_languages(pydantic_own)
    inlined = _inline({key: value for key, value in shared.items() if key not in ("$schema", "$id", "title")},
                      shared["$defs"])
    for name in schema_command.UNION_NAMES.values():
        inlined["$defs"].pop(name, None)
    assert inlined == {key: value for key, value in pydantic_own.items() if key != "title"}
    assert any(name in shared["$defs"] for name in schema_command.UNION_NAMES.values())
