"""A counted amount, "the number of cards in your hand", added as one construct module
(`cardgen/vocab/amounts/cards_in_hand.py`): its forms ("cards equal to the number of cards in your hand",
" for each card in your hand"), Forge's `Count$InYourHand` count SVar, XMage's `CardsInControllerHandCount`
and both readers; the resolver's count (taken as the spell resolves, 608.2h) is played by
`scenarios/cgt/hoarders_reckoning.yaml`, from the spec and from both engines' files."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back
from xmage_strategies import registrations_for

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

HAND = {"count": "cards_in_hand"}
DRAW = ("Draw cards equal to the number of cards in your hand.", [{"effect": "draw", "amount": HAND}])
FOOD = ("Create a Food token for each card in your hand.",
        [{"effect": "create_token", "token": "food", "amount": HAND}])


def _card(line: str, effects: list[dict]) -> Card:
    return Card.model_validate({
        "name": "Test Hoard", "mana_cost": "{U}", "types": ["Sorcery"], "oracle": line,
        "printings": [{"set": "CGT", "number": "97", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": line, "effects": effects}]})


@pytest.mark.parametrize(("line", "effects"), [DRAW, FOOD])
def test_the_line_reads_and_renders(line: str, effects: list[dict]) -> None:
    assert read_line(line, "Test Hoard", spell=True).ability == {"kind": "spell", "text": line, "effects": effects}
    assert render_ability({"kind": "spell", "effects": effects}, "Test Hoard") == line


@pytest.mark.parametrize(("line", "effects", "forge", "xmage"), [
    (*DRAW, "A:SP$ Draw | NumCards$ X |", "DrawCardSourceControllerEffect"),
    (*FOOD, "A:SP$ Token | TokenAmount$ X | TokenScript$ c_a_food_sac", "CreateTokenEffect"),
])
def test_both_engines_write_their_own_form_and_read_it_back(line: str, effects: list[dict], forge: str,
                                                            xmage: str) -> None:
    script, source = rendered_and_read_back(_card(line, effects), "test_hoard.txt")
    assert forge in script
    assert "SVar:X:Count$InYourHand" in script
    assert xmage in source and "CardsInControllerHandCount.ANY" in source


def test_xmage_singular_member_reads_as_the_same_count() -> None:
    """`CardsInControllerHandCount.ANY_SINGULAR` counts the same cards (only its message differs)."""
    from cardgen.engines.xmage.backend import XMageBackend
    from cardgen.engines.xmage.reader import read_class
    card = _card(*DRAW)
    source = XMageBackend().render_card(card).replace(".ANY\n", ".ANY_SINGULAR\n")
    back = read_class(source, registrations_for(card))
    assert back.card is not None, back.diagnostics
    assert back.card.abilities[0].effects[0].amount.count == "cards_in_hand"
