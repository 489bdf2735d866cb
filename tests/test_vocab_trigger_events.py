"""The trigger events of Bloomburrow's lifegain, forage, landfall and second-spell cards (603.2): "whenever you
gain life" (`you_gain_life`), "whenever you gain or lose life during your turn" (`life_changed_your_turn`),
"whenever you forage" (`you_forage`), "Landfall — whenever a land you control enters" (`landfall`),
"whenever a player casts their second spell each turn" (`second_spell`), and a triggered ability's "This
ability triggers only once each turn." (`once_each_turn`): the phrasing forms, both engines' forms and their
readers. The cards are played by their scenarios (`scenarios/blb/`)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

NAME = "Test Lifewarden"


def _card(line: str, ability: dict[str, Any]) -> Card:
    return Card.model_validate({
        "name": NAME, "mana_cost": "{1}{W}", "types": ["Creature"], "pt": "1/1", "oracle": line,
        "printings": [{"set": "CGT", "number": "98", "rarity": "common"}],
        "abilities": [{"kind": "triggered", "text": line, **ability}]})


DRAW = [{"effect": "draw"}]
LINES: list[tuple[str, Any, str, str]] = [
    ("Whenever you gain life, draw a card.", "you_gain_life",
     "T:Mode$ LifeGained | ValidPlayer$ You | TriggerZones$ Battlefield |",
     "new GainLifeControllerTriggeredAbility(new DrawCardSourceControllerEffect(1))"),
    ("Whenever you gain or lose life during your turn, draw a card.", "life_changed_your_turn",
     "T:Mode$ LifeChanged | ValidPlayer$ You | TriggerZones$ Battlefield | PlayerTurn$ True |",
     "new GainLoseLifeYourTurnTriggeredAbility(new DrawCardSourceControllerEffect(1))"),
    ("Whenever you forage, draw a card.", "you_forage",
     "T:Mode$ Forage | ValidPlayer$ You | TriggerZones$ Battlefield |",
     "new ForageTriggeredAbility(new DrawCardSourceControllerEffect(1))"),
    ("Landfall — Whenever a land you control enters, draw a card.", "landfall",
     "T:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Land.YouCtrl | "
     "TriggerZones$ Battlefield |",
     "new LandfallAbility(new DrawCardSourceControllerEffect(1))"),
    ("Whenever a player casts their second spell each turn, draw a card.", {"second_spell": "any"},
     "T:Mode$ SpellCast | ValidActivatingPlayer$ Player | ActivatorThisTurnCast$ EQ2 | TriggerZones$ Battlefield |",
     "new CastSecondSpellTriggeredAbility(new DrawCardSourceControllerEffect(1), TargetController.ANY)"),
    ("Whenever you cast your second spell each turn, draw a card.", {"second_spell": "you"},
     "T:Mode$ SpellCast | ValidActivatingPlayer$ You | ActivatorThisTurnCast$ EQ2 | TriggerZones$ Battlefield |",
     "new CastSecondSpellTriggeredAbility(new DrawCardSourceControllerEffect(1))"),
    ("Whenever an opponent casts their second spell each turn, draw a card.", {"second_spell": "opponent"},
     "T:Mode$ SpellCast | ValidActivatingPlayer$ Opponent | ActivatorThisTurnCast$ EQ2 | TriggerZones$ Battlefield |",
     "new CastSecondSpellTriggeredAbility(new DrawCardSourceControllerEffect(1), TargetController.OPPONENT)"),
]


@pytest.mark.parametrize(("line", "event", "forge", "xmage"), LINES)
def test_the_line_reads_and_renders(line: str, event: Any, forge: str, xmage: str) -> None:
    ability = {"kind": "triggered", "event": event, "effects": DRAW}
    assert read_line(line, NAME, spell=False).ability == {**ability, "text": line}
    if event != "landfall":  # the ability word is the printed line's, read but not written
        assert render_ability(ability, NAME) == line


@pytest.mark.parametrize(("line", "event", "forge", "xmage"), LINES)
def test_both_engines_write_their_own_form_and_read_it_back(line: str, event: Any, forge: str, xmage: str) -> None:
    script, source = rendered_and_read_back(_card(line, {"event": event, "effects": DRAW}), "test_lifewarden.txt")
    assert forge in script
    assert xmage in " ".join(source.split()).replace("( ", "(").replace(" )", ")")


def test_a_land_entering_without_the_ability_word_stays_permanent_enters() -> None:
    """The same Forge line without "Landfall —" in its description is another permanent's entering."""
    line = "Whenever a land you control enters, draw a card."
    event = {"enters": {"zone": "battlefield", "types": ["land"], "controller": "you"}}
    assert read_line(line, NAME, spell=False).ability["event"] == {"enters": {"types": ["land"], "controller": "you"}}
    rendered_and_read_back(_card(line, {"event": event, "effects": DRAW}), "test_lifewarden.txt")


def test_once_each_turn_reads_renders_and_round_trips() -> None:
    line = "Whenever you gain or lose life during your turn, draw a card. This ability triggers only once each turn."
    ability = {"kind": "triggered", "event": "life_changed_your_turn", "effects": DRAW, "once_each_turn": True}
    assert read_line(line, NAME, spell=False).ability == {**ability, "text": line}
    assert render_ability(ability, NAME) == line
    script, source = rendered_and_read_back(
        _card(line, {k: v for k, v in ability.items() if k != "kind"}), "test_lifewarden.txt")
    assert "| PlayerTurn$ True | ActivationLimit$ 1 |" in script
    assert ".setTriggersLimitEachTurn(1)" in source


def test_enters_or_dies_is_two_forge_lines_joined_and_one_xmage_class() -> None:
    """Forge says "when this enters or dies" as the `enters` and `dies` events' lines, the second
    `Secondary$ True` (`forge.joins`); the reader joins them back into the one event."""
    line = "When this creature enters or dies, draw a card."
    ability = {"kind": "triggered", "event": "enters_or_dies", "effects": DRAW}
    assert read_line(line, NAME, spell=False).ability == {**ability, "text": line}
    assert render_ability(ability, NAME) == f"When {NAME} enters or dies, draw a card."
    script, source = rendered_and_read_back(_card(line, {"event": "enters_or_dies", "effects": DRAW}),
                                            "test_lifewarden.txt")
    assert "T:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ " in script
    assert ("T:Mode$ ChangesZone | Origin$ Battlefield | Destination$ Graveyard | ValidCard$ Card.Self | Execute$ "
            "TrigDraw | Secondary$ True |") in script
    assert "new EntersBattlefieldOrDiesSourceTriggeredAbility(" in source


def test_a_secondary_line_of_no_joined_event_is_reported() -> None:
    from cardgen.engines.forge.reader import read_script

    script = ("Name:Test Lifewarden\nManaCost:1 W\nTypes:Creature\nPT:1/1\n"
              "T:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigDraw"
              " | TriggerDescription$ x\n"
              "T:Mode$ LifeGained | ValidPlayer$ You | TriggerZones$ Battlefield | Execute$ TrigDraw | Secondary$ True"
              " | TriggerDescription$ x\nSVar:TrigDraw:DB$ Draw\nOracle:x\n")
    result = read_script(script, "test_lifewarden.txt")
    assert any(d.code == "FG201" and "enters or you_gain_life" in d.message for d in result.diagnostics)
