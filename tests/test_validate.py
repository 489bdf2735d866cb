"""Validation: the checks accept the canonical encodings of the tricky gift cards, refuse their broken
variants at the right place, and the `validate` command reports through every format with the documented
exit statuses. The per-code corpus of broken files is tests/test_validate_corpus.py."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pydantic import BaseModel, ConfigDict, ValidationError, field_validator
from shipped import shipped_catalog

from cardgen.cli import cli
from cardgen.diagnostics import Diagnostic, Location
from cardgen.engines.refusals import engine_of
from cardgen.load.codes import CODES
from cardgen.load.schema_errors import schema_diagnostics
from cardgen.load.specs import load_catalog
from cardgen.model.catalog import Catalog
from cardgen.report import JSON_VERSION, format_diagnostics, promote_warnings, summary_line
from cardgen.validate import validate_catalog

REPO = Path(__file__).resolve().parents[1]
SPECS = REPO / "card_specs"
SET_YAML = "name: Test Set\ncode: TST\nrelease_date: 2024-01-01\ntype: test\n"
GIFT_CARD = ("Gift a card (You may promise an opponent a gift as you cast this spell. If you do, they draw a card "
             "before its other effects.)")
GIFT_CARD_PERMANENT = ("Gift a card (You may promise an opponent a gift as you cast this spell. If you do, when it "
                       "enters, they draw a card.)")


UNMARKED_PROMISED_TAP = (
    "      - {effect: draw}\n      - {effect: tap, condition: promised, what: {target: {types: [creature]}}}\n"
)


def spell(name: str, text: str, effects: str, *, gift: bool = True, extra_abilities: str = "") -> str:
    """An instant with one spell ability; `effects` is the YAML list under `effects:` (6-space indent)."""
    lines = [GIFT_CARD, text] if gift else [text]
    extra_lines = [line.split("text: ", 1)[1] for line in extra_abilities.splitlines() if "text: " in line]
    oracle = "".join(f"  {line}\n" for line in [*lines, *extra_lines])
    return (
        f"name: {name}\nmana_cost: '{{1}}{{R}}'\ntypes: [Instant]\n" + ("gift: card\n" if gift else "")
        + "printings:\n  - {set: TST, number: 1, rarity: common}\n"
        + f"oracle: |-\n{oracle}abilities:\n  - kind: spell\n    text: {text}\n    effects:\n{effects}"
        + extra_abilities
    )


MEANING_CODES = {"CG305", "CG306"}
"""The text-meaning check (tests/test_validate_meaning.py): the cases here write placeholder lines ("Draw.")
to test the structure and gift rules, so `check` leaves its findings out unless asked, and those of the
engines' models."""


def check(tmp_path: Path, text: str, file: str = "case.yaml", *, meaning: bool = False) -> list[Diagnostic]:
    folder = tmp_path / "tst"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "set.yaml").write_text(SET_YAML, encoding="utf-8")
    (folder / file).write_text(text, encoding="utf-8")
    catalog = load_catalog([folder / file])
    found = [*catalog.diagnostics, *validate_catalog(catalog)]
    return found if meaning else [d for d in found if d.code not in MEANING_CODES and not _engines(d)]


def _engines(d: Diagnostic) -> bool:
    """A finding of the engines check (tests/test_validate_refusals.py), which the placeholder lines can
    meet: an engine writes each clause of the text, and "Draw." says less than the structure."""
    return engine_of(d.code) is not None or " model of the card failed: " in d.message


def found(diagnostics: list[Diagnostic]) -> list[tuple[str, int | None]]:
    return [(d.code, d.location.line if d.location else None) for d in diagnostics]


# ------------------------------------------------------------------------------- shipped specs


def test_shipped_specs_validate_clean() -> None:
    if not SPECS.is_dir() or not any(p.name != "set.yaml" for p in SPECS.rglob("*.yaml")):
        pytest.skip("card_specs/ has no cards yet")
    catalog = shipped_catalog()
    diagnostics = [*catalog.diagnostics, *validate_catalog(catalog)]
    assert diagnostics == [], format_diagnostics(diagnostics)
    assert catalog.cards


def test_validate_is_deterministic() -> None:
    runner = CliRunner()
    first = runner.invoke(cli, ["validate", str(REPO / "tests" / "bad_specs")])
    second = runner.invoke(cli, ["validate", str(REPO / "tests" / "bad_specs")])
    assert first.exit_code == second.exit_code == 1
    assert first.output == second.output
    lines = first.output.splitlines()[:-1]
    keys = []
    for line in lines:
        match = re.match(r"^(.*?):(\d+)(?::(\d+))?: ", line) or re.match(r"^(.*?): ", line)
        assert match, line
        keys.append((match.group(1), int(match.group(2) or 0) if match.lastindex and match.lastindex >= 2 else 0))
    assert keys == sorted(keys)


# -------------------------------------------------------------------------- canonical encodings pass


def test_canonical_instead_branch_may_reuse_the_parent_id(tmp_path: Path) -> None:
    text = "Return up to two target creature cards to the battlefield. If the gift was promised, instead up to three."
    effects = (
        "      - effect: return_card\n        id: returned\n        to: battlefield\n"
        "        what: {target: {zone: graveyard, types: [creature], owner: you, min: 0, max: 2}}\n"
        "        instead_if_promised:\n          effect: return_card\n          id: returned\n"
        "          to: battlefield\n"
        "          what: {target: {zone: graveyard, types: [creature], owner: you, min: 0, max: 3}}\n"
        "      - {effect: gain_life, amount: 1, condition: promised, only_if: {ref: returned, matches: {}}}\n"
    )
    assert check(tmp_path, spell("Case", text, effects)) == []


def test_wildfire_howl_shape_passes(tmp_path: Path) -> None:
    effects = (
        "      - {effect: damage, amount: 1, to: {target: {any_target: true, only_if_promised: true}}, "
        "condition: promised}\n      - {effect: damage, amount: 2, to: {all: {types: [creature]}}}\n"
    )
    assert check(tmp_path, spell("Case", "Burn.", effects)) == []


def test_longstalk_brawl_shape_has_no_warning(tmp_path: Path) -> None:
    """The promised-only effect's target is used later (by the fight), so it is not 702.174m-only."""
    effects = (
        "      - {effect: put_counters, id: mine, counter: '+1/+1', condition: promised, "
        "what: {target: {types: [creature], controller: you}}}\n"
        "      - {effect: fight, what: {ref: mine}, other: {target: {types: [creature], controller: not_you}}}\n"
    )
    assert check(tmp_path, spell("Case", "Fight.", effects)) == []


def test_only_if_promised_target_inside_an_instead_branch_passes(tmp_path: Path) -> None:
    effects = (
        "      - effect: destroy\n        what: {target: {types: [artifact]}}\n        instead_if_promised:\n"
        "          {effect: destroy, what: {target: {types: [artifact], min: 2, max: 2, only_if_promised: true}}}\n"
    )
    assert check(tmp_path, spell("Case", "Destroy.", effects)) == []


def test_explicit_gift_first_passes(tmp_path: Path) -> None:
    effects = "      - {effect: give_gift}\n      - {effect: draw}\n"
    assert check(tmp_path, spell("Case", "Draw.", effects)) == []


def test_permanent_explicit_gift_in_its_trigger_passes(tmp_path: Path) -> None:
    text = (
        "name: Case\nmana_cost: '{2}{G}'\ntypes: [Creature]\npt: 2/2\ngift: card\n"
        "printings:\n  - {set: TST, number: 1, rarity: common}\n"
        f"oracle: |-\n  {GIFT_CARD_PERMANENT}\n  When this enters, if the gift was promised, the gift is given.\n"
        "abilities:\n  - kind: triggered\n    text: When this enters, if the gift was promised, the gift is given.\n"
        "    event: enters\n    intervening_if: promised\n    effects:\n      - {effect: give_gift}\n"
    )
    assert check(tmp_path, text) == []


def test_unicode_names_pass(tmp_path: Path) -> None:
    for name, file in (("Lórien Revealed", "lorien_revealed.yaml"), ("Æther Vial", "aether_vial.yaml"),
                       ("Isamaru, Hound of Konda", "isamaru_hound_of_konda.yaml")):
        text = spell(name, "Draw a card.", "      - {effect: draw}\n", gift=False)
        catalog = load_catalog([_write(tmp_path, file, text)])
        assert [*catalog.diagnostics, *validate_catalog(catalog)] == []


def _write(tmp_path: Path, file: str, text: str) -> Path:
    folder = tmp_path / "tst"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "set.yaml").write_text(SET_YAML, encoding="utf-8")
    (folder / file).write_text(text, encoding="utf-8")
    return folder / file


# --------------------------------------------------------------------------- broken variants refused


def test_gift_in_a_second_spell_ability_is_not_first(tmp_path: Path) -> None:
    extra = "  - kind: spell\n    text: Then the gift.\n    effects:\n      - {effect: give_gift}\n"
    problems = check(tmp_path, spell("Case", "Draw.", "      - {effect: draw}\n", extra_abilities=extra))
    assert found(problems) == [("CG204", 19)]
    assert problems[0].rule == "702.174j"


def test_two_gifts_with_explicit_effects(tmp_path: Path) -> None:
    effects = "      - {effect: give_gift}\n      - {effect: draw}\n      - {effect: give_gift}\n"
    assert [c for c, _ in found(check(tmp_path, spell("Case", "Draw.", effects)))] == ["CG202", "CG204"]


def test_only_if_promised_under_not_promised_condition(tmp_path: Path) -> None:
    effects = ("      - {effect: damage, amount: 1, condition: not_promised, "
               "to: {target: {any_target: true, only_if_promised: true}}}\n")
    assert found(check(tmp_path, spell("Case", "Burn.", effects))) == [("CG206", 14)]


def test_unmarked_promised_target_is_a_warning_that_strict_promotes(tmp_path: Path) -> None:
    effects = UNMARKED_PROMISED_TAP
    [problem] = check(tmp_path, spell("Case", "Draw.", effects))
    assert (problem.code, problem.severity, problem.rule) == ("CG207", "warning", "702.174m")
    assert promote_warnings([problem])[0].severity == "error"


def test_oracle_typo_in_the_reminder_names_the_kind_rule(tmp_path: Path) -> None:
    text = spell("Case", "Draw.", "      - {effect: draw}\n").replace("they draw a card", "they they draw a card")
    [problem] = check(tmp_path, text)
    assert (problem.code, problem.rule, problem.location.line) == ("CG302", "702.174e", 8)
    assert "they they" in problem.message and "expected" in problem.message


def test_oracle_missing_ability_line(tmp_path: Path) -> None:
    text = spell("Case", "Draw.", "      - {effect: draw}\n").replace("  Draw.\nabilities", "abilities")
    [problem] = check(tmp_path, text)
    assert problem.code == "CG301" and "missing line 2" in problem.message


def test_a_crashing_check_is_an_internal_diagnostic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import cardgen.validate as validate_module

    def boom(report: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(validate_module, "check_text", boom)
    effects = "      - {effect: draw}\n      - {effect: give_gift}\n"
    problems = check(tmp_path, spell("Case", "Draw.", effects))
    assert ("CG901", None) in found(problems)
    assert "CG204" in [code for code, _ in found(problems)]  # the other checks still ran


def test_unexpected_schema_error_falls_back_to_cg100() -> None:
    class Odd(BaseModel):
        model_config = ConfigDict(extra="forbid")
        word: str

        @field_validator("word")
        @classmethod
        def _no_q(cls, value: str) -> str:
            raise ValueError("no words today")

    data = {"word": "q"}
    with pytest.raises(ValidationError) as error:
        Odd.model_validate(data)
    [problem] = schema_diagnostics(error.value, data, "x.yaml", {("word",): (3, 1)}, Odd)
    assert (problem.code, problem.location) == ("CG100", Location("x.yaml", 3, 1))
    assert "no words today" in problem.message


# ------------------------------------------------------------------------------------ reporting


def _sample() -> list[Diagnostic]:
    return [
        Diagnostic("CG207", "mark it, please", Location("b.yaml", 3, 5), "702.174m", "warning"),
        Diagnostic("CG101", "unknown key `x`", Location("a.yaml", 10, 1), "schema"),
        Diagnostic("CG401", "dup, with: colon\nand newline 100%", Location("a,b:c.yaml", 1, 1), None),
    ]


def test_text_format() -> None:
    text = format_diagnostics(_sample(), "text", files=3)
    assert text.splitlines() == [
        "a,b:c.yaml:1:1: error CG401: dup, with: colon\\nand newline 100%",
        "a.yaml:10:1: error CG101 [schema]: unknown key `x`",
        "b.yaml:3:5: warning CG207 [702.174m]: mark it, please",
        "2 errors, 1 warning in 3 files",
    ]


def test_github_format_escapes_properties_and_data() -> None:
    lines = format_diagnostics(_sample(), "github").splitlines()
    assert lines[0] == "::error file=a%2Cb%3Ac.yaml,line=1,col=1,title=CG401::dup, with: colon%0Aand newline 100%25"
    assert lines[2] == "::warning file=b.yaml,line=3,col=5,title=CG207 [702.174m]::mark it, please"


def test_json_format() -> None:
    document = json.loads(format_diagnostics(_sample(), "json", files=3))
    assert document["version"] == JSON_VERSION == 1
    assert document["summary"] == {"errors": 2, "warnings": 1, "notes": 0, "files": 3}
    assert document["diagnostics"][1] == {
        "code": "CG101", "severity": "error", "rule": "schema", "message": "unknown key `x`",
        "file": "a.yaml", "line": 10, "column": 1,
    }


def test_summary_line() -> None:
    assert summary_line([], 5) == "no problems in 5 files"
    assert summary_line(_sample()[:1], 1) == "0 errors, 1 warning in 1 file"


# ------------------------------------------------------------------------------------- the command


def test_warning_only_exits_0_and_strict_exits_1(tmp_path: Path) -> None:
    effects = UNMARKED_PROMISED_TAP
    card = _write(tmp_path, "warned_case.yaml", spell("Warned Case", "Draw.", effects))
    runner = CliRunner()
    lenient = runner.invoke(cli, ["validate", str(card)])
    assert lenient.exit_code == 0, lenient.output
    assert "warning CG207 [702.174m]" in lenient.output
    strict = runner.invoke(cli, ["validate", "--strict", str(card)])
    assert strict.exit_code == 1
    assert "error CG207" in strict.output


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(cli, ["validate", str(tmp_path / "nope")])
    assert missing.exit_code == 2 and "no such file or folder" in missing.output
    bad_format = runner.invoke(cli, ["validate", "--format", "xml", str(tmp_path)])
    assert bad_format.exit_code == 2


def test_default_path_is_card_specs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(cli, ["validate"]).exit_code == 2
    _write(tmp_path / "card_specs", "case.yaml", spell("Case", "Draw.", "      - {effect: draw}\n"))
    result = runner.invoke(cli, ["validate"])
    assert result.exit_code == 0, result.output


def test_help_has_an_example() -> None:
    result = CliRunner().invoke(cli, ["validate", "--help"])
    assert result.exit_code == 0
    assert "Examples:" in result.output and "cardgen validate" in result.output
    assert "--strict" in result.output and "--format" in result.output


# ------------------------------------------------------------------------------- codes (their docs table: test_docs.py)


def test_codes_are_grouped_and_documented() -> None:
    groups = {"0": "file", "1": "schema", "2": "gift", "3": "text", "4": "naming", "9": "internal"}
    for code, info in CODES.items():
        assert re.fullmatch(r"CG\d{3}", code) and info.code == code
        assert code[2] in groups
        assert info.summary and info.fix and info.severity in ("error", "warning")
    assert all(info.rule and info.rule.startswith("702.174") for code, info in CODES.items()
               if code.startswith("CG2"))


def test_every_shipped_card_notices_a_changed_oracle() -> None:
    """Mutation check: one wrong character anywhere in a shipped oracle is caught (CG301/CG302)."""
    if not SPECS.is_dir():
        pytest.skip("no card_specs/")
    catalog = shipped_catalog()
    if not catalog.cards:
        pytest.skip("card_specs/ has no cards yet")
    for loaded in catalog.cards:
        oracle = loaded.card.oracle
        for changed in ({oracle + "x", oracle.replace(" ", "  ", 1), oracle[:-1]} - {oracle}):
            mutated = dataclasses.replace(loaded, card=loaded.card.model_copy(update={"oracle": changed}))
            codes = {d.code for d in validate_catalog(Catalog(cards=[mutated], sets=catalog.sets))}
            assert codes & {"CG301", "CG302"}, (loaded.card.name, changed)


@pytest.mark.parametrize(("replacement", "wanted"), [
    ("{effect: draw, amount: x}", "`abilities[0].effects[0].instead_if_promised.amount`: expected a whole number or "
                                  "a mapping, found a string 'x'"),  # a number, or a counted amount's mapping
    ("[null]", "`abilities[0].effects[0].instead_if_promised[0]`: expected a mapping, found nothing (the value is "
               "empty)"),
])
def test_schema_messages_name_the_spec_not_the_model(tmp_path: Path, replacement: str, wanted: str) -> None:
    """A union's other branches (`list[tagged-union[...]]`) never reach the message, and an empty value is
    said once."""
    effects = f"      - effect: draw\n        instead_if_promised: {replacement}\n"
    [problem] = check(tmp_path, spell("Schema Words", "Draw a card.", effects))
    assert problem.message == wanted
