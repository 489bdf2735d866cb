"""Statics that depend on the promise ("Creatures you control get +1/+0. If the gift was promised, they also
have menace."): the phrasing form, Forge's `IsPresent$ Card.Self+PromisedGift` on the static, XMage's
`ConditionalContinuousEffect` + `GiftWasPromisedCondition`, both readers, and the resolver applying the
effect only while the permanent was promised (`scenarios/cgt/emberpaw_banner.yaml` plays the card)."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.game.continuous import view
from cardgen.model.card import Card
from cardgen.phrasing import read_line
from cardgen.resolver.setup import put
from cardgen.resolver.testing import find, make_card, new_game

LINE = "Creatures you control get +1/+0. If the gift was promised, they also have menace."
YOURS = {"all": {"types": ["creature"], "controller": "you"}}
EFFECTS = [{"effect": "modify", "affected": YOURS, "power": 1},
           {"effect": "modify", "affected": YOURS, "add_keywords": ["menace"], "condition": "promised"}]


def _card() -> Card:
    return Card.model_validate({
        "name": "Test Banner", "mana_cost": "{1}{R}", "types": ["Enchantment"], "gift": "card",
        "oracle": "Gift a card (You may promise an opponent a gift as you cast this spell. If you do, when it "
                  "enters, they draw a card.)\n" + LINE,
        "printings": [{"set": "CGT", "number": "93", "rarity": "common"}],
        "abilities": [{"kind": "static", "text": LINE, "effects": EFFECTS}]})


def test_the_line_reads_as_a_promised_static() -> None:
    read = read_line(LINE, "Test Banner", spell=False)
    assert read.ability == {"kind": "static", "text": LINE, "effects": EFFECTS}


def test_both_engines_write_the_condition_and_read_it_back() -> None:
    script, source = rendered_and_read_back(_card(), "test_banner.txt")
    assert "AddKeyword$ Menace | IsPresent$ Card.Self+PromisedGift" in script
    assert "new ConditionalContinuousEffect(" in source and "GiftWasPromisedCondition.TRUE" in source


@pytest.mark.parametrize("promised", [True, False])
def test_the_resolver_applies_it_only_while_promised(promised: bool) -> None:
    game = new_game()
    put(game.state, "alice", _card(), "battlefield")
    find(game, "Test Banner").promised = promised
    put(game.state, "alice", make_card("Bear", "Creature", pt="2/2"), "battlefield")
    bear = view(game.state, find(game, "Bear"))
    assert bear.power == 3
    assert ("menace" in bear.keywords) is promised
