"""The attack trigger events of the combat cards (508.1m, 508.3a): "whenever you attack" (`you_attack`,
once for a declaration of one or more attackers) and "whenever this creature attacks while you control a
token" (`attacks_while`, a condition of the event checked only as it triggers): the phrasing forms, both
engines' forms and their readers. The cards are played by their scenarios (`scenarios/cgt/rallying_drummer.yaml`,
`scenarios/blb/seasoned_warrenguard.yaml`)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

NAME = "Test Warcaller"


def _card(line: str, ability: dict[str, Any]) -> Card:
    return Card.model_validate({
        "name": NAME, "mana_cost": "{1}{R}", "types": ["Creature"], "pt": "1/1", "oracle": line,
        "printings": [{"set": "CGT", "number": "98", "rarity": "common"}],
        "abilities": [{"kind": "triggered", "text": line, **ability}]})


DRAW = [{"effect": "draw"}]
LINES: list[tuple[str, Any, str, str]] = [
    ("Whenever you attack, draw a card.", "you_attack",
     "T:Mode$ AttackersDeclared | AttackingPlayer$ You | TriggerZones$ Battlefield |",
     "new AttacksWithCreaturesTriggeredAbility(new DrawCardSourceControllerEffect(1), 1)"),
    ("Whenever this creature attacks while you control a token, draw a card.", {"attacks_while": "control_token"},
     "T:Mode$ Attacks | ValidCard$ Card.Self | IsPresent$ Permanent.token+YouCtrl | NoResolvingCheck$ True | "
     "TriggerZones$ Battlefield |",
     "new AttacksTriggeredAbility(new DrawCardSourceControllerEffect(1)).withTriggerCondition("
     "new PermanentsOnTheBattlefieldCondition(StaticFilters.FILTER_PERMANENT_TOKEN, true))"
     ".setTriggerPhrase(\"Whenever {this} attacks while you control a token, \")"),
]


@pytest.mark.parametrize(("line", "event", "forge", "xmage"), LINES)
def test_the_line_reads_and_renders(line: str, event: Any, forge: str, xmage: str) -> None:
    ability = {"kind": "triggered", "event": event, "effects": DRAW}
    assert read_line(line, NAME, spell=False).ability == {**ability, "text": line}
    assert render_ability(ability, NAME) == line.replace("this creature", NAME)  # no type line: the name


@pytest.mark.parametrize(("line", "event", "forge", "xmage"), LINES)
def test_both_engines_write_their_own_form_and_read_it_back(line: str, event: Any, forge: str, xmage: str) -> None:
    script, source = rendered_and_read_back(_card(line, {"event": event, "effects": DRAW}), "test_warcaller.txt")
    assert forge in script
    assert xmage in " ".join(source.split()).replace("( ", "(").replace(" )", ")")


def test_an_attack_trigger_without_its_condition_stays_attacks() -> None:
    """Forge's plain attack trigger is the `attacks` event; the one with `NoResolvingCheck$` is not."""
    line = "Whenever this creature attacks, draw a card."
    script, _ = rendered_and_read_back(_card(line, {"event": "attacks", "effects": DRAW}), "test_warcaller.txt")
    assert "NoResolvingCheck" not in script


def test_a_token_put_onto_the_battlefield_tapped_and_attacking_reads_and_round_trips() -> None:
    line = "Whenever you attack, create a 1/1 white Rabbit creature token that's tapped and attacking."
    token = {"name": "Rabbit", "types": ["Creature"], "subtypes": ["Rabbit"], "pt": "1/1", "colors": ["W"]}
    effects = [{"effect": "create_token", "token": token, "tapped": True, "attacking": True}]
    assert read_line(line, NAME, spell=False).ability == {"kind": "triggered", "event": "you_attack",
                                                          "effects": effects, "text": line}
    script, source = rendered_and_read_back(_card(line, {"event": "you_attack", "effects": effects}),
                                            "test_warcaller.txt")
    assert "TokenTapped$ True | TokenAttacking$ True" in script
    assert "new CreateTokenEffect(new RabbitToken(), 1, true, true)" in " ".join(source.split())


@pytest.mark.parametrize(("line", "what", "forge", "xmage"), [
    ("Whenever you attack, attacking creatures you control get +1/+1 until end of turn.",
     {"all": {"types": ["creature"], "attacking": True, "controller": "you"}},
     "ValidCards$ Creature.YouCtrl+attacking", "AttackingPredicate.instance"),
    ("Whenever you attack, target attacking creature gets +1/+1 until end of turn.",
     {"target": {"types": ["creature"], "attacking": True}},
     "ValidTgts$ Creature.attacking", "StaticFilters.FILTER_ATTACKING_CREATURE"),
])
def test_the_attacking_filter_reads_and_round_trips(line: str, what: Any, forge: str, xmage: str) -> None:
    """"attacking" (506.4): a word before the type words, Forge's CardProperty `attacking`, XMage's
    AttackingPredicate (or its ready-made attacking-creature filter)."""
    effects = [{"effect": "pump", "what": what, "power": 1, "toughness": 1}]
    assert read_line(line, NAME, spell=False).ability["effects"] == effects
    script, source = rendered_and_read_back(_card(line, {"event": "you_attack", "effects": effects}),
                                            "test_warcaller.txt")
    assert forge in script
    assert xmage in source


def test_a_check_of_the_first_target_is_xmage_s_target_condition_and_reads_back() -> None:
    """"If that creature is a token, it also gains deathtouch": checked of the target as it resolves
    (608.2c); XMage says it with `TargetObjectMatchesFilterCondition` (no sequence effect), Forge with
    `ConditionDefined$ Targeted`."""
    line = ("Whenever you attack, target creature you control gets +1/+0 until end of turn. If that creature is a "
            "token, it also gains deathtouch until end of turn.")
    effects = [{"effect": "pump", "id": "pump_1", "what": {"target": {"types": ["creature"], "controller": "you"}},
                "power": 1},
               {"effect": "gain_keyword", "what": {"ref": "pump_1"}, "keywords": ["deathtouch"],
                "only_if": {"ref": "pump_1", "matches": {"token": True}}}]
    assert read_line(line, NAME, spell=False).ability["effects"] == effects
    script, source = rendered_and_read_back(_card(line, {"event": "you_attack", "effects": effects}),
                                            "test_warcaller.txt")
    assert "ConditionDefined$ Targeted | ConditionPresent$ Card.token" in script
    assert "new TargetObjectMatchesFilterCondition(filter)" in " ".join(source.split())
    assert "OneShotEffect {" not in source  # no sequence effect class of its own


def test_an_intervening_if_you_control_a_creature_with_power_4_or_greater_reads_and_round_trips() -> None:
    """"with power N or greater" (`min_power`) in the `you_control` condition, as a trigger's intervening "if"
    (603.4: the one reading of an "if" right after the trigger event): Forge's `IsPresent$` requirement
    (checked on triggering and on resolution), XMage's FerociousCondition."""
    line = "At the beginning of your end step, if you control a creature with power 4 or greater, draw a card."
    ability = {"kind": "triggered", "event": {"beginning_of": "end_step"},
               "intervening_if": {"you_control": {"types": ["creature"], "min_power": 4}}, "effects": DRAW}
    assert read_line(line, NAME, spell=False).ability == {**ability, "text": line}
    assert render_ability(ability, NAME) == line
    script, source = rendered_and_read_back(_card(line, {k: v for k, v in ability.items() if k != "kind"}),
                                            "test_warcaller.txt")
    assert "IsPresent$ Creature.YouCtrl+powerGE4 |" in script
    assert ".withInterveningIf(FerociousCondition.instance)" in " ".join(source.split())


def test_with_power_n_or_greater_is_a_filter_suffix_both_engines_spell() -> None:
    line = "Whenever you attack, target creature with power 3 or greater gets +1/+1 until end of turn."
    what = {"target": {"types": ["creature"], "min_power": 3}}
    effects = [{"effect": "pump", "what": what, "power": 1, "toughness": 1}]
    assert read_line(line, NAME, spell=False).ability["effects"] == effects
    script, source = rendered_and_read_back(_card(line, {"event": "you_attack", "effects": effects}),
                                            "test_warcaller.txt")
    assert "ValidTgts$ Creature.powerGE3" in script
    assert "new PowerPredicate(ComparisonType.OR_GREATER, 3)" in source
