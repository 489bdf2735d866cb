"""Revealing until a card of a quality (`cardgen/vocab/effects/reveal_until.py`, 701.20a, 401.4): its printed
forms, Forge's `DigUntil` as Forge's own Clifftop Lookout and XMage's `RevealCardsFromLibraryUntilEffect` as
XMage's own, both read back; the resolver is played by Clifftop Lookout's scenarios (a land found, the top card a
land, no land at all)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

LAND = ("Reveal cards from the top of your library until you reveal a land card. Put that card onto the battlefield "
        "tapped and the rest on the bottom of your library in a random order.")
CREATURE = ("Reveal cards from the top of your library until you reveal a creature card. Put that card into your "
            "hand and the rest on the bottom of your library in a random order.")
LINES = [
    (LAND, {"effect": "reveal_until", "filter": {"zone": "library", "types": ["land"]}, "to": "battlefield",
            "tapped": True},
     "DigUntil | Valid$ Land | FoundDestination$ Battlefield | Tapped$ True | RevealedDestination$ Library | "
     "RevealedLibraryPosition$ -1 | RevealRandomOrder$ True",
     "StaticFilters.FILTER_CARD_LAND_A, PutCards.BATTLEFIELD_TAPPED, PutCards.BOTTOM_RANDOM"),
    (CREATURE, {"effect": "reveal_until", "filter": {"zone": "library", "types": ["creature"]}, "to": "hand"},
     "Valid$ Creature | FoundDestination$ Hand | RevealedDestination$ Library",
     "StaticFilters.FILTER_CARD_CREATURE_A, PutCards.HAND, PutCards.BOTTOM_RANDOM"),
]


def _card(line: str, effects: list[dict[str, Any]]) -> Card:
    return Card.model_validate({
        "name": "Test Lookout", "mana_cost": "{G}", "types": ["Sorcery"], "oracle": line,
        "printings": [{"set": "CGT", "number": "93", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": line, "effects": effects}]})


@pytest.mark.parametrize(("line", "effect", "forge", "xmage"), LINES)
def test_the_line_reads_and_renders(line: str, effect: dict[str, Any], forge: str, xmage: str) -> None:
    read = read_line(line, "Test Lookout", spell=True).ability
    assert read is not None and read["effects"] == [effect]
    assert render_ability({"kind": "spell", "effects": [effect]}, "Test Lookout") == line


@pytest.mark.parametrize(("line", "effect", "forge", "xmage"), LINES)
def test_both_engines_write_their_own_form_and_read_it_back(line: str, effect: dict[str, Any], forge: str,
                                                            xmage: str) -> None:
    script, source = rendered_and_read_back(_card(line, [effect]), "test_lookout.txt")
    assert forge in script
    assert xmage in source
