""""Whenever this creature attacks, add {R}. Until end of turn, you don't lose this mana as steps and phases
end." (106.4, 106.4a), the `add_mana` effect of one module (`cardgen/vocab/effects/add_mana.py`): the words
read, both engines write their own forms and read them back, and the kept mana stays in the pool as steps
end, until the turn does, while other mana empties (500.4)."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line
from cardgen.resolver import turns
from cardgen.resolver.testing import new_game

KEEP = "Whenever this creature attacks, add {R}. Until end of turn, you don't lose this mana as steps and phases end."


def _collector(line: str, keep: bool, mana: str = "{R}") -> Card:
    return Card.model_validate({
        "name": "Test Collector", "mana_cost": "{1}{R}", "types": ["Creature"], "pt": "2/1", "oracle": line,
        "printings": [{"set": "CGT", "number": "99", "rarity": "common"}],
        "abilities": [{"kind": "triggered", "text": line, "event": "attacks", "effects": [
            {"effect": "add_mana", "mana": mana, **({"until_end_of_turn": True} if keep else {})}]}]})


def test_the_words_read() -> None:
    assert read_line(KEEP, "Test Collector", spell=False).ability["effects"] == [
        {"effect": "add_mana", "mana": "{R}", "until_end_of_turn": True}]
    assert read_line("Whenever this creature attacks, add {G}.", "Test Collector", spell=False).ability["effects"] == [
        {"effect": "add_mana", "mana": "{G}"}]


@pytest.mark.parametrize(("keep", "forge", "xmage"), [
    (True, "DB$ Mana | Produced$ R | PersistentMana$ True", "new UntilEndOfTurnManaEffect(Mana.RedMana(1))"),
    (False, "DB$ Mana | Produced$ R", "new BasicManaEffect(Mana.RedMana(1))"),
])
def test_both_engines_write_their_own_forms_and_read_them_back(keep: bool, forge: str, xmage: str) -> None:
    line = KEEP if keep else "Whenever this creature attacks, add {R}."
    script, source = rendered_and_read_back(_collector(line, keep), "test_collector.txt")
    assert forge in script and xmage in source


def test_mana_of_several_symbols_round_trips() -> None:
    line = "Whenever this creature attacks, add {B}{R}."
    card = _collector(line, False, "{B}{R}")
    script, source = rendered_and_read_back(card, "test_collector.txt")
    assert "DB$ Mana | Produced$ B R" in script and "new BasicManaEffect(new Mana(0, 0, 1, 1, 0, 0, 0, 0))" in source


def test_kept_mana_stays_as_steps_end_until_the_turn_ends() -> None:
    game = new_game()
    alice = game.state.players["alice"]
    alice.mana_pool, alice.kept_mana = 2, 1  # one of the two kept until end of turn
    turns.advance_step(game.state)
    assert (alice.mana_pool, alice.kept_mana) == (1, 1)
    game.state.step = "cleanup"
    turns.advance_step(game.state)
    assert (alice.mana_pool, alice.kept_mana) == (0, 0)
