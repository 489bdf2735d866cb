"""Derived file and class names: unique (folded), not reserved, not a Java class they would shadow, and
everything `export` refuses about a name is reported by `validate`, with a line, first."""

from __future__ import annotations

import ast
import datetime
import re
import shutil
from pathlib import Path

from click.testing import CliRunner
from examples import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shipped import shipped_catalog

from cardgen.cli import cli
from cardgen.derived import card_names
from cardgen.engines import load_backend
from cardgen.engines.xmage import data
from cardgen.engines.xmage.names import HELPER_ROLES, importable
from cardgen.model.card import SetInfo
from cardgen.model.catalog import Catalog, LoadedCard, LoadedSet
from cardgen.naming import fold
from cardgen.validate import validate_catalog

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = shipped_catalog()
BASE = SHIPPED.by_name()["Blooming Blast"].card
NAMING = {"CG401", "CG405", "CG406", "CG410", "CG411"}


def test_importable_classes_are_framework_classes_and_cover_the_backend() -> None:
    """Every class name written in the XMage backend's code or templates is listed in importable.txt
    (so validation knows every class a card may import), and every listed one exists in XMage."""
    simple = {fqn.rsplit(".", 1)[1] for fqn in data.known_classes()}
    assert importable() <= simple
    written: set[str] = set()
    # Readers and set files name no card's imports (basic lands are referenced by full name in set lines);
    # the generated test classes are named `<Class>Test` and import only test-framework classes, none of
    # which a card class can be named after.
    skip = {"reader.py", "read_sequence.py", "read_filters.py", "java_parse.py", "refresh.py", "setindex.py",
            "harness.py", "basics.py", "sets.py", "constructors.py"}
    for path in (ROOT / "cardgen" / "engines" / "xmage").glob("*.py"):
        if path.name in skip or path.name.startswith("scenario_"):  # the test-class writer
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                written.update(word for word in re.findall(r"[A-Z][A-Za-z0-9]+", node.value) if word in simple)
    for path in (ROOT / "templates" / "xmage").glob("*.j2"):
        if path.name.startswith("card_test"):  # the test class and its statements
            continue
        written.update(word for word in re.findall(r"[A-Z][A-Za-z0-9]+", path.read_text(encoding="utf-8"))
                       if word in simple)
    assert written <= importable(), sorted(written - importable())


def test_every_helper_role_is_a_derived_name() -> None:
    card_class = next(derived for derived in card_names("Heist") if derived.what == "XMage card class")
    assert card_class.name == "Heist" and set(card_class.suffixes) == set(HELPER_ROLES)


WORDS = st.sampled_from(["Card", "Impl", "Heist", "Effect", "Token", "Uuid", "UUID", "Fire", "Ball", "Fireball",
                         "fire", "Con", "Aux", "com1", "Lpt0", "Override", "Class", "Target", "Adjuster", "2", "0",
                         "Food", "Treasure", "Gift", "Ability", "Lórien", "Æther", "x", "Set", "String"])
NAMES = st.lists(WORDS, min_size=1, max_size=3).map(" ".join)


def _catalog(names: list[str]) -> Catalog:
    info = SetInfo.model_validate({"name": "T", "code": "CGT", "release_date": datetime.date(2024, 1, 1),
                                   "type": "test"})
    cards = []
    for index, name in enumerate(dict.fromkeys(names)):
        printing = BASE.printings[0].model_copy(update={"set": "CGT", "number": str(index + 1)})
        card = BASE.model_copy(update={"name": name, "printings": [printing]})
        cards.append(LoadedCard(card, Path("card_specs") / "cgt" / f"{index}.yaml"))
    return Catalog(cards=sorted(cards, key=lambda loaded: loaded.card.name),
                   sets={"CGT": LoadedSet(info, Path("card_specs/cgt/set.yaml"))})


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(names=st.lists(NAMES, min_size=1, max_size=4))
def test_validate_refuses_every_name_export_would_refuse(names: list[str]) -> None:
    """If validation finds no naming problem, both engines render every card, each to its own file, and
    no two files differ only by case or Unicode form."""
    catalog = _catalog(names)
    problems = {d.code for d in validate_catalog(catalog) if d.severity == "error"}
    if problems & NAMING:
        return
    for engine in ("forge", "xmage"):
        result = load_backend(engine).render(catalog)
        assert not [d for d in result.diagnostics if d.code in ("XMG102", "XMG104")], (names, result.diagnostics)
        cards = [path for path in result.files if path.startswith("cardsfolder/") or "/cards/" in path]
        assert len(cards) == len(catalog.cards)
        assert len({fold(path) for path in result.files}) == len(result.files)


def _cli_validate(tmp_path: Path, *names: str) -> str:
    folder = tmp_path / "card_specs" / "cgt"
    folder.mkdir(parents=True)
    shutil.copy(ROOT / "card_specs" / "cgt" / "set.yaml", folder / "set.yaml")
    source = (ROOT / "card_specs" / "cgt" / "cancel.yaml").read_text(encoding="utf-8")
    from cardgen.naming import slug

    for index, name in enumerate(names):
        text = source.replace("name: Cancel", f"name: {name}").replace("number: 9", f"number: {90 + index}")
        (folder / f"{slug(name)}.yaml").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(tmp_path / "card_specs")])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    return result.output


def test_collision_names_both_files_with_lines(tmp_path: Path) -> None:
    output = _cli_validate(tmp_path, "Heist", "Heist Effect")
    line = next(line for line in output.splitlines() if "CG410" in line)
    assert line.startswith(f"{tmp_path}/card_specs/cgt/heist_effect.yaml:1:")
    assert f"{tmp_path}/card_specs/cgt/heist.yaml:1:" in line


def test_a_card_may_not_take_the_test_class_of_another(tmp_path: Path) -> None:
    """`Foo`'s scenarios in a game of three give `FooMultiplayerTest`, the test class `Foo Multiplayer`
    would get: one would overwrite the other in Mage.Tests."""
    output = _cli_validate(tmp_path, "Heist", "Heist Multiplayer")
    line = next(line for line in output.splitlines() if "CG410" in line)
    assert "XMage test class `HeistMultiplayerTest`" in line and "heist.yaml:1:" in line


def test_check_refuses_a_card_xmage_cannot_name_without_a_traceback(tmp_path: Path) -> None:
    _cli_validate(tmp_path, "0 Sum")
    result = CliRunner().invoke(cli, ["check", str(tmp_path / "card_specs" / "cgt" / "0_sum.yaml"),
                                      "--scenarios", str(ROOT / "scenarios" / "blb" / "wear_down.yaml")])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "CG411" in result.output


def test_export_refuses_colliding_sets_and_writes_nothing(tmp_path: Path) -> None:
    specs = tmp_path / "card_specs"
    for folder, name, code in (("foo", "'Foo: Bar'", "FOO"), ("fob", "foo bar", "FOB")):
        (specs / folder).mkdir(parents=True)
        (specs / folder / "set.yaml").write_text(f"name: {name}\ncode: {code}\nrelease_date: 2024-01-01\n"
                                                 "type: expansion\n", encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["export", str(specs), "--out", str(out)])
    assert result.exit_code == 1
    assert "CG410" in result.output
    assert not out.exists()


SET_NAMES = st.lists(st.sampled_from(["Foo", "foo", "Bar", ":", "-", "Tenth", "Edition", "Con", "Aux", "String",
                                      "Expansion", "Set", "Café", "Cafe\u0301", "2024", "Bloomburrow"]),
                     min_size=1, max_size=3).map(" ".join)


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(names=st.lists(SET_NAMES, min_size=2, max_size=3))
def test_validate_refuses_every_set_name_export_would_write_over(names: list[str]) -> None:
    """If validation finds no naming problem in the sets, each set gets its own edition file and set class,
    distinct when folded, and none is a set class XMage already has for another code."""
    sets = {}
    for index, name in enumerate(names):
        code = f"ZZ{index}"
        info = SetInfo.model_validate({"name": name, "code": code, "release_date": datetime.date(2024, 1, 1),
                                       "type": "expansion"})
        sets[code] = LoadedSet(info, Path(f"card_specs/{code.lower()}/set.yaml"))
    cards = []
    for index, code in enumerate(sets):
        printing = BASE.printings[0].model_copy(update={"set": code, "number": "1"})
        card = BASE.model_copy(update={"name": f"Card {chr(65 + index)}", "printings": [printing]})
        cards.append(LoadedCard(card, Path("card_specs") / code.lower() / f"card_{chr(97 + index)}.yaml"))
    catalog = Catalog(cards=cards, sets=sets)
    if {d.code for d in validate_catalog(catalog) if d.severity == "error"} & NAMING:
        return
    known = {fold(cls) for cls, _ in data.known_sets().values()}
    for engine in ("forge", "xmage"):
        files = load_backend(engine).render(catalog).files
        set_files = [path for path in files if path.startswith(("editions/", "Mage.Sets/src/mage/sets/"))]
        assert len(set_files) == len(sets), (names, set_files)
        assert len({fold(path) for path in set_files}) == len(sets)
        stems = {fold(path.rsplit("/", 1)[1].split(".", 1)[0]) for path in set_files}
        assert not stems & {"con", "aux", "prn", "nul"}
        if engine == "xmage":
            assert not stems & known
