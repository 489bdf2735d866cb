"""The sacrifice trigger events (701.21a, 603.10a): "when you sacrifice this artifact" (`sacrificed`) and "when
this artifact enters and when you sacrifice it" (`enters_or_sacrificed`, 603.2: one ability, two events): the
phrasing forms, Forge's `Mode$ Sacrificed` line (the second of two `T:` lines for the joined event) and
XMage's `SacrificeSourceTriggeredAbility` / `OrTriggeredAbility`, optional where the effect's "you may" is the
ability's (603.5), both read back. The cards are played by their scenarios (Heaped Harvest, Carrot Cake)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

NAME = "Test Pantry"
DRAW = [{"effect": "draw"}]
SEARCH = [{"effect": "search_library", "filter": {"zone": "library", "types": ["land"], "supertypes": ["basic"]},
           "to": "battlefield", "tapped": True, "optional": True}]
SEARCH_TEXT = "you may search your library for a basic land card, put it onto the battlefield tapped, then shuffle."


def _card(line: str, ability: dict[str, Any]) -> Card:
    return Card.model_validate({
        "name": NAME, "mana_cost": "{1}", "types": ["Artifact"], "subtypes": ["Food"], "oracle": line,
        "printings": [{"set": "CGT", "number": "96", "rarity": "common"}],
        "abilities": [{"kind": "triggered", "text": line, **ability}]})


LINES: list[tuple[str, str, list[dict[str, Any]], str, str]] = [
    ("When you sacrifice this artifact, draw a card.", "sacrificed", DRAW,
     "T:Mode$ Sacrificed | ValidPlayer$ You | ValidCard$ Card.Self | TriggerZones$ Battlefield |",
     "new SacrificeSourceTriggeredAbility(new DrawCardSourceControllerEffect(1))"),
    ("When this artifact enters and when you sacrifice it, draw a card.", "enters_or_sacrificed", DRAW,
     "Secondary$ True",
     'new OrTriggeredAbility(Zone.ALL, new DrawCardSourceControllerEffect(1), false, "When {this} enters and when '
     'you sacrifice it, ", new EntersBattlefieldTriggeredAbility(null), new SacrificeSourceTriggeredAbility(null))'),
    ("When this artifact enters and when you sacrifice it, " + SEARCH_TEXT, "enters_or_sacrificed", SEARCH,
     "T:Mode$ Sacrificed",
     '(StaticFilters.FILTER_CARD_BASIC_LAND_A), true)'),
    ("When you sacrifice this artifact, " + SEARCH_TEXT, "sacrificed", SEARCH,
     "T:Mode$ Sacrificed", 'FILTER_CARD_BASIC_LAND_A), true)'),
]


@pytest.mark.parametrize(("line", "event", "effects", "forge", "xmage"), LINES)
def test_the_line_reads_and_renders(line: str, event: str, effects: list[dict[str, Any]], forge: str,
                                    xmage: str) -> None:
    ability = {"kind": "triggered", "event": event, "effects": effects}
    read = read_line(line, NAME, spell=False).ability
    assert read is not None and read["event"] == event
    assert render_ability(ability, NAME) == line.replace("this artifact", NAME)  # no card to say "this artifact" of


@pytest.mark.parametrize(("line", "event", "effects", "forge", "xmage"), LINES)
def test_both_engines_write_their_own_form_and_read_it_back(line: str, event: str, effects: list[dict[str, Any]],
                                                            forge: str, xmage: str) -> None:
    card = _card(line, {"event": event, "effects": effects})
    script, source = rendered_and_read_back(card, "test_pantry.txt")
    assert forge in script
    assert xmage.replace(" ", "") in "".join(source.split())


def test_an_optional_or_trigger_says_true_where_its_optional_argument_is() -> None:
    card = _card(LINES[2][0], {"event": "enters_or_sacrificed", "effects": SEARCH})
    _, source = rendered_and_read_back(card, "test_pantry.txt")
    flat = "".join(source.split())
    assert 'true,"When{this}entersandwhenyousacrificeit,",' in flat
    assert "true,false,true" not in flat  # the effect's own "you may" is not said twice
