""""Tap two untapped tokens you control" (602.2h), a cost of the `activated` ability
(`cardgen/vocab/abilities/activated.py`, `tap_untapped`): the words read, both engines write their own forms
and read them back, and the resolver taps the permanents the activator chooses, never a tapped one."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.game.errors import GameError
from cardgen.model.card import Card
from cardgen.phrasing import read_line
from cardgen.resolver.testing import make_card, new_game, put

LINE = "Tap two untapped tokens you control: Draw a card."
COST = {"tap_untapped": {"count": 2, "filter": {"token": True}}}


def _haymaker() -> Card:
    return Card.model_validate({
        "name": "Test Haymaker", "mana_cost": "{2}", "types": ["Creature"], "pt": "2/2", "oracle": LINE,
        "printings": [{"set": "CGT", "number": "95", "rarity": "common"}],
        "abilities": [{"kind": "activated", "text": LINE, "cost": COST, "effects": [{"effect": "draw"}]}]})


def test_the_cost_reads() -> None:
    assert read_line(LINE, "Test Haymaker", spell=False).ability["cost"] == COST


def test_both_engines_write_their_own_forms_and_read_them_back() -> None:
    script, source = rendered_and_read_back(_haymaker(), "test_haymaker.txt")
    assert "Cost$ tapXType<2/Permanent.token/token>" in script
    assert "new TapTargetCost(new TargetControlledPermanent(2, filter))" in source
    assert "filter.add(TappedPredicate.UNTAPPED);" in source


def test_only_untapped_tokens_pay_it() -> None:
    game = new_game()
    haymaker = put(game.state, "alice", _haymaker(), "battlefield")
    token_card = make_card("Test Token", "Creature", pt="1/1")
    first = put(game.state, "alice", token_card, "battlefield")
    second = put(game.state, "alice", token_card, "battlefield")
    first.is_token = second.is_token = True
    second.tapped = True
    with pytest.raises(GameError):
        game.activate("alice", haymaker.oid)
    second.tapped = False
    game.activate("alice", haymaker.oid)
    assert first.tapped and second.tapped and not haymaker.tapped
