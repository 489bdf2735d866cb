""""You may discard your hand. If you do, draw two cards." (701.9a, 608.2c), `may_discard` with `what: hand`
(`cardgen/vocab/effects/may_discard.py`): the words read, both engines write their own forms and read them
back, and the whole hand is discarded at once before the gated effect."""

from __future__ import annotations

from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line

LINE = "Whenever you expend 4, you may discard your hand. If you do, draw two cards."


def test_the_words_read() -> None:
    assert read_line(LINE, "Test Barterer", spell=False).ability["effects"] == [
        {"effect": "may_discard", "effects": [{"effect": "draw", "amount": 2}], "what": "hand"}]


def test_both_engines_write_their_own_forms_and_read_them_back() -> None:
    card = Card.model_validate({
        "name": "Test Barterer", "mana_cost": "{2}{R}", "types": ["Creature"], "pt": "3/3", "oracle": LINE,
        "printings": [{"set": "CGT", "number": "94", "rarity": "common"}],
        "abilities": [{"kind": "triggered", "text": LINE, "event": {"expend": 4}, "effects": [
            {"effect": "may_discard", "what": "hand", "effects": [{"effect": "draw", "amount": 2}]}]}]})
    script, source = rendered_and_read_back(card, "test_barterer.txt")
    assert "DB$ Draw | NumCards$ 2 | UnlessCost$ Discard<1/Hand> | UnlessPayer$ You | UnlessSwitched$ True" in script
    assert "new DoIfCostPaid(new DrawCardSourceControllerEffect(2), new DiscardHandCost())" in source
