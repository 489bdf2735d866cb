"""`validate` reports every refusal an engine's export would make, with the export's code, message and
place, from the one model function each renderer writes (`cardgen.engines.refusals`)."""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cardgen.cli import cli
from cardgen.engines import load_backend
from cardgen.engines.refusals import CARD_REFUSALS, engine_of, for_engines
from cardgen.model.card import Card, SetInfo
from cardgen.model.catalog import Catalog, LoadedCard, LoadedSet
from cardgen.validate import card_local_diagnostics

ROOT = Path(__file__).resolve().parents[1]
GIFT_LINE = ("Gift a card (You may promise an opponent a gift as you cast this spell. If you do, they draw a card "
             "before its other effects.)")


def _spell(text: str, *effects: dict, **changes) -> dict:
    data = {"name": "Test Card", "mana_cost": "{1}{U}", "types": ["Instant"], "gift": "card",
            "printings": [{"set": "CGT", "number": "1", "rarity": "common"}],
            "oracle": f"{GIFT_LINE}\n{text}",
            "abilities": [{"kind": "spell", "text": text, "effects": list(effects)}]}
    data.update(changes)
    return data


REFUSED = {
    # the case: another target, chosen only if the gift was promised (XMage tags no such target)
    "other_target_on_gift": _spell(
        "Tap target creature. If the gift was promised, untap up to one other target creature.",
        {"effect": "tap", "what": {"target": {"types": ["creature"]}}},
        {"effect": "untap", "condition": "promised", "what": {"target": {
            "types": ["creature"], "min": 0, "max": 1, "other_target": True, "only_if_promised": True}}}),
    "gift_recipient_draws": _spell("The chosen player draws a card.",
                                   {"effect": "draw", "who": "gift_recipient"}),
    "unknown_subtype": {"name": "Test Card", "mana_cost": "{1}{G}", "types": ["Creature"], "pt": "1/1",
                        "subtypes": ["Wombatdragon"], "oracle": "",
                        "printings": [{"set": "CGT", "number": "1", "rarity": "common"}], "abilities": []},
    "reference_to_a_draw": _spell("Draw a card. It deals 1 damage to any target.",
                                  {"effect": "draw", "id": "drawn"},
                                  {"effect": "damage", "amount": 1, "to": {"ref": "drawn"}}),
    "field_breaking_text": _spell("Draw a card | NumCards$ 9.", {"effect": "draw"}),
}


def _loaded(data: dict, path: Path) -> LoadedCard:
    return LoadedCard(Card.model_validate(data), path)


def _export_refusals(loaded: LoadedCard) -> list:
    catalog = Catalog(cards=[loaded])
    catalog.sets["CGT"] = LoadedSet(SetInfo.model_validate(
        {"name": "T", "code": "CGT", "release_date": datetime.date(2024, 1, 1), "type": "test"}), ROOT / "set.yaml")
    out = []
    for engine in ("forge", "xmage"):
        out += [d for d in load_backend(engine).render(catalog).diagnostics if d.severity == "error"]
    return out


def _validate_refusals(loaded: LoadedCard) -> list:
    return [d for d in card_local_diagnostics(loaded) if engine_of(d.code) is not None]


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_validate_reports_what_the_export_refuses_with_its_code_message_and_place(case: str, tmp_path: Path) -> None:
    loaded = _loaded(REFUSED[case], tmp_path / "test_card.yaml")
    refused = _export_refusals(loaded)
    assert refused, "the case must be one an export refuses"
    assert _validate_refusals(loaded) == refused


def test_the_cases_cover_every_card_refusal_code_but_the_class_name() -> None:
    """XMG102 of a card class name is the naming check's (CG405, CG406, CG411), run with the same predicate;
    XMG105 (a constructor XMage lacks) needs a table without one: `test_a_constructor_xmage_lacks_...`."""
    seen = {d.code for data in REFUSED.values() for d in _export_refusals(_loaded(data, Path("x.yaml")))}
    declared = {code for codes in CARD_REFUSALS.values() for code in codes}
    assert seen == declared - {"XMG102", "XMG105"}


DRAW_TWO = {"name": "Test Card", "mana_cost": "{2}{U}", "types": ["Instant"], "oracle": "Draw two cards.",
            "printings": [{"set": "CGT", "number": "1", "rarity": "common"}],
            "abilities": [{"kind": "spell", "text": "Draw two cards.", "effects": [{"effect": "draw", "amount": 2}]}]}


def _without(monkeypatch: pytest.MonkeyPatch, cls: str, params: tuple[str, ...] | None) -> None:
    """XMage's constructor table without `cls`'s constructor taking `params` (None: without the class)."""
    from cardgen.engines.xmage import constructors

    real = constructors.table()
    kept = {name: tuple(p for p in options if params is not None and p != params)
            for name, options in real.constructors.items()}
    if params is None:
        del kept[cls]
    monkeypatch.setattr(constructors, "table", lambda: constructors.Table(kept, real.supertypes))


@pytest.mark.parametrize(("params", "needle"), [
    (("int",), "new DrawCardSourceControllerEffect(int) matches none of XMage's constructors"),
    (None, "DrawCardSourceControllerEffect is not in the constructor table"),
])
def test_a_constructor_xmage_lacks_is_reported_by_validate_as_export_refuses_it(
        params: tuple[str, ...] | None, needle: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    loaded = _loaded(DRAW_TWO, tmp_path / "test_card.yaml")
    assert _validate_refusals(loaded) == []
    _without(monkeypatch, "DrawCardSourceControllerEffect", params)
    refused = _export_refusals(loaded)
    assert [d.code for d in refused] == ["XMG105"] and needle in refused[0].message
    assert _validate_refusals(loaded) == refused
    path = _write(tmp_path, DRAW_TWO)
    validated = CliRunner().invoke(cli, ["validate", "--format", "json", str(path)])
    assert validated.exit_code == 1, validated.output
    found = [d for d in json.loads(validated.output)["diagnostics"] if d["code"] == "XMG105"]
    assert len(found) == 1 and needle in found[0]["message"]
    assert found[0]["file"] == str(path) and found[0]["line"] > 1 and found[0]["column"] >= 1  # at the ability
    text = CliRunner().invoke(cli, ["validate", str(path)]).output
    assert re.search(rf"{re.escape(str(path))}:\d+:\d+: error XMG105", text), text


def test_every_refusal_code_the_renderers_raise_is_declared() -> None:
    """The codes written in the engines' model code and the constructs' hooks: each is declared, so the
    validator asks for it (a new code raised without a declaration fails here)."""
    forge = set()
    for path in [*ROOT.glob("cardgen/engines/forge/*.py"), *ROOT.glob("cardgen/vocab/**/*.py")]:
        forge |= set(re.findall(r'(?:RenderError|\.error|forge_diagnostic)\("(FG1\d\d)"', path.read_text("utf-8")))
    assert forge <= set(CARD_REFUSALS["forge"])
    problems = (ROOT / "cardgen/engines/xmage/problems.py").read_text("utf-8")
    constants = dict(re.findall(r'^(\w+) = "(XMG1\d\d)"', problems, re.MULTILINE))
    raised = set()
    for path in [*ROOT.glob("cardgen/engines/xmage/*.py"), *ROOT.glob("cardgen/vocab/**/*.py")]:
        text = path.read_text("utf-8")
        raised |= {constants[name] for name in re.findall(r"code=(\w+)", text) if name in constants}
        if re.search(r"Unsupported\(", text):
            raised.add("XMG100")  # the default code
    # XMG104 (two cards, one class) is CG410: see CARD_REFUSALS.
    assert raised - {"XMG104"} <= set(CARD_REFUSALS["xmage"])


def test_no_shipped_spec_is_refused_by_validate_or_export() -> None:
    for path in sorted(ROOT.glob("card_specs/*/*.yaml")):
        if path.name == "set.yaml":
            continue
        loaded = _loaded(yaml.safe_load(path.read_text("utf-8")), path)
        assert _validate_refusals(loaded) == [], path


def _write(tmp_path: Path, data: dict) -> Path:
    folder = tmp_path / "cgt"
    folder.mkdir(exist_ok=True)
    (folder / "set.yaml").write_bytes((ROOT / "card_specs/cgt/set.yaml").read_bytes())
    path = folder / "test_card.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def test_validate_strict_refuses_what_xmage_export_refuses_and_export_stops_on_it(tmp_path: Path) -> None:
    path = _write(tmp_path, REFUSED["other_target_on_gift"])
    runner = CliRunner()
    validated = runner.invoke(cli, ["validate", "--strict", "--format", "json", str(path)])
    assert validated.exit_code == 1
    codes = [d["code"] for d in json.loads(validated.output)["diagnostics"]]
    assert codes == ["XMG100"]
    exported = runner.invoke(cli, ["export", "--engine", "xmage", "--format", "json", "--out", str(tmp_path / "out"),
                                   "--scenarios", str(tmp_path), str(path)])
    assert exported.exit_code == 1
    assert "XMG100" in exported.output
    assert not (tmp_path / "out" / "xmage").exists()


def test_a_refusal_of_one_engine_does_not_stop_the_other(tmp_path: Path) -> None:
    path = _write(tmp_path, REFUSED["other_target_on_gift"])
    runner = CliRunner()
    assert runner.invoke(cli, ["validate", "--engine", "forge", str(path)]).exit_code == 0
    exported = runner.invoke(cli, ["export", "--engine", "forge", "--out", str(tmp_path / "out"),
                                   "--scenarios", str(tmp_path), str(path)])
    assert exported.exit_code == 0, exported.output
    assert (tmp_path / "out" / "forge" / "cardsfolder" / "t" / "test_card.txt").is_file()


def test_for_engines_keeps_cardgen_s_own_codes() -> None:
    from cardgen.diagnostics import Diagnostic

    found = [Diagnostic("CG305", "x"), Diagnostic("FG101", "x"), Diagnostic("XMG100", "x")]
    assert [d.code for d in for_engines(found, ["forge"])] == ["CG305", "FG101"]
    assert [d.code for d in for_engines(found, None)] == ["CG305", "FG101", "XMG100"]


def test_a_model_that_fails_to_build_is_cg901_and_export_stops_without_a_traceback(tmp_path: Path) -> None:
    """A trigger whose text has a clause for `give_gift`, which XMage's lowering writes no line for: the
    export used to fail with a traceback; validate finds it first."""
    data = {"name": "Test Card", "mana_cost": "{2}{G}", "types": ["Creature"], "pt": "2/2", "gift": "card",
            "printings": [{"set": "CGT", "number": "1", "rarity": "common"}],
            "oracle": f"{GIFT_LINE}\nWhen this enters, if the gift was promised, the gift is given.",
            "abilities": [{"kind": "triggered", "event": "enters", "intervening_if": "promised",
                           "text": "When this enters, if the gift was promised, the gift is given.",
                           "effects": [{"effect": "give_gift"}]}]}
    path = _write(tmp_path, data)
    runner = CliRunner()
    validated = runner.invoke(cli, ["validate", "--format", "json", str(path)])
    failed = [d for d in json.loads(validated.output)["diagnostics"] if d["code"] == "CG901"]
    assert [d["message"].split(":")[0] for d in failed] == ["the xmage model of the card failed"]
    exported = runner.invoke(cli, ["export", "--engine", "xmage", "--out", str(tmp_path / "out"),
                                   "--scenarios", str(tmp_path), str(path)])
    assert exported.exit_code == 1
    assert isinstance(exported.exception, SystemExit), exported.exception  # a report, not a crash
