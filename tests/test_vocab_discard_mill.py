"""Discard and mill, with every player subject ("target player", "each opponent", "each player", you):
the phrasing forms read and write each line, both engines write their own building block for each
subject (Forge's Discard/Mill APIs; XMage's DiscardTargetEffect, DiscardEachPlayerEffect,
MillCardsEachPlayerEffect, ...) and read it back to the same meaning, and XMage's rules text is the
line. The resolver plays `scenarios/cgt/whispered_ruin.yaml` (the player's own choice of discards too)."""

from __future__ import annotations

import pytest
from xmage_strategies import registrations_for

from cardgen.canonical import meaning_diff
from cardgen.engines.forge.backend import ForgeBackend
from cardgen.engines.forge.reader import read_script
from cardgen.engines.xmage.backend import XMageBackend
from cardgen.engines.xmage.lower import CardLowering
from cardgen.engines.xmage.reader import read_class
from cardgen.engines.xmage.render import card_class_name
from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

LINES = [
    ("Target player discards two cards.", {"effect": "discard", "who": {"target": {"player": "any"}}, "amount": 2},
     "DiscardTargetEffect(2)", "Discard | ValidTgts$ Player"),
    ("Target opponent mills a card.", {"effect": "mill", "who": {"target": {"player": "opponent"}}},
     "MillCardsTargetEffect(1)", "Mill | ValidTgts$ Opponent"),
    ("Each opponent discards a card.", {"effect": "discard", "who": "each_opponent"},
     "DiscardEachPlayerEffect(TargetController.OPPONENT)", "Discard | Defined$ Opponent | Mode$ TgtChoose"),
    ("Each opponent discards two cards.", {"effect": "discard", "who": "each_opponent", "amount": 2},
     "DiscardEachPlayerEffect(StaticValue.get(2), false, TargetController.OPPONENT)",
     "Discard | Defined$ Opponent | NumCards$ 2"),
    ("Each player discards a card.", {"effect": "discard", "who": "each_player"},
     "DiscardEachPlayerEffect(1, false)", "Discard | Defined$ Player"),
    ("Discard two cards.", {"effect": "discard", "amount": 2}, "DiscardControllerEffect(2)",
     "SP$ Discard | NumCards$ 2 | Mode$ TgtChoose"),
    ("Each opponent mills three cards.", {"effect": "mill", "who": "each_opponent", "amount": 3},
     "MillCardsEachPlayerEffect(3, TargetController.OPPONENT)", "Mill | Defined$ Opponent | NumCards$ 3"),
    ("Each player mills two cards.", {"effect": "mill", "who": "each_player", "amount": 2},
     "MillCardsEachPlayerEffect(2, TargetController.ANY)", "Mill | Defined$ Player | NumCards$ 2"),
    ("Mill three cards.", {"effect": "mill", "amount": 3}, "MillCardsControllerEffect(3)", "SP$ Mill | NumCards$ 3"),
]


def _card(line: str, effect: dict) -> Card:
    return Card.model_validate({
        "name": "Test Ruin", "mana_cost": "{B}", "types": ["Sorcery"], "oracle": line,
        "printings": [{"set": "CGT", "number": "90", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": line, "effects": [effect]}]})


@pytest.mark.parametrize(("line", "effect", "java", "forge"), LINES, ids=[line for line, *_ in LINES])
def test_the_line_reads_and_renders(line: str, effect: dict, java: str, forge: str) -> None:
    assert read_line(line, "Test Ruin", spell=True).ability == {"kind": "spell", "text": line, "effects": [effect]}
    assert render_ability({"kind": "spell", "effects": [effect]}, "Test Ruin") == line


@pytest.mark.parametrize(("line", "effect", "java", "forge"), LINES, ids=[line for line, *_ in LINES])
def test_forge_writes_its_api_and_reads_it_back(line: str, effect: dict, java: str, forge: str) -> None:
    card = _card(line, effect)
    script = ForgeBackend().render_card(card)
    assert forge in script
    result = read_script(script, "test_ruin.txt")
    assert result.card is not None, result.diagnostics
    assert meaning_diff(result.card, card, ("forge", "spec")) == []


@pytest.mark.parametrize(("line", "effect", "java", "forge"), LINES, ids=[line for line, *_ in LINES])
def test_xmage_writes_its_building_block_prints_the_line_and_reads_it_back(line: str, effect: dict, java: str,
                                                                          forge: str) -> None:
    card = _card(line, effect)
    source = XMageBackend().render_card(card)
    assert f"new{java}".replace(" ", "") in "".join(source.split())  # wrapped as XMage wraps long calls
    assert "setText" not in source  # the framework's own text is the line
    lowering = CardLowering(card, card_class_name(card))
    lowering.lower()
    assert [block.rules for block in lowering.blocks] == [line]
    result = read_class(source, registrations_for(card))
    assert result.card is not None, result.diagnostics
    assert meaning_diff(result.card, card, ("xmage", "spec")) == []
