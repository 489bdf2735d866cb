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
