"""The spec loader: positions of every node, what plain YAML would accept silently, and robustness.

Every problem must come back as a Diagnostic (never an exception), except a path that does not exist,
which is a usage error (`SpecPathError`).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from examples import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.load.schema_errors import resolve_path
from cardgen.load.specs import (
    MAX_DEPTH,
    SpecPathError,
    load_catalog,
    load_file,
    parse_yaml,
    spec_files,
)
from cardgen.model.card import Card, SetInfo

SET_YAML = "name: Test Set\ncode: TST\nrelease_date: 2024-01-01\ntype: test\n"

GIFT_LINE = ("Gift a card (You may promise an opponent a gift as you cast this spell. If you do, they draw a card "
             "before its other effects.)")
BLAST = """\
name: Test Blast
mana_cost: '{1}{R}'
types: [Instant]
gift: card
printings:
  - {set: TST, number: 1, rarity: common}
oracle: |-
  @GIFT@
  Test Blast deals 2 damage to target creature.
abilities:
  - kind: spell
    text: Test Blast deals 2 damage to target creature.
    effects:
      - effect: damage
        id: hit
        amount: 2
        to: {target: {types: [creature]}}
""".replace("@GIFT@", GIFT_LINE)


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def codes(diagnostics: list) -> list[str]:
    return [d.code for d in diagnostics]


# ---------------------------------------------------------------------------------- positions


def test_positions_are_recorded_by_data_path(tmp_path: Path) -> None:
    card = write(tmp_path / "tst", "test_blast.yaml", BLAST)
    write(tmp_path / "tst", "set.yaml", SET_YAML)
    catalog = load_catalog([tmp_path])
    assert catalog.diagnostics == []
    [loaded] = catalog.cards
    assert loaded.path == card
    positions = loaded.positions
    assert positions[()] == (1, 1)
    assert positions[("name",)] == (1, 1)
    assert positions[("printings", 0)] == (6, 5)
    assert positions[("printings", 0, "set")] == (6, 6)
    assert positions[("abilities", 0, "effects", 0)] == (14, 9)
    assert positions[("abilities", 0, "effects", 0, "amount")] == (16, 9)
    assert positions[("abilities", 0, "effects", 0, "to", "target", "types", 0)] == (17, 31)
    # each line of a literal block scalar: oracle line 2 is file line 9
    assert positions[("oracle", 0)] == (8, 3)
    assert positions[("oracle", 1)] == (9, 3)


def test_set_file_is_set_info_and_others_are_cards(tmp_path: Path) -> None:
    write(tmp_path / "tst", "set.yaml", SET_YAML)
    write(tmp_path / "tst", "test_blast.yaml", BLAST)
    catalog = load_catalog([tmp_path])
    assert isinstance(catalog.sets["TST"].info, SetInfo)
    assert isinstance(catalog.cards[0].card, Card)
    assert catalog.sets["TST"].positions[("code",)] == (2, 1)


def test_crlf_and_bom_are_read_like_lf(tmp_path: Path) -> None:
    text = "\ufeff" + BLAST.replace("\n", "\r\n")
    (tmp_path / "tst").mkdir()
    (tmp_path / "tst" / "test_blast.yaml").write_bytes(text.encode("utf-8"))
    result = load_file(tmp_path / "tst" / "test_blast.yaml")
    assert result.diagnostics == []
    assert result.card is not None
    assert "\r" not in result.card.card.oracle
    assert result.card.positions[("oracle", 1)] == (9, 3)


# ------------------------------------------------------------------------ what YAML would accept


def test_duplicate_keys_are_reported_at_the_second_one() -> None:
    parsed = parse_yaml("name: A\ntypes: [Instant]\nname: B\n", "x.yaml")
    [problem] = parsed.diagnostics
    assert (problem.code, problem.location.line, problem.location.column) == ("CG102", 3, 1)
    assert "first at line 1" in problem.message


def test_duplicate_keys_in_a_nested_flow_mapping() -> None:
    parsed = parse_yaml("a:\n  - {x: 1, y: 2, x: 3}\n", "x.yaml")
    assert [(d.code, d.location.line, d.location.column) for d in parsed.diagnostics] == [("CG102", 2, 18)]


def test_a_card_with_a_duplicate_key_is_not_loaded(tmp_path: Path) -> None:
    write(tmp_path / "tst", "set.yaml", SET_YAML)
    write(tmp_path / "tst", "test_blast.yaml", BLAST + "gift: food\n")
    catalog = load_catalog([tmp_path])
    assert catalog.cards == []
    assert codes(catalog.diagnostics) == ["CG102"]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "CG005"),
        ("   \n\n# only a comment\n", "CG005"),
        ("---\n", "CG005"),
        ("null\n", "CG005"),
        ("- a\n- b\n", "CG006"),
        ("just words\n", "CG006"),
        ("42\n", "CG006"),
        ("a: &x 1\nb: *x\n", "CG007"),
        ("a: !!binary aGVsbG8=\n", "CG007"),
        ("a: !!set {x, y}\n", "CG007"),
        ("<<: {a: 1}\n", "CG007"),
        ("a: 1\n---\nb: 2\n", "CG008"),
        ("a: [1, 2\n", "CG001"),
        ("a: b: c\n", "CG001"),
        ("yes: 1\n", "CG109"),
        ("? [a, b]\n: 1\n", "CG109"),
        ("~: 1\n", "CG109"),
        ("a: 2024-13-45\n", "CG103"),
    ],
)
def test_refused_yaml(text: str, code: str) -> None:
    parsed = parse_yaml(text, "x.yaml")
    assert parsed.data is None or code in codes(parsed.diagnostics)
    assert code in codes(parsed.diagnostics)


def test_alias_bomb_is_refused_quickly() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 12)]
    start = time.perf_counter()
    parsed = parse_yaml("\n".join(lines) + "\n", "bomb.yaml")
    assert time.perf_counter() - start < 1
    assert codes(parsed.diagnostics) == ["CG007"]


def test_deep_nesting_is_capped() -> None:
    deep = "a: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n"
    assert codes(parse_yaml(deep, "x.yaml").diagnostics) == ["CG001"]
    very_deep = "a: " + "[" * 100_000 + "]" * 100_000 + "\n"  # would overflow Python's recursion
    assert codes(parse_yaml(very_deep, "x.yaml").diagnostics) == ["CG001"]


def test_syntax_error_has_a_position() -> None:
    [problem] = parse_yaml("name: x\ntypes: [Instant\nmana_cost: '{R}'\n", "x.yaml").diagnostics
    assert problem.code == "CG001" and problem.location.line == 3


# ---------------------------------------------------------------------------------- schema errors


def test_each_schema_error_is_its_own_diagnostic_at_its_node(tmp_path: Path) -> None:
    text = BLAST.replace("amount: 2", "amount: -2\n        amout: 3").replace("types: [Instant]", "types: [Instnt]")
    result = load_file(write(tmp_path / "tst", "test_blast.yaml", text))
    found = sorted((d.code, d.location.line) for d in result.diagnostics)
    assert found == [("CG101", 17), ("CG106", 3), ("CG107", 16)]
    unknown = next(d for d in result.diagnostics if d.code == "CG101")
    assert "`amout`" in unknown.message and "did you mean `amount`" in unknown.message
    assert "effect `damage`" in unknown.message


def test_unknown_effect_lists_the_valid_ones(tmp_path: Path) -> None:
    result = load_file(write(tmp_path / "tst", "test_blast.yaml", BLAST.replace("effect: damage", "effect: burn")))
    [problem] = result.diagnostics
    assert problem.code == "CG106" and problem.location.line == 14
    assert "unknown effect `burn`" in problem.message and "damage" in problem.message and "draw" in problem.message


def test_unknown_gift_kind_cites_the_rule(tmp_path: Path) -> None:
    result = load_file(write(tmp_path / "tst", "test_blast.yaml", BLAST.replace("gift: card", "gift: Treasure")))
    [problem] = result.diagnostics
    assert (problem.code, problem.rule, problem.location.line) == ("CG201", "702.174d-i", 4)
    assert "did you mean `treasure`" in problem.message


@pytest.mark.parametrize(
    ("loc", "data", "path", "exists"),
    [
        (("abilities", 0, "spell", "effects", 1, "damage", "amount"),
         {"abilities": [{"effects": [{}, {"amount": 1}]}]}, ("abilities", 0, "effects", 1, "amount"), True),
        (("abilities", 0, "spell", "effects", 0, "damage", "to"),
         {"abilities": [{"effects": [{"effect": "damage"}]}]}, ("abilities", 0, "effects", 0, "to"), False),
        (("a", "target", "target", "min"), {"a": {"target": {"min": 5}}}, ("a", "target", "min"), True),
        (("a", "word", "literal['you']"), {"a": "them"}, ("a",), True),
        (("t", "TokenDef", "zz"), {"t": {"zz": 1}}, ("t", "zz"), True),
        (("k", "keyword", "keyword"), {"k": {"kind": "keyword", "keyword": "x"}}, ("k", "keyword"), True),
    ],
)
def test_resolve_path_skips_union_tags(loc: tuple, data: dict, path: tuple, exists: bool) -> None:
    assert resolve_path(loc, data) == (path, exists)


# ------------------------------------------------------------------------------------ finding files


def test_missing_path_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(SpecPathError):
        load_catalog([tmp_path / "nope"])
    with pytest.raises(SpecPathError):
        spec_files([tmp_path / "nope.yaml"])


def test_files_are_sorted_deduplicated_and_yml_is_warned(tmp_path: Path) -> None:
    b = write(tmp_path / "b", "z.yaml", "x: 1\n")
    a = write(tmp_path / "a", "y.yaml", "x: 1\n")
    write(tmp_path / "a", "notes.txt", "not a spec")
    write(tmp_path / "a", "old.yml", "x: 1\n")
    assert spec_files([tmp_path, b]) == [a, b]
    catalog = load_catalog([tmp_path])
    assert "CG010" in codes(catalog.diagnostics)
    assert [d.severity for d in catalog.diagnostics if d.code == "CG010"] == ["warning"]


def test_cards_are_sorted_by_name_whatever_the_file_order(tmp_path: Path) -> None:
    write(tmp_path / "tst", "set.yaml", SET_YAML)
    for name in ("Zebra Blast", "Alpha Blast", "Mid Blast"):
        write(tmp_path / "tst", name.lower().replace(" ", "_") + ".yaml", BLAST.replace("Test Blast", name))
    first = load_catalog([tmp_path])
    again = load_catalog([tmp_path / "tst" / "zebra_blast.yaml", tmp_path])
    assert [c.card.name for c in first.cards] == ["Alpha Blast", "Mid Blast", "Zebra Blast"]
    assert [c.card.name for c in again.cards] == [c.card.name for c in first.cards]
    assert first.diagnostics == again.diagnostics == []


def test_a_single_card_brings_its_set_files(tmp_path: Path) -> None:
    write(tmp_path / "tst", "set.yaml", SET_YAML)
    write(tmp_path / "oth", "set.yaml", SET_YAML.replace("TST", "OTH"))
    text = BLAST.replace("  - {set: TST, number: 1, rarity: common}",
                         "  - {set: TST, number: 1, rarity: common}\n  - {set: OTH, number: 2, rarity: common}")
    card = write(tmp_path / "tst", "test_blast.yaml", text)
    catalog = load_catalog([card])
    assert sorted(catalog.sets) == ["OTH", "TST"]
    assert len(catalog.cards) == 1


def test_duplicate_set_code_is_reported(tmp_path: Path) -> None:
    write(tmp_path / "tst", "set.yaml", SET_YAML)
    write(tmp_path / "tst2", "set.yaml", SET_YAML)
    catalog = load_catalog([tmp_path])
    assert codes(catalog.diagnostics) == ["CG408"]


# ------------------------------------------------------------------------------------ robustness


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.binary(max_size=300))
def test_any_bytes_give_diagnostics_not_exceptions(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "fuzz.yaml"
    path.write_bytes(content)
    result = load_file(path)
    assert result.card is None or result.diagnostics == []


YAMLISH = st.text(alphabet=st.sampled_from(list("abn: -[]{}&*!|>'\"#\n\t?,%@`~0123.<=") + ["\u00e6", "\u2028"]),
                  max_size=200)


@settings(max_examples=examples(300), deadline=None)
@given(text=YAMLISH)
def test_any_yamlish_text_gives_diagnostics_not_exceptions(text: str) -> None:
    parsed = parse_yaml(text, "fuzz.yaml")
    assert parsed.data is None or isinstance(parsed.data, dict)
    for diagnostic in parsed.diagnostics:
        assert diagnostic.code.startswith("CG") and diagnostic.message


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=True),
                 st.text(max_size=12), st.lists(st.integers(), max_size=2),
                 st.dictionaries(st.sampled_from(["effect", "kind", "target", "ref", "all", "x"]),
                                 st.text(max_size=8), max_size=2))


def _paths(data: object, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _paths(value, (*prefix, index))
    return out


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_mutated_spec_gives_located_diagnostics(tmp_path: Path, data: st.DataObject) -> None:
    """Replace any node of a valid spec with junk: the loader reports located diagnostics, never crashes."""
    import yaml

    document = yaml.safe_load(BLAST)
    path = data.draw(st.sampled_from(_paths(document)[1:]))
    parent = document
    for element in path[:-1]:
        parent = parent[element]
    parent[path[-1]] = data.draw(JUNK)
    file = tmp_path / "tst" / "test_blast.yaml"
    file.parent.mkdir(exist_ok=True)
    file.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    result = load_file(file)
    for diagnostic in result.diagnostics:
        assert diagnostic.location is not None and diagnostic.location.line is not None, diagnostic
        assert "Input should" not in diagnostic.message  # pydantic's wording is always rewritten
