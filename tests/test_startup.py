"""What a command imports and builds before its work: structure, not speed (speed is benchmarks/)."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen.model import prebuilt
from cardgen.model.card import Card, SetInfo, TokenDef
from cardgen.model.gift import PREDEFINED_TOKENS

ROOT = Path(__file__).resolve().parents[1]


def test_predefined_tokens_are_valid_token_definitions() -> None:
    for token in PREDEFINED_TOKENS.values():
        assert TokenDef.model_validate(token.model_dump()) == token


def test_validating_one_file_imports_no_engine_renderer_or_resolver() -> None:
    script = ("import sys\nfrom cardgen.cli import cli\n"
              "try:\n    cli.main(['validate', 'card_specs/blb/kitnap.yaml'], standalone_mode=False)\n"
              "except SystemExit:\n    pass\n"
              "print(__import__('json').dumps(sorted(sys.modules)))\n")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    modules = json.loads(result.stdout.splitlines()[-1])
    # Validation reports every name and character export would refuse, so it asks the engines' naming and
    # safety modules (and what Forge's translation files hold); and it compares the text each engine will print
    # with the oracle and reports what each engine's export would refuse, so it builds Forge's script model and
    # XMage's class model (with its rules-text model); XMage's class is written from that model by the one
    # function export writes it with, and its constructor calls checked (XMG105): the card class's template
    # and the Java parser, and no other renderer, no reader, no resolver.
    naming = {"cardgen.engines", "cardgen.engines.base", "cardgen.engines.refusals", "cardgen.engines.forge",
              "cardgen.engines.forge.cardnames",
              "cardgen.engines.forge.edition",
              "cardgen.engines.forge.safety", "cardgen.engines.forge.syntax", "cardgen.engines.xmage",
              "cardgen.engines.xmage.data", "cardgen.engines.xmage.java_text", "cardgen.engines.xmage.names",
              "cardgen.engines.xmage.safety", "cardgen.engines.xmage.sets"}
    naming |= {f"cardgen.engines.forge.{name}" for name in (
        "api_forms", "build", "chain", "constructs", "effects", "hints", "kit", "script", "tokens", "valid")}
    naming |= {f"cardgen.engines.xmage.{name}" for name in (
        "card_model", "filters", "forms", "imports", "java_expr", "lower", "lower_effects", "lower_groups",
        "lower_inner", "lower_parts", "lower_targets", "model", "problems", "rules_text", "sequence", "targets",
        "verify", "constructors", "render")}
    naming |= {"cardgen.render", "cardgen.render.environment"}
    naming |= {name for name in modules if name.split(".")[0] in ("jinja2", "tree_sitter", "tree_sitter_java")}
    heavy = [name for name in modules if name not in naming
             and name.startswith(("jinja2", "cardgen.engines", "cardgen.resolver", "cardgen.render", "tree_sitter",
                                  "multiprocessing", "sqlite3"))]
    assert heavy == []
    # Nor the game-state kit: a construct module imports it inside its resolver handlers (or under
    # TYPE_CHECKING for annotations), since validation reads only the construct's other slots.
    game = [name for name in modules if name.startswith("cardgen.game") and name not in {"cardgen.game",
                                                                                      "cardgen.game.happenings"}]
    assert game == [], "move `from cardgen.game... import` lines of construct modules into their handlers"


@pytest.mark.parametrize("model", [Card, SetInfo])
def test_a_stored_schema_gives_the_same_validator(model: type, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The validator made from the stored core schema accepts and rejects exactly as pydantic's own."""
    monkeypatch.setattr(prebuilt, "_FOLDER", tmp_path)
    modules = ("cardgen.model.card", "cardgen.model.mana")
    model.model_rebuild(force=True)  # pydantic's own build
    path = prebuilt._path(model, modules)
    prebuilt._store(path, model)
    schema, config = pickle.loads(path.read_bytes())
    from pydantic_core import SchemaValidator

    stored = SchemaValidator(schema, config)
    good = (ROOT / "card_specs/blb/kitnap.yaml") if model is Card else (ROOT / "card_specs/blb/set.yaml")
    import yaml

    data = yaml.safe_load(good.read_text(encoding="utf-8"))
    assert stored.validate_python(data) == model.model_validate(data)
    bad = {**data, "typo": 1}
    with pytest.raises(Exception) as ours:
        stored.validate_python(bad)
    with pytest.raises(Exception) as theirs:
        model.model_validate(bad)
    assert ours.value.errors() == theirs.value.errors()  # type: ignore[attr-defined]


def test_a_broken_stored_schema_is_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prebuilt, "_FOLDER", tmp_path)
    modules = ("cardgen.model.card",)
    prebuilt._path(SetInfo, modules).write_bytes(b"not a pickle")
    assert prebuilt.load(SetInfo, modules) is False
    SetInfo.model_rebuild(force=True)
    prebuilt.store(SetInfo, modules)
    assert prebuilt.load(SetInfo, modules) is True
    assert [p.name for p in tmp_path.iterdir()] == [prebuilt._path(SetInfo, modules).name]


_FRESH_PROCESS = """
import sys
from pathlib import Path
from cardgen.model import prebuilt
prebuilt._FOLDER = Path(sys.argv[1])
if sys.argv[2] == "stored":  # any schema generation now would mean the stored one was not used
    from pydantic._internal import _generate_schema
    def refuse(*args, **kwargs):
        raise AssertionError("generated a schema")
    _generate_schema.GenerateSchema.generate_schema = refuse
import yaml
from cardgen.model.card import Card
data = yaml.safe_load(Path("card_specs/blb/kitnap.yaml").read_text(encoding="utf-8"))
print(Card.model_validate(data).model_dump_json())
"""


def test_a_later_process_validates_from_the_stored_schema(tmp_path: Path) -> None:
    first = subprocess.run([sys.executable, "-c", _FRESH_PROCESS, str(tmp_path), "build"], cwd=ROOT,
                           capture_output=True, text=True, check=True)
    assert any(p.name.startswith("cardgen.model.card.card-schema.") for p in tmp_path.iterdir())
    second = subprocess.run([sys.executable, "-c", _FRESH_PROCESS, str(tmp_path), "stored"], cwd=ROOT,
                            capture_output=True, text=True)
    assert second.returncode == 0, second.stderr
    assert second.stdout == first.stdout


_MODULES_AFTER = """
import json, sys
from cardgen.cli import cli
try:
    cli.main(sys.argv[1:], prog_name="cardgen", standalone_mode=False)
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""

LIBRARIES = ("pydantic", "pydantic_core", "yaml", "jinja2", "tree_sitter", "multiprocessing", "sqlite3")

REPLAY = {"cardgen", "cardgen.cli", "cardgen.commands", "cardgen.commands.common", "cardgen.commands.export",
          "cardgen.commands.reporting", "cardgen.config", "cardgen.diagnostics", "cardgen.freshness", "cardgen.inputs",
          "cardgen.load", "cardgen.load.codes", "cardgen.lock", "cardgen.naming", "cardgen.output",
          "cardgen.progress", "cardgen.report", "cardgen.templates_path"}
"""All an export with nothing to do may import: it replays the earlier run from the output root's state
(`cardgen.freshness`), so no spec model, vocabulary, engine or template library."""


def _imported(args: list[str], cwd: Path) -> list[str]:
    result = subprocess.run([sys.executable, "-c", _MODULES_AFTER, *args], cwd=cwd, capture_output=True, text=True,
                            check=True)
    return json.loads(result.stdout.splitlines()[-1])


def _grown(modules: list[str], allowed: set[str]) -> list[str]:
    """The modules of cardgen beyond `allowed`, and any of the heavy libraries."""
    return [name for name in modules if (name.startswith("cardgen") and name not in allowed)
            or name.split(".")[0] in LIBRARIES]


def test_help_imports_only_the_command_line() -> None:
    assert _grown(_imported(["--help"], ROOT), {"cardgen", "cardgen.cli"}) == []


def test_an_export_with_nothing_to_do_imports_only_the_replay(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from cardgen.cli import cli

    (tmp_path / "card_specs" / "blb").mkdir(parents=True)
    (tmp_path / "scenarios").mkdir()
    for name in ("set.yaml", "kitnap.yaml"):
        (tmp_path / "card_specs" / "blb" / name).write_bytes((ROOT / "card_specs" / "blb" / name).read_bytes())
    args = ["export", "--engine", "all", "--quiet", "--out", str(tmp_path / "out"), "--scenarios",
            str(tmp_path / "scenarios"), str(tmp_path / "card_specs")]
    assert CliRunner().invoke(cli, args).exit_code == 0  # the full run, which writes the state
    assert _grown(_imported(args, tmp_path), REPLAY) == []
    assert _grown(_imported([*args, "--check"], tmp_path), REPLAY) == []
