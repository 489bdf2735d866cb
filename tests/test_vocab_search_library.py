"""Searching a library (`cardgen/vocab/effects/search_library.py`, 701.23): its printed forms, Forge's hidden
`ChangeZone` from the library and XMage's `SearchLibraryPut...Effect`s with a `TargetCardInLibrary`, both read
back (a "you may search" whose framework effect can't say it is an optional triggered ability in XMage); the
resolver's choices are played by the scenarios of Fountainport Bell, Fabled Passage and Thornvault Forager."""

from __future__ import annotations

from typing import Any

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

BASIC = {"zone": "library", "types": ["land"], "supertypes": ["basic"]}
SQUIRREL = {"zone": "library", "subtypes": ["Squirrel"]}

LINES = [
    ("Search your library for a Squirrel card, reveal it, put it into your hand, then shuffle.",
     {"effect": "search_library", "filter": SQUIRREL, "to": "hand", "reveal": True}),
    ("Search your library for a basic land card, put it onto the battlefield tapped, then shuffle.",
     {"effect": "search_library", "filter": BASIC, "to": "battlefield", "tapped": True}),
    ("You may search your library for a basic land card, reveal it, then shuffle and put that card on top.",
     {"effect": "search_library", "filter": BASIC, "to": "top", "reveal": True, "optional": True}),
    ("Search your library for a card, put it into your hand, then shuffle.",
     {"effect": "search_library", "filter": {"zone": "library"}, "to": "hand"}),
]


def _card(line: str, effects: list[dict[str, Any]], kind: str = "spell") -> Card:
    ability: dict[str, Any] = {"kind": "spell", "text": line, "effects": effects}
    types = ["Sorcery"]
    if kind == "triggered":
        line = "When this artifact enters, " + line[0].lower() + line[1:]
        ability = {"kind": "triggered", "event": "enters", "text": line, "effects": effects}
        types = ["Artifact"]
    return Card.model_validate({
        "name": "Test Seeker", "mana_cost": "{G}", "types": types, "oracle": line,
        "printings": [{"set": "CGT", "number": "97", "rarity": "common"}], "abilities": [ability]})


@pytest.mark.parametrize(("line", "effect"), LINES)
def test_the_line_reads_and_renders(line: str, effect: dict[str, Any]) -> None:
    read = read_line(line, "Test Seeker", spell=True).ability
    assert read is not None
    (got,) = read["effects"]
    assert {**got, "filter": {"zone": "library", **got.get("filter", {})}} == effect
    assert render_ability({"kind": "spell", "effects": [effect]}, "Test Seeker") == line


@pytest.mark.parametrize(("line", "effect", "kind", "forge", "xmage"), [
    (LINES[0][0], LINES[0][1], "spell",
     "A:SP$ ChangeZone | Origin$ Library | Destination$ Hand | ChangeType$ Squirrel",
     "new SearchLibraryPutInHandEffect(new TargetCardInLibrary(filter), true)"),
    (LINES[1][0], LINES[1][1], "spell",
     "Origin$ Library | Destination$ Battlefield | ChangeType$ Land.Basic | Tapped$ True",
     "new SearchLibraryPutInPlayEffect(new TargetCardInLibrary(StaticFilters.FILTER_CARD_BASIC_LAND_A), true)"),
    (LINES[2][0], LINES[2][1], "triggered",
     "Destination$ Library | ChangeType$ Land.Basic | LibraryPosition$ 0 | Optional$ True",
     "new EntersBattlefieldTriggeredAbility(new SearchLibraryPutOnLibraryEffect("),
    (LINES[3][0], LINES[3][1], "spell",
     "Origin$ Library | Destination$ Hand | ChangeType$ Card | Mandatory$ True",
     "new SearchLibraryPutInHandEffect(new TargetCardInLibrary(StaticFilters.FILTER_CARD_A), false)"),
])
def test_both_engines_write_their_own_form_and_read_it_back(line: str, effect: dict[str, Any], kind: str,
                                                            forge: str, xmage: str) -> None:
    script, source = rendered_and_read_back(_card(line, [effect], kind), "test_seeker.txt")
    assert forge in script
    assert xmage.replace(" ", "") in "".join(source.split())


def test_an_optional_search_onto_the_battlefield() -> None:
    """A triggered ability's only effect: the triggered ability is optional, as XMage's own Heaped Harvest says
    it; elsewhere SearchLibraryPutInPlayEffect's own "you may" (its fourth argument)."""
    effect = {**LINES[1][1], "optional": True}
    line = "You may s" + LINES[1][0][1:]
    _, source = rendered_and_read_back(_card(line, [effect], "triggered"), "test_seeker.txt")
    flat = "".join(source.split())
    assert "FILTER_CARD_BASIC_LAND_A),true)" in flat and flat.count(",true));") == 1
    _, source = rendered_and_read_back(_card(line, [effect]), "test_seeker.txt")
    assert "FILTER_CARD_BASIC_LAND_A),true,false,true)" in "".join(source.split())
    assert "TriggeredAbility" not in source


def test_a_tapped_card_goes_onto_the_battlefield_only() -> None:
    with pytest.raises(ValueError, match="tapped"):
        _card(LINES[0][0], [{**LINES[0][1], "tapped": True}])


PASSAGE = ("Search your library for a basic land card, put it onto the battlefield tapped, then shuffle. Then if you "
           "control four or more lands, untap that land.")
PASSAGE_EFFECTS = [
    {"effect": "search_library", "id": "search_library_1", "filter": BASIC, "to": "battlefield", "tapped": True},
    {"effect": "untap", "what": {"ref": "search_library_1"},
     "condition": {"you_control": {"types": ["land"]}, "at_least": 4}},
]


def test_the_land_found_is_that_land_of_a_later_sentence() -> None:
    """"untap that land": the search's card, counted by the you_control condition's `at_least`."""
    read = read_line(PASSAGE, "Test Seeker", spell=True).ability
    assert read is not None
    got = read["effects"]
    assert got[1] == PASSAGE_EFFECTS[1]
    # "then" says the order the effects have anyway (608.2c): the rendered line leaves it out
    assert render_ability({"kind": "spell", "effects": PASSAGE_EFFECTS}, "Test Seeker") == PASSAGE.replace(
        "Then if", "If")


def test_a_search_whose_card_a_later_step_names_is_a_sequence_effect_in_xmage() -> None:
    """Forge remembers the card (`RememberChanged$`, `Defined$ Remembered`, `ConditionCompare$ GE4`, as Forge's own
    Fabled Passage); XMage searches with `controller.searchLibrary` in the card's own effect and untaps the card
    kept (XMage's own Fabled Passage)."""
    script, source = rendered_and_read_back(_card(PASSAGE, PASSAGE_EFFECTS), "test_seeker.txt")
    assert "RememberChanged$ True" in script
    assert "DB$ Untap | Defined$ Remembered | ConditionPresent$ Land.YouCtrl | ConditionCompare$ GE4" in script
    flat = "".join(source.split())
    assert "controller.searchLibrary(target,source,game);" in flat
    assert "Zone.BATTLEFIELD,source,game,true,false,false,null);" in flat
    assert "newPermanentsOnTheBattlefieldCondition(filter,ComparisonType.OR_GREATER,4).apply(game,source)" in flat
