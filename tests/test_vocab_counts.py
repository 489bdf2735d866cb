"""A counted amount, "for each opponent you have", added as one construct module
(`cardgen/vocab/amounts/opponents.py`): its form after the effect it counts for, Forge's
`PlayerCountOpponents$Amount` count SVar, XMage's `OpponentsCount` and both readers; the resolver's count
(with one opponent and with two) is played by `scenarios/cgt/ledgerwing_survey.yaml`, from the spec and
from both engines' files."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.engines.xmage.backend import XMageBackend
from cardgen.engines.xmage.problems import Unsupported
from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability
from cardgen.resolver.testing import make_card

TREASURES = {"effect": "create_token", "token": "treasure", "amount": {"count": "opponents"}}
LINE = "Create a Treasure token for each opponent you have."


def _card(effects: list[dict]) -> Card:
    return Card.model_validate({
        "name": "Test Tithe", "mana_cost": "{U}", "types": ["Sorcery"], "oracle": LINE,
        "printings": [{"set": "CGT", "number": "97", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": LINE, "effects": effects}]})


def test_the_line_reads_and_renders() -> None:
    assert read_line(LINE, "Test Tithe", spell=True).ability == {"kind": "spell", "text": LINE, "effects": [TREASURES]}
    assert render_ability({"kind": "spell", "effects": [TREASURES]}, "Test Tithe") == LINE


def test_both_engines_write_their_own_form_and_read_it_back() -> None:
    script, source = rendered_and_read_back(_card([TREASURES]), "test_tithe.txt")
    assert "A:SP$ Token | TokenAmount$ X | TokenScript$ c_a_treasure_sac" in script
    assert "SVar:X:PlayerCountOpponents$Amount" in script
    assert "new TreasureToken(), OpponentsCount.instance" in source
    # XMage's own text says "for each number of opponents you have" (CreateTokenEffect.setText + the
    # value's message): the line's words are set
    assert '.setText("create a Treasure token for each opponent you have")' in source


def test_a_form_that_takes_only_a_number_refuses_a_count() -> None:
    """CreateTokenEffect's tapped form takes an int: a counted amount there is a diagnostic, not bad Java."""
    with pytest.raises(Unsupported, match="with an amount of `opponents`"):
        XMageBackend().render_card(_card([{**TREASURES, "tapped": True}]))


def test_a_count_reads_as_a_count_and_a_number_as_a_number() -> None:
    card = make_card("Counter", "Sorcery", abilities=[
        {"kind": "spell", "text": "Line.", "effects": [TREASURES, {"effect": "draw", "amount": 2}]}])
    created, drawn = card.abilities[0].effects
    assert created.amount.count == "opponents"
    assert drawn.amount == 2
