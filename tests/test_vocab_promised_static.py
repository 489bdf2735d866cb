"""Statics that depend on the promise ("Creatures you control get +1/+0. If the gift was promised, they also
have menace."): the phrasing form, Forge's `IsPresent$ Card.Self+PromisedGift` on the static, XMage's
`ConditionalContinuousEffect` + `GiftWasPromisedCondition`, both readers, and the resolver applying the
effect only while the permanent was promised (`scenarios/cgt/emberpaw_banner.yaml` plays the card)."""

from __future__ import annotations

import pytest
from xmage_strategies import registrations_for

from cardgen.engines.forge.backend import ForgeBackend
from cardgen.engines.forge.reader import read_script
from cardgen.engines.xmage.backend import XMageBackend
from cardgen.engines.xmage.reader import read_class
from cardgen.phrasing import read_line
from cardgen.resolver.continuous import view
from cardgen.resolver.setup import put
from cardgen.resolver.testing import find, make_card, new_game
from cardgen.spec.model import Card
from cardgen.spec.normalize import meaning_diff

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
    card = _card()
    script = ForgeBackend().render_card(card)
    assert "AddKeyword$ Menace | IsPresent$ Card.Self+PromisedGift" in script
    forge_back = read_script(script, "test_banner.txt")
    assert forge_back.card is not None, forge_back.diagnostics
    assert meaning_diff(forge_back.card, card, ("forge", "spec")) == []
    source = XMageBackend().render_card(card)
    assert "new ConditionalContinuousEffect(" in source and "GiftWasPromisedCondition.TRUE" in source
    xmage_back = read_class(source, registrations_for(card))
    assert xmage_back.card is not None, xmage_back.diagnostics
    assert meaning_diff(xmage_back.card, card, ("xmage", "spec")) == []


@pytest.mark.parametrize("promised", [True, False])
def test_the_resolver_applies_it_only_while_promised(promised: bool) -> None:
    game = new_game()
    put(game.state, "alice", _card(), "battlefield")
    find(game, "Test Banner").promised = promised
    put(game.state, "alice", make_card("Bear", "Creature", pt="2/2"), "battlefield")
    bear = view(game.state, find(game, "Bear"))
    assert bear.power == 3
    assert ("menace" in bear.keywords) is promised
