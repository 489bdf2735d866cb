"""Looking at the top cards and taking one of a quality (`cardgen/vocab/effects/look_and_take.py`): its printed
forms, Forge's `Dig` and XMage's `LookLibraryAndPickControllerEffect`, both read back; the resolver's choice
is played by the scenarios of Thundertrap Trainer and Lupinflower Village."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

NONCREATURE = ("Look at the top four cards of your library. You may reveal a noncreature, nonland card from among "
               "them and put it into your hand. Put the rest on the bottom of your library in a random order.")
RABBIT = ("Look at the top six cards of your library. You may reveal a Bat, Bird, Mouse, or Rabbit card from among "
          "them and put it into your hand. Put the rest on the bottom of your library in a random order.")


def _card(line: str, effects: list[dict]) -> Card:
    return Card.model_validate({
        "name": "Test Charter", "mana_cost": "{U}", "types": ["Sorcery"], "oracle": line,
        "printings": [{"set": "CGT", "number": "98", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": line, "effects": effects}]})


@pytest.mark.parametrize(("line", "effect"), [
    (NONCREATURE, {"effect": "look_and_take", "amount": 4,
                   "filter": {"zone": "library", "not_types": ["creature", "land"]}}),
    (RABBIT, {"effect": "look_and_take", "amount": 6,
              "filter": {"zone": "library", "subtypes": ["Bat", "Bird", "Mouse", "Rabbit"]}}),
    (NONCREATURE.replace("a noncreature, nonland card", "an artifact card"),
     {"effect": "look_and_take", "amount": 4, "filter": {"zone": "library", "types": ["artifact"]}}),
])
def test_the_line_reads_and_renders(line: str, effect: dict) -> None:
    read = read_line(line, "Test Charter", spell=True).ability
    assert read is not None
    (got,) = read["effects"]
    assert {**got, "filter": {"zone": "library", **got["filter"]}} == effect
    assert render_ability({"kind": "spell", "effects": [effect]}, "Test Charter") == line


@pytest.mark.parametrize(("line", "effect", "forge", "xmage"), [
    (NONCREATURE, {"effect": "look_and_take", "amount": 4,
                   "filter": {"zone": "library", "not_types": ["creature", "land"]}},
     "A:SP$ Dig | DigNum$ 4 | ChangeNum$ 1 | Optional$ True | ForceRevealToController$ True | "
     "ChangeValid$ Card.nonCreature+nonLand | RestRandomOrder$ True",
     "new LookLibraryAndPickControllerEffect(4, 1, filter, PutCards.HAND, PutCards.BOTTOM_RANDOM)"),
    (RABBIT, {"effect": "look_and_take", "amount": 6,
              "filter": {"zone": "library", "subtypes": ["Bat", "Bird", "Mouse", "Rabbit"]}},
     "ChangeValid$ Bat,Bird,Mouse,Rabbit",
     "new LookLibraryAndPickControllerEffect(6, 1, filter, PutCards.HAND, PutCards.BOTTOM_RANDOM)"),
])
def test_both_engines_write_their_own_form_and_read_it_back(line: str, effect: dict, forge: str, xmage: str) -> None:
    script, source = rendered_and_read_back(_card(line, [effect]), "test_charter.txt")
    assert forge in script
    assert xmage.replace(" ", "") in "".join(source.split())
