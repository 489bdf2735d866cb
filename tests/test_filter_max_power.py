"""`max_power` in filters ("a creature card with power 3 or less", 208.1): the printed words, Forge's
`powerLE3` (CardProperty), XMage's `PowerPredicate(ComparisonType.FEWER_THAN, 4)` as XMage's own Star Charter
says it, both read back; the resolver reads a card's printed power outside the battlefield (Star Charter's
scenarios)."""

from __future__ import annotations

from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line

LINE = ("Look at the top four cards of your library. You may reveal a creature card with power 3 or less from among "
        "them and put it into your hand. Put the rest on the bottom of your library in a random order.")
EFFECT = {"effect": "look_and_take", "amount": 4, "filter": {"zone": "library", "types": ["creature"], "max_power": 3}}


def test_the_words_read_as_max_power() -> None:
    read = read_line(LINE, "Test Charter", spell=True).ability
    assert read is not None
    assert read["effects"] == [EFFECT]


def test_both_engines_write_their_own_form_and_read_it_back() -> None:
    card = Card.model_validate({
        "name": "Test Charter", "mana_cost": "{W}", "types": ["Sorcery"], "oracle": LINE,
        "printings": [{"set": "CGT", "number": "94", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": LINE, "effects": [EFFECT]}]})
    script, source = rendered_and_read_back(card, "test_charter.txt")
    assert "ChangeValid$ Creature.powerLE3" in script
    assert "new PowerPredicate(ComparisonType.OR_LESS, 3)" in source  # as XMage's own Driftgloom Coyote says it
