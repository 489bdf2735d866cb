"""The performance fast paths give exactly what the plain paths give.

Each fast path (libyaml composition in the loader, ASCII shortcuts in the character checks and in name
folding, the batched output writer) answers only the common case and hands everything else to the
original code, so these tests compare the two on the shipped files, the bad-spec corpus and generated
input.
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

import pytest
import yaml
from examples import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen import naming
from cardgen.load import fast_yaml, yamlload
from cardgen.load.specs import MAX_DEPTH, load_file, parse_yaml, parse_yaml_python, read_spec_text
from cardgen.output import plan_tree, write_tree
from cardgen.validate import charset

ROOT = Path(__file__).resolve().parents[1]
YAML_FILES = sorted(
    [*ROOT.glob("card_specs/**/*.yaml"), *ROOT.glob("scenarios/**/*.yaml"), *ROOT.glob("tests/bad_specs/**/*.yaml")]
)


def same(text: str) -> None:
    """`parse_yaml` (fast path when clean) and the pure-Python path agree on everything, and the fast
    parse without positions (`yamlload.parse_data`, what the loaders use) answers only for a clean text,
    with the same data."""
    fast, slow = parse_yaml(text, "x.yaml"), parse_yaml_python(text, "x.yaml")
    assert (fast.data, fast.positions, fast.diagnostics) == (slow.data, slow.positions, slow.diagnostics)
    data = yamlload.parse_data(text)
    if data is not None:
        assert not slow.diagnostics and repr(data) == repr(slow.data)


# ------------------------------------------------------------------------------------ libyaml path


@pytest.mark.parametrize("path", YAML_FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_shipped_and_bad_file_parses_the_same(path: Path) -> None:
    text, problems = read_spec_text(path)
    if text is not None:
        same(text)


def test_clean_specs_take_the_fast_path() -> None:
    specs = [p for p in ROOT.glob("card_specs/**/*.yaml")]
    assert specs
    for path in specs:
        text, _ = read_spec_text(path)
        assert text is not None
        assert fast_yaml.compose(text, MAX_DEPTH) is not None, path


@pytest.mark.parametrize("text", [
    "name: &a X\nother: *a\n",            # anchors and aliases are refused by the Python path
    "name: !!python/name:os.system x\n",  # tags
    "a: 1\na: 2\n",                        # duplicate key
    "<<: {a: 1}\n",                       # merge key
    "1: x\n",                              # non-string key
    "a: 2024-13-45\n",                     # a date that cannot exist
    "a:\tb\n",                             # tab
    "a: b\r\nc: d\r\n",                    # carriage returns
    "- a\n- b\n",                          # top-level list
    "",                                    # empty
    "a: [\n",                              # syntax error
    "a: b\n---\nc: d\n",                   # two documents
    "%YAML 1.1\n---\na: b\n",              # directive
    ":@: |#",                              # libyaml accepts a comment glued to a block scalar header
    "{\n   \u00e62b0'?}",                   # libyaml accepts `?` inside a plain scalar in a flow mapping
    "a: [b?c]\n",                          # ... and in a flow sequence
    "a: [b,\n  c?]\n",                     # ... a flow collection across lines
    "? a\n: b\n",                          # a key indicator
    "a: ?x\n",                             # a `?` starting a scalar
])
def test_unusual_texts_take_the_python_path(text: str) -> None:
    assert fast_yaml.compose(text, MAX_DEPTH) is None
    same(text)


@pytest.mark.parametrize("text", ["name: Tu veux des miettes ?\ntypes: [Instant]\n", "a: b ?c\n", "a: 'x ?'\n"])
def test_a_question_mark_inside_block_text_takes_the_fast_path(text: str) -> None:
    """Printed French puts a space before `?`: such a translation is as clean a spec as any."""
    assert fast_yaml.compose(text, MAX_DEPTH) is not None
    same(text)


def test_deep_nesting_never_reaches_the_c_composer() -> None:
    """libyaml's composer recurses without limit in C: 100,000 `[` would crash the interpreter."""
    for depth in (MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, 5_000, 100_000):
        text = "a: " + "[" * depth + "]" * depth + "\n"
        same(text)


def test_literal_block_positions_match() -> None:
    same("oracle: |-\n  one\n  two\n\n  four\nx: |\n  single\nplain: a\n  b\n")


SCALARS = st.one_of(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=20),
    st.integers(-10**6, 10**6), st.booleans(), st.none(), st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["yes", "No", "on", "~", "null", "0x1F", "1_000", "2024-08-02", "12:30", ".inf", "-",
                     "a: b", "'q'", '"d"', "x\ny", "  lead", "trail  ", "#c", "é", "Æther", "{2}{R}"]),
)
DOCUMENTS = st.dictionaries(
    st.text(alphabet="abcdefgxyz_", min_size=1, max_size=8),
    st.recursive(SCALARS, lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(alphabet="abcxyz", min_size=1, max_size=5), inner,
                                                     max_size=4)), max_leaves=20),
    min_size=1, max_size=6,
)


@settings(max_examples=examples(400), deadline=None)
@given(document=DOCUMENTS, flow=st.sampled_from([None, True, False]), width=st.sampled_from([20, 80, 10_000]),
       literal=st.booleans())
def test_generated_documents_parse_the_same(document: dict, flow: bool | None, width: int, literal: bool) -> None:
    class Dumper(yaml.SafeDumper):
        pass

    if literal:
        Dumper.add_representer(str, lambda dumper, value: dumper.represent_scalar(
            "tag:yaml.org,2002:str", value, style="|" if "\n" in value else None))
    same(yaml.dump(document, Dumper=Dumper, default_flow_style=flow, width=width, allow_unicode=True))


YAMLISH = st.text(alphabet=st.sampled_from(list("abn: -[]{}|>'\"#\n?,@`~0123.<=") + ["\u00e6", " "]),
                  max_size=200)


@settings(max_examples=examples(500), deadline=None)
@given(text=YAMLISH)
def test_yamlish_text_parses_the_same(text: str) -> None:
    same(text)


@settings(max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.binary(max_size=200))
def test_reading_bytes_is_unchanged(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "x.yaml"
    path.write_bytes(content)
    assert read_spec_text(path)[0] == _reference_text(content)


def _reference_text(content: bytes) -> str | None:
    if b"\x00" in content:
        return None
    try:
        return content.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        return None


def test_special_files_are_explained(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)  # must not block
    assert [d.code for d in load_file(fifo).diagnostics] == ["CG009"]
    assert [d.code for d in load_file(tmp_path / "missing.yaml").diagnostics] == ["CG009"]
    (tmp_path / "folder.yaml").mkdir()
    assert [d.code for d in load_file(tmp_path / "folder.yaml").diagnostics] == ["CG009"]


# ------------------------------------------------------------------------------- ASCII shortcuts


def _placeholders_reference(text: str) -> list[str]:
    """Forge's placeholders, which Forge replaces with the card's name wherever they appear."""
    return [f"`{word}` (Forge shows the card's name in its place)" for word in ("CARDNAME", "NICKNAME")
            if word in text]


def _name_problems_reference(text: str) -> list[str]:
    problems: list[str] = []
    for char in dict.fromkeys(text):
        if charset.invisible(char):
            problems.append(f"control or invisible character {charset._char_name(char)}")
        elif char in charset.NAME_FORBIDDEN:
            problems.append(f"character `{char}`")
    problems.extend(_placeholders_reference(text))
    if text != text.strip():
        problems.append("leading or trailing whitespace")
    if ".." in text:
        problems.append("`..` (a path step)")
    return problems


def _text_problems_reference(text: str, newlines: bool) -> list[str]:
    problems: list[str] = _placeholders_reference(text)
    for char in dict.fromkeys(text):
        if char == "\n" and newlines:
            continue
        if charset.invisible(char):
            problems.append(f"control or invisible character {charset._char_name(char)}")
        elif char in charset.TEXT_FORBIDDEN:
            problems.append(f"character `{char}`")
    return problems


TEXTS = st.one_of(st.text(max_size=30), st.text(alphabet=st.characters(max_codepoint=127), max_size=30))


@settings(max_examples=examples(1000), deadline=None)
@given(text=TEXTS, newlines=st.booleans())
def test_character_checks_are_unchanged(text: str, newlines: bool) -> None:
    assert charset.name_problems(text) == _name_problems_reference(text)
    assert charset.text_problems(text, newlines=newlines) == _text_problems_reference(text, newlines)


@settings(max_examples=examples(500), deadline=None)
@given(text=TEXTS)
def test_ascii_folding_is_unchanged(text: str) -> None:
    spelled = "".join(naming._LIGATURES.get(char, char) for char in text)
    decomposed = unicodedata.normalize("NFKD", spelled)
    expected = "".join(c for c in decomposed if not unicodedata.combining(c)).encode("ascii", "ignore").decode()
    assert naming.ascii_fold(text) == expected


# ----------------------------------------------------------------------------------- output writer


def test_sizes_decide_without_reading_and_equal_sizes_are_read(tmp_path: Path) -> None:
    count = 200
    files = {f"{chr(97 + i % 26)}/f{i:04}.txt": f"{i}\n" * (i % 7 + 1) for i in range(count)}
    first = write_tree(tmp_path, files)
    assert first.written == sorted(files) and first.unchanged == []
    assert {p.relative_to(tmp_path).as_posix(): p.read_text() for p in tmp_path.rglob("*.txt")} == files
    changed = dict(files)
    changed["a/f0000.txt"] = "0\n0\n"  # another size: found without reading
    changed["b/f0001.txt"] = "9\n9\n"  # the same size, other bytes: found by reading
    plan = plan_tree(tmp_path, changed)
    assert plan.written == ["a/f0000.txt", "b/f0001.txt"]
    assert len(plan.unchanged) == count - 2


def test_symlinked_target_inside_the_root_is_compared_through_the_link(tmp_path: Path) -> None:
    (tmp_path / "real.txt").write_text("same\n")
    (tmp_path / "link.txt").symlink_to(tmp_path / "real.txt")
    assert plan_tree(tmp_path, {"link.txt": "same\n", "real.txt": "same\n"}).unchanged == ["link.txt", "real.txt"]
