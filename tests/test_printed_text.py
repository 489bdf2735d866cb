"""Both templatings of a card's self-reference are read, and what each engine will print is checked.

- Current Oracle text names a permanent "this creature", "this Aura", "this Equipment" (a legendary one by
  its short name) where older text used its name; the drafter and the text check read both, and the
  reminder texts of both ages ("Sacrifice this token" / "Sacrifice this artifact").
- `validate` compares the text XMage will print (the rules-text model) with the oracle the way XMage's
  VerifyCardDataTest does (`CG307`), and the descriptions of the Forge script with it (`CG308`).
- `cardgen new` on current data for "When this creature enters, ..." writes no second trigger phrase into
  the effect's text (the XMage class printed "When {this} enters, when this creature enters, ...").
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
import yaml
from shipped import shipped_catalog

from cardgen.engines.forge import build as forge_build
from cardgen.engines.forge.build import build_script
from cardgen.engines.xmage import verify
from cardgen.engines.xmage.lower import CardLowering
from cardgen.engines.xmage.render import card_class_name, render_card
from cardgen.model.card import Card
from cardgen.model.gift import gift_lines
from cardgen.naming import short_name
from cardgen.scaffold import plan_new
from cardgen.text.oracle import self_names, self_reference, with_self_reference
from cardgen.validate import card_local_diagnostics

ROOT = Path(__file__).resolve().parents[1]
CARDS = {loaded.card.name: loaded for loaded in shipped_catalog().cards}


@pytest.mark.parametrize("name,expected", [
    ("Kitnap", "this Aura"), ("Scrapshooter", "this creature"), ("Starforged Sword", "this Equipment"),
    ("Burrowed Cache", "this artifact"), ("Glorious Anthem", "this enchantment"), ("Forest", "this land"),
    ("Isamaru, Hound of Konda", "Isamaru"), ("Shock", "Shock"), ("Perch Protection", "Perch Protection"),
])
def test_self_reference_is_what_verify_card_data_test_writes_for_this(name: str, expected: str) -> None:
    assert self_reference(CARDS[name].card) == expected


def test_short_names_and_self_names() -> None:
    assert short_name("Isamaru, Hound of Konda") == "Isamaru"
    assert short_name("Ygra, Eater of All") == "Ygra"
    assert short_name("Shock") is None
    assert set(self_names(CARDS["Kitnap"].card)) >= {"Kitnap", "this Aura", "this enchantment", "this permanent"}


def test_both_templatings_become_this_but_quoted_text_stays() -> None:
    sword = CARDS["Starforged Sword"].card
    assert with_self_reference("attach this Equipment to it", sword) == "attach {this} to it"
    assert with_self_reference("attach Starforged Sword to it", sword) == "attach {this} to it"
    cache = CARDS["Burrowed Cache"].card
    quoted = 'It\'s an artifact with "{T}, Sacrifice this artifact: Add one mana of any color."'
    assert with_self_reference(quoted, cache) == quoted


def test_old_and_current_reminder_texts_are_both_gift_lines() -> None:
    treasure = gift_lines("treasure", False)
    assert any('"{T}, Sacrifice this token: Add one mana of any color."' in line for line in treasure)
    assert any('"{T}, Sacrifice this artifact: Add one mana of any color."' in line for line in treasure)
    assert "Sacrifice this token" in treasure[0]  # current wording first
    turn = gift_lines("extra_turn", False)
    assert turn[0].endswith("they take an extra turn after this one.)")  # Oracle (Gatherer) today
    assert any(line.endswith("after this one before its other effects.)") for line in turn)


def test_an_old_wording_spec_is_read_by_the_text_check_and_refused_for_what_xmage_prints() -> None:
    """The text and meaning checks accept "When Kitnap enters"; XMage prints "When this Aura enters",
    which VerifyCardDataTest does not equal: CG307 names both texts and the first differing word."""
    loaded = CARDS["Kitnap"]
    data = yaml.safe_load(loaded.path.read_text(encoding="utf-8"))
    data["oracle"] = data["oracle"].replace("When this Aura enters", "When Kitnap enters")
    data["abilities"][1]["text"] = data["abilities"][1]["text"].replace("When this Aura enters", "When Kitnap enters")
    old = dataclasses.replace(loaded, card=Card.model_validate(data))
    found = card_local_diagnostics(old)
    assert [d.code for d in found] == ["CG307"]
    message = found[0].message
    assert "XMage will print \"When this Aura enters, tap enchanted creature. If the gift" in message
    assert "the oracle says \"When Kitnap enters, tap enchanted creature. If the gift" in message
    assert "first differing word: 'this'" in message


def test_a_forge_description_that_does_not_say_the_oracle_is_cg308(monkeypatch: pytest.MonkeyPatch) -> None:
    loaded = CARDS["Scrapshooter"]
    script = build_script(loaded.card)
    [trigger] = script.triggers
    wrong = dataclasses.replace(script, triggers=[dataclasses.replace(
        trigger, description=trigger.description.replace("enters, if", "enters, when this creature enters, if"))])
    monkeypatch.setattr(forge_build, "build_script", lambda card: wrong)  # the model validate asks
    [found] = card_local_diagnostics(loaded)
    assert found.code == "CG308"
    assert "first differing word: 'when'" in found.message


def test_every_shipped_card_passes_the_printed_text_check() -> None:
    assert [(name, d.code) for name, loaded in CARDS.items() for d in card_local_diagnostics(loaded)
            if d.code in ("CG307", "CG308")] == []


def test_verify_comparison_follows_verify_card_data_test() -> None:
    kitnap = CARDS["Kitnap"].card
    assert verify.prepare_rule("When {this} enters, tap it. (Reminder.)", kitnap) == "When this Aura enters, tap it."
    assert verify.prepare_rule("{this} deals 2 damage — to it", CARDS["Shock"].card) == "Shock deals 2 damage - to it"
    assert verify.oracle_rules("Flying, vigilance\nReach", kitnap) == ["Flying", "Vigilance", "Reach"]
    isamaru = CARDS["Isamaru, Hound of Konda"].card
    assert verify.same_rule("Isamaru attacks.", "Isamaru, Hound of Konda attacks.", isamaru.name)
    assert verify.first_differing_word("When this Aura enters", "When Kitnap enters") == "this"


def test_drafting_current_text_writes_no_second_trigger_phrase(tmp_path: Path) -> None:
    """The issue's case: "When this creature enters, target creature you control gains hexproof until end
    of turn." drafted from Scryfall-format data, then written as an XMage class."""
    data = tmp_path / "cards.json"
    data.write_text(json.dumps([{
        "object": "card", "name": "Hedge Warden", "lang": "en", "released_at": "2024-01-01", "layout": "normal",
        "mana_cost": "{1}{G}", "type_line": "Creature \u2014 Squirrel", "power": "2", "toughness": "2",
        "oracle_text": "When this creature enters, target creature you control gains hexproof until end of turn.",
        "set": "tst", "set_name": "Test", "set_type": "expansion", "collector_number": "1", "rarity": "common",
    }]), encoding="utf-8")
    plan = plan_new("Hedge Warden", data, "TST", tmp_path / "card_specs", dry_run=True)
    card = Card.model_validate(yaml.safe_load(plan.spec_text))
    assert card.abilities[0].text.startswith("When this creature enters")
    lowering = CardLowering(card, card_class_name(card))
    lowering.lower()
    assert verify.compare([block.rules for block in lowering.blocks], card) == []
    java = render_card(card).lower()
    assert "// when this creature enters, target creature you control gains hexproof" in java  # the comment
    assert '"when this creature enters' not in java and '"when {this} enters' not in java  # no effect text
