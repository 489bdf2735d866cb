"""How `cardgen new` reads two line layouts of printed cards.

A line of several keywords ("Vigilance, reach, trample"): each keyword is a keyword ability of its own,
as Forge (one `K:` line each) and XMage (one ability each) have them, and the printed line is theirs
joined by ", ", the first capitalised, as Oracle prints them and XMage's VerifyCardDataTest splits them.
`cardgen new` drafts such a line into its keyword abilities; the text check accepts keywords that follow
each other on one line or on lines of their own.

A derived line ("Menace", "Equip {1}") may carry reminder text, which has no rules meaning (207.2): the
draft keeps it in the oracle and the text check reads the line without it.

A basic land's oracle text is only the reminder of the mana ability its land type gives it (305.6): the
draft has no ability and an empty oracle, as the project's basic lands."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from cardgen.model.card import Card
from cardgen.model.derive import oracle_variants
from cardgen.scaffold import plan_new

MOOSE = {"object": "card", "name": "Galewind Moose", "lang": "en", "released_at": "2024-08-02", "layout": "normal",
         "mana_cost": "{4}{G}{G}", "cmc": 6.0, "type_line": "Creature \u2014 Elemental Elk",
         "oracle_text": "Flash\nVigilance, reach, trample", "power": "6", "toughness": "6", "colors": ["G"],
         "color_identity": ["G"], "keywords": ["Flash", "Vigilance", "Reach", "Trample"], "set": "blb",
         "set_name": "Bloomburrow", "set_type": "expansion", "collector_number": "173", "digital": False,
         "rarity": "uncommon", "promo": False, "border_color": "black", "full_art": False}


def _card(oracle: str, keywords: list[str], **more) -> Card:
    return Card.model_validate({"name": "Test Elk", "mana_cost": "{G}", "types": ["Creature"], "pt": "1/1",
                                "printings": [{"set": "CGT", "number": "1", "rarity": "common"}], "oracle": oracle,
                                "abilities": [{"kind": "keyword", "keyword": k} for k in keywords], **more})


def test_keywords_that_follow_each_other_may_share_a_line() -> None:
    variants = oracle_variants(_card("", ["flash", "vigilance", "reach"]))
    assert variants[0] == "Flash\nVigilance\nReach"  # the canonical form: a line each
    assert {"Flash, vigilance, reach", "Flash\nVigilance, reach", "Flash, vigilance\nReach"} <= set(variants)
    assert "Flash\nReach, vigilance" not in variants  # the order is the abilities'
    assert len(variants) == 4


def test_a_keyword_line_is_not_joined_across_another_ability() -> None:
    card = Card.model_validate({
        "name": "Test Elk", "mana_cost": "{G}", "types": ["Creature"], "pt": "1/1",
        "printings": [{"set": "CGT", "number": "1", "rarity": "common"}], "oracle": "",
        "abilities": [{"kind": "keyword", "keyword": "flying"},
                      {"kind": "triggered", "text": "When this creature enters, draw a card.", "event": "enters",
                       "effects": [{"effect": "draw"}]},
                      {"kind": "keyword", "keyword": "vigilance"}]})
    assert oracle_variants(card) == ("Flying\nWhen this creature enters, draw a card.\nVigilance",)


def test_the_drafter_reads_a_line_of_keywords_into_keyword_abilities(tmp_path: Path) -> None:
    data = tmp_path / "cards.json"
    data.write_text(json.dumps([MOOSE]), encoding="utf-8")
    plan = plan_new("Galewind Moose", data, "BLB", tmp_path / "card_specs", dry_run=True)
    assert plan.scaffold.todo == []
    spec = yaml.safe_load(plan.spec_text)
    assert spec["abilities"] == [{"kind": "keyword", "keyword": k} for k in ("flash", "vigilance", "reach", "trample")]
    assert Card.model_validate(spec).oracle in oracle_variants(Card.model_validate(spec))


def test_a_line_that_is_not_all_keywords_is_left_to_the_forms(tmp_path: Path) -> None:
    data = tmp_path / "cards.json"
    data.write_text(json.dumps([{**MOOSE, "oracle_text": "Flash\nVigilance, reach, ward {2}\nTrample"}]),
                    encoding="utf-8")
    plan = plan_new("Galewind Moose", data, "BLB", tmp_path / "card_specs", dry_run=True)
    assert [line.text for line in plan.scaffold.todo] == ["Vigilance, reach, ward {2}"]
    assert plan.scaffold.todo[0].index == 1  # its TODO comment goes after the flash ability, before trample
    assert "#   - kind: keyword" not in plan.spec_text.split("TODO")[0]


FOREST = {**MOOSE, "name": "Forest", "mana_cost": "", "cmc": 0.0, "type_line": "Basic Land \u2014 Forest",
          "oracle_text": "({T}: Add {G}.)", "colors": [], "keywords": [], "collector_number": "278"}
del FOREST["power"], FOREST["toughness"]


def test_a_basic_land_has_its_mana_ability_from_its_type(tmp_path: Path) -> None:
    data = tmp_path / "cards.json"
    data.write_text(json.dumps([FOREST]), encoding="utf-8")
    plan = plan_new("Forest", data, "BLB", tmp_path / "card_specs", dry_run=True)
    spec = yaml.safe_load(plan.spec_text)
    assert plan.scaffold.todo == [] and spec["oracle"] == "" and spec.get("abilities", []) == []
    assert any("305.6" in note for note in plan.notes)


def test_another_reminder_of_a_land_is_still_a_line_to_write(tmp_path: Path) -> None:
    data = tmp_path / "cards.json"
    data.write_text(json.dumps([{**FOREST, "oracle_text": "({T}: Add {U}.)"}]), encoding="utf-8")
    plan = plan_new("Forest", data, "BLB", tmp_path / "card_specs", dry_run=True)
    assert [line.text for line in plan.scaffold.todo] == ["({T}: Add {U}.)"]


def _validate(tmp_path: Path, spec: dict) -> list[str]:
    from cardgen.commands.common import load_checked

    root = tmp_path / "card_specs" / "cgt"
    root.mkdir(parents=True)
    (root / "set.yaml").write_text((Path(__file__).resolve().parents[1] / "card_specs" / "cgt" / "set.yaml")
                                   .read_text(encoding="utf-8"), encoding="utf-8")
    (root / "test_elk.yaml").write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    _, found = load_checked([tmp_path / "card_specs"])
    return [d.code for d in found if d.severity in ("error", "warning")]


def test_a_derived_line_may_carry_reminder_text(tmp_path: Path) -> None:
    spec = {"name": "Test Elk", "mana_cost": "{G}", "types": ["Creature"], "pt": "1/1",
            "printings": [{"set": "CGT", "number": "91", "rarity": "common"}],
            "oracle": "Menace (This creature can't be blocked except by two or more creatures.)\nVigilance, reach",
            "abilities": [{"kind": "keyword", "keyword": k} for k in ("menace", "vigilance", "reach")]}
    assert _validate(tmp_path, spec) == []


def test_the_words_of_a_line_still_count_beside_its_reminder(tmp_path: Path) -> None:
    spec = {"name": "Test Elk", "mana_cost": "{G}", "types": ["Creature"], "pt": "1/1",
            "printings": [{"set": "CGT", "number": "91", "rarity": "common"}],
            "oracle": "Trample (This creature can't be blocked except by two or more creatures.)",
            "abilities": [{"kind": "keyword", "keyword": "menace"}]}
    assert _validate(tmp_path, spec) == ["CG301"]


def test_the_drafter_keeps_a_keyword_line_with_its_reminder(tmp_path: Path) -> None:
    data = tmp_path / "cards.json"
    line = "Menace (This creature can't be blocked except by two or more creatures.)"
    data.write_text(json.dumps([{**MOOSE, "oracle_text": line}]), encoding="utf-8")
    plan = plan_new("Galewind Moose", data, "BLB", tmp_path / "card_specs", dry_run=True)
    spec = yaml.safe_load(plan.spec_text)
    assert plan.scaffold.todo == [] and spec["oracle"] == line
    assert spec["abilities"] == [{"kind": "keyword", "keyword": "menace"}]
