"""A Class's levels (716): the `class_level` ability kind (the reminder line and "[cost]: Level N"), the
`gain_level` effect its level ability does, the `class_level` trigger event ("When this Class becomes level
N"); their forms, both engines' forms and readers (Forge's `K:Class` with the level's abilities in SVars,
XMage's `ClassLevelAbility` and `GainClassAbilitySourceEffect`), the canonical card keeping each ability in
its level, and the resolver's levels. The cards are played by `scenarios/cgt/wickwardens_talent.yaml` and
`scenarios/blb/stormchasers_talent.yaml`."""

from __future__ import annotations

from typing import Any

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.canonical import meaning_diff
from cardgen.engines.forge.reader import read_script
from cardgen.model.card import Card
from cardgen.model.derive import class_levels
from cardgen.phrasing import read_line, render_ability

NAME = "Test Talent"
ORACLE = [
    "(Gain the next level as a sorcery to add its ability.)",
    "When this Class enters, you gain 2 life.",
    "{1}{W}: Level 2",
    "Creature tokens you control get +1/+1.",
    "{2}{W}: Level 3",
    "When this Class becomes level 3, draw a card.",
]
ABILITIES: list[dict[str, Any]] = [
    {"kind": "class_level", "level": 1},
    {"kind": "triggered", "text": ORACLE[1], "event": "enters", "effects": [{"effect": "gain_life", "amount": 2}]},
    {"kind": "class_level", "level": 2, "cost": "{1}{W}"},
    {"kind": "static", "text": ORACLE[3], "effects": [
        {"effect": "modify", "affected": {"all": {"token": True, "types": ["creature"], "controller": "you"}},
         "power": 1, "toughness": 1}]},
    {"kind": "class_level", "level": 3, "cost": "{2}{W}"},
    {"kind": "triggered", "text": ORACLE[5], "event": {"class_level": 3}, "effects": [{"effect": "draw"}]},
]


def _card(abilities: list[dict[str, Any]] = ABILITIES, oracle: list[str] = ORACLE) -> Card:
    return Card.model_validate({
        "name": NAME, "mana_cost": "{1}{W}", "types": ["Enchantment"], "subtypes": ["Class"],
        "oracle": "\n".join(oracle), "printings": [{"set": "CGT", "number": "98", "rarity": "common"}],
        "abilities": abilities})


@pytest.mark.parametrize(("line", "ability"), [
    (ORACLE[0], {"kind": "class_level", "level": 1}),
    (ORACLE[2], {"kind": "class_level", "level": 2, "cost": "{1}{W}"}),
    (ORACLE[5], ABILITIES[5]),
])
def test_the_lines_read_and_render(line: str, ability: dict[str, Any]) -> None:
    read = read_line(line, NAME, spell=False).ability
    assert read == ability
    if "text" in ability:  # written back with the card's name for "this Class", as every self-reference
        assert render_ability(ability, NAME) == line.replace("this Class", NAME)


def test_the_abilities_after_a_level_line_are_of_that_level() -> None:
    assert class_levels(_card().abilities) == [1, 1, 2, 2, 3, 3]
    card = _card()
    assert sorted(card.ability_levels().values()) == [2, 3]  # the level lines themselves are the Class's from 1


def test_both_engines_write_their_own_form_and_read_it_back() -> None:
    script, source = rendered_and_read_back(_card(), "test_talent.txt")
    assert "K:Class:2:1 W:AddStaticAbility$ Level2Static" in script
    assert "K:Class:3:2 W:AddTrigger$ Level3Trigger" in script
    assert "SVar:Level3Trigger:Mode$ ClassLevelGained | ClassLevel$ 3 | ValidCard$ Card.Self |" in script
    assert "this.addAbility(new ClassReminderAbility());" in source
    assert 'this.addAbility(new ClassLevelAbility(2, "{1}{W}"));' in source
    assert "new SimpleStaticAbility(new GainClassAbilitySourceEffect(" in source
    # the level's own trigger is added as it is: XMage fires the level's event as the level is set
    assert "this.addAbility(new BecomesClassLevelTriggeredAbility(new DrawCardSourceControllerEffect(1), 3));" \
        in source


def test_an_ability_moved_to_another_level_means_something_else() -> None:
    moved = [ABILITIES[0], ABILITIES[1], ABILITIES[2], ABILITIES[4], ABILITIES[3], ABILITIES[5]]
    oracle = [ORACLE[0], ORACLE[1], ORACLE[2], ORACLE[4], ORACLE[3], ORACLE[5]]
    assert meaning_diff(_card(), _card(moved, oracle)) != []


def test_forges_own_form_with_two_triggers_of_a_level_reads() -> None:
    script = "\n".join([
        "Name:Test Talent", "ManaCost:1 W", "Types:Enchantment Class",
        "T:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigGain | "
        "TriggerDescription$ When this Class enters, you gain 2 life.",
        "SVar:TrigGain:DB$ GainLife | LifeAmount$ 2",
        "K:Class:2:1 W:AddStaticAbility$ SBuff",
        "SVar:SBuff:Mode$ Continuous | Affected$ Creature.token+YouCtrl | AddPower$ 1 | AddToughness$ 1 | "
        "Description$ Creature tokens you control get +1/+1.",
        "K:Class:3:2 W:AddTrigger$ TriggerClassLevel",
        "SVar:TriggerClassLevel:Mode$ ClassLevelGained | ClassLevel$ 3 | ValidCard$ Card.Self | TriggerZones$ "
        "Battlefield | Execute$ TrigDraw | Secondary$ True | TriggerDescription$ When this Class becomes level 3, "
        "draw a card.",
        "SVar:TrigDraw:DB$ Draw",
        "Oracle:" + "\\n".join(ORACLE),
    ])
    read = read_script(script, "test_talent.txt")
    assert read.card is not None, read.diagnostics
    assert meaning_diff(read.card, _card(), ("forge", "spec")) == []
