"""The trigger events of the "this or another" and "one or more" cards (603.2, 603.6a, 603.10a): "whenever
this creature or another Rabbit you control enters" (`this_or_another_enters`), "whenever one or more tokens
you control enter" (`one_or_more_enter`, once for one event), "whenever one or more creatures you control die"
(`one_or_more_die`) and "... leave the battlefield without dying" (`one_or_more_leave_without_dying`), "whenever
this creature or another creature you control with flying dies" (`this_or_another_dies`), the phrasing forms, both
engines' forms and their readers, and Forge's own spellings read back. The cards are played by their scenarios
(`scenarios/blb/plumecreed_mentor.yaml`, ...)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.engines.forge.reader import read_script
from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

NAME = "Test Flockwarden"


def _card(line: str, ability: dict[str, Any]) -> Card:
    return Card.model_validate({
        "name": NAME, "mana_cost": "{1}{W}", "types": ["Creature"], "subtypes": ["Rabbit"], "pt": "1/1",
        "oracle": line, "printings": [{"set": "CGT", "number": "98", "rarity": "common"}],
        "abilities": [{"kind": "triggered", "text": line, **ability}]})


DRAW = [{"effect": "draw"}]
LINES: list[tuple[str, Any, str, str]] = [
    ("Whenever this creature or another Rabbit you control enters, draw a card.",
     {"this_or_another_enters": {"subtypes": ["Rabbit"], "controller": "you"}},
     "T:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self,Rabbit.YouCtrl+Other | "
     "TriggerZones$ Battlefield |",
     "new EntersBattlefieldThisOrAnotherTriggeredAbility(new DrawCardSourceControllerEffect(1), filter, false, false)"),
    ("Whenever this creature or another creature you control with flying enters, draw a card.",
     {"this_or_another_enters": {"types": ["creature"], "controller": "you", "keywords": ["flying"]}},
     "ValidCard$ Card.Self,Creature.YouCtrl+withFlying+Other |",
     "new EntersBattlefieldThisOrAnotherTriggeredAbility(new DrawCardSourceControllerEffect(1), filter, false, false)"),
    ("Whenever this creature or another creature you control enters, draw a card.",
     {"this_or_another_enters": {"types": ["creature"], "controller": "you"}},
     "ValidCard$ Card.Self,Creature.YouCtrl+Other |",
     "new EntersBattlefieldThisOrAnotherTriggeredAbility(new DrawCardSourceControllerEffect(1), "
     "StaticFilters.FILTER_CONTROLLED_CREATURE, false, false)"),
    ("Whenever one or more tokens you control enter, draw a card.",
     {"one_or_more_enter": {"token": True, "controller": "you"}},
     "T:Mode$ ChangesZoneAll | ValidCards$ Permanent.YouCtrl+token | Destination$ Battlefield | "
     "TriggerZones$ Battlefield |",
     "new EntersBattlefieldOneOrMoreTriggeredAbility(new DrawCardSourceControllerEffect(1), filter, "
     "TargetController.YOU)"),
    ("Whenever one or more other Rabbits, Bats, Birds, and/or Mice you control enter, draw a card.",
     {"one_or_more_enter": {"subtypes": ["Rabbit", "Bat", "Bird", "Mouse"], "other": True, "controller": "you"}},
     "ValidCards$ Rabbit.YouCtrl+Other,Bat.YouCtrl+Other,Bird.YouCtrl+Other,Mouse.YouCtrl+Other |",
     "new EntersBattlefieldOneOrMoreTriggeredAbility(new DrawCardSourceControllerEffect(1), filter, "
     "TargetController.YOU)"),
    ("Whenever this creature or another creature you control with flying dies, draw a card.",
     {"this_or_another_dies": {"types": ["creature"], "controller": "you", "keywords": ["flying"]}},
     "T:Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | "
     "ValidCard$ Card.Self,Creature.YouCtrl+withFlying+Other |",
     "new DiesThisOrAnotherTriggeredAbility(new DrawCardSourceControllerEffect(1), false, filter)"),
    ("Whenever one or more noncreature, nonland permanents you control enter, draw a card.",
     {"one_or_more_enter": {"types": ["permanent"], "not_types": ["creature", "land"], "controller": "you"}},
     "ValidCards$ Permanent.nonCreature+nonLand+YouCtrl |",
     "new EntersBattlefieldOneOrMoreTriggeredAbility(new DrawCardSourceControllerEffect(1), filter, "
     "TargetController.YOU)"),
    ("Whenever one or more creatures you control die, draw a card.",
     {"one_or_more_die": {"types": ["creature"], "controller": "you"}},
     "T:Mode$ ChangesZoneAll | ValidCards$ Creature.YouCtrl | Origin$ Battlefield | Destination$ Graveyard | "
     "TriggerZones$ Battlefield |",
     "new DiesOneOrMoreTriggeredAbility(new DrawCardSourceControllerEffect(1), "
     "StaticFilters.FILTER_CONTROLLED_CREATURES, false)"),
    ("Whenever one or more other creatures you control leave the battlefield without dying, draw a card.",
     {"one_or_more_leave_without_dying": {"types": ["creature"], "other": True, "controller": "you"}},
     "T:Mode$ ChangesZoneAll | ValidCards$ Creature.YouCtrl+Other | Origin$ Battlefield | "
     "Destination$ Ante,Command,Exile,Hand,Library | TriggerZones$ Battlefield |",
     "new OneOrMoreLeaveWithoutDyingTriggeredAbility(new DrawCardSourceControllerEffect(1), "
     "StaticFilters.FILTER_OTHER_CONTROLLED_CREATURES)"),
]


@pytest.mark.parametrize(("line", "event", "forge", "xmage"), LINES)
def test_the_line_reads_and_renders(line: str, event: Any, forge: str, xmage: str) -> None:
    ability = {"kind": "triggered", "event": event, "effects": DRAW}
    assert read_line(line, NAME, spell=False).ability == {**ability, "text": line}
    assert render_ability(ability, NAME) == line.replace("this creature", NAME)  # no type line: the name


@pytest.mark.parametrize(("line", "event", "forge", "xmage"), LINES)
def test_both_engines_write_their_own_form_and_read_it_back(line: str, event: Any, forge: str, xmage: str) -> None:
    script, source = rendered_and_read_back(_card(line, {"event": event, "effects": DRAW}), "test_flockwarden.txt")
    assert forge in script
    assert xmage in " ".join(source.split()).replace("( ", "(").replace(" )", ")")


def test_forge_s_own_this_or_another_without_trigger_zones_reads_back() -> None:
    """Forge's own Harvestrite Host says "this or another Rabbit" without `TriggerZones$`."""
    script = ("Name:Test Flockwarden\nManaCost:1 W\nTypes:Creature Rabbit\nPT:1/1\n"
              "T:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self,Rabbit.Other+YouCtrl"
              " | Execute$ TrigDraw | TriggerDescription$ Whenever CARDNAME or another Rabbit you control enters, "
              "draw a card.\nSVar:TrigDraw:DB$ Draw\n"
              "Oracle:Whenever this creature or another Rabbit you control enters, draw a card.\n")
    card = read_script(script, "test_flockwarden.txt").card
    assert card is not None
    assert card.abilities[0].event.model_dump(exclude_defaults=True) == {
        "this_or_another_enters": {"subtypes": ["Rabbit"], "controller": "you"}}


def test_forge_s_own_one_or_more_tokens_reads_back_once_each_turn() -> None:
    """Forge's own Caretaker's Talent: `ValidCards$ Permanent.token+YouCtrl` with `ActivationLimit$ 1`."""
    line = "Whenever one or more tokens you control enter, draw a card. This ability triggers only once each turn."
    script = ("Name:Test Flockwarden\nManaCost:1 W\nTypes:Creature Rabbit\nPT:1/1\n"
              "T:Mode$ ChangesZoneAll | ValidCards$ Permanent.token+YouCtrl | Destination$ Battlefield | "
              "TriggerZones$ Battlefield | ActivationLimit$ 1 | Execute$ TrigDraw | TriggerDescription$ " + line +
              "\nSVar:TrigDraw:DB$ Draw\nOracle:" + line + "\n")
    card = read_script(script, "test_flockwarden.txt").card
    assert card is not None
    ability = card.abilities[0]
    assert ability.once_each_turn
    assert ability.event.model_dump(exclude_defaults=True) == {"one_or_more_enter": {"token": True,
                                                                                     "controller": "you"}}
