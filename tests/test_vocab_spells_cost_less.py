""""<Spells> you cast cost {N} less to cast." (601.2f), an ability kind of one module
(`cardgen/vocab/abilities/spells_cost_less.py`): its lines read and render, both engines write their own form
and read it back, and the total cost of a spell counts the reductions of its caster's permanents. Stormcatch
Mentor's scenarios play it from the spec and from both engines' files."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line
from cardgen.resolver.casting import total_mana
from cardgen.resolver.testing import make_card, new_game, put

NONCREATURE = "Noncreature spells you cast cost {1} less to cast."
INSTANTS = "Instant and sorcery spells you cast cost {2} less to cast."


def _mentor(line: str, spells: dict) -> Card:
    amount = {"amount": 2} if "{2}" in line else {}
    return Card.model_validate({
        "name": "Test Mentor", "mana_cost": "{U}", "types": ["Creature"], "pt": "1/1", "oracle": line,
        "printings": [{"set": "CGT", "number": "95", "rarity": "common"}],
        "abilities": [{"kind": "spells_cost_less", "text": line, "spells": spells, **amount}]})


@pytest.mark.parametrize(("line", "spells", "amount"), [
    (NONCREATURE, {"zone": "stack", "not_types": ["creature"]}, None),
    (INSTANTS, {"zone": "stack", "types": ["instant", "sorcery"]}, 2),
])
def test_the_line_reads(line: str, spells: dict, amount: int | None) -> None:
    ability = {"kind": "spells_cost_less", "text": line, "spells": spells, **({"amount": amount} if amount else {})}
    assert read_line(line, "Test Mentor", spell=False).ability == ability


@pytest.mark.parametrize(("line", "spells", "valid", "message"), [
    (NONCREATURE, {"zone": "stack", "not_types": ["creature"]}, "Card.nonCreature", "noncreature spells"),
    (INSTANTS, {"zone": "stack", "types": ["instant", "sorcery"]}, "Instant,Sorcery", "instant and sorcery spells"),
])
def test_both_engines_write_their_own_form_and_read_it_back(line: str, spells: dict, valid: str,
                                                            message: str) -> None:
    script, source = rendered_and_read_back(_mentor(line, spells), "test_mentor.txt")
    assert f"S:Mode$ ReduceCost | ValidCard$ {valid} | Type$ Spell | Activator$ You | Amount$" in script
    assert f'new FilterCard("{message}")' in source
    assert "new SimpleStaticAbility(new SpellsCostReductionControllerEffect(filter, " in source


def test_the_reductions_of_several_permanents_add_up_but_never_take_colored_mana() -> None:
    game = new_game()
    mentor = _mentor(INSTANTS, {"zone": "stack", "types": ["instant", "sorcery"]})
    put(game.state, "alice", mentor, "battlefield")
    put(game.state, "alice", mentor, "battlefield")
    put(game.state, "bob", mentor, "battlefield")  # an opponent's reduces only bob's spells
    bolt = put(game.state, "alice", make_card("Big Bolt", "Instant", mana_cost="{4}{R}"), "hand")
    bear = put(game.state, "alice", make_card("Bear", "Creature", mana_cost="{1}{G}", pt="2/2"), "hand")
    assert total_mana(game.state, "alice", bolt) == 1
    assert total_mana(game.state, "alice", bear) == 2
