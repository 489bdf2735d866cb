"""The combat constructs, each one module: the `defending_player` subject (506.2,
`cardgen/vocab/subject_kinds/defending_player.py`) and the `forbid_blocking` effect (509.1b,
`cardgen/vocab/effects/forbid_blocking.py`): their phrasing forms and both engines' forms read back. The
resolver plays them in `scenarios/blb/agate_blade_assassin.yaml` and `scenarios/blb/war_squeak.yaml`."""

from __future__ import annotations

from typing import Any

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability


def _creature(abilities: list[dict[str, Any]], oracle: str) -> Card:
    return Card.model_validate({
        "name": "Test Skirmisher", "mana_cost": "{1}{B}", "types": ["Creature"], "pt": "2/2", "oracle": oracle,
        "printings": [{"set": "CGT", "number": "96", "rarity": "common"}], "abilities": abilities})


DRAIN = ("Whenever this creature attacks, defending player loses 1 life and you gain 1 life.", {
    "kind": "triggered", "event": "attacks",
    "effects": [{"effect": "lose_life", "who": "defending_player", "amount": 1}, {"effect": "gain_life", "amount": 1}]})
NO_BLOCK = ("When this creature enters, target creature an opponent controls can't block this turn.", {
    "kind": "triggered", "event": "enters",
    "effects": [{"effect": "forbid_blocking",
                 "what": {"target": {"types": ["creature"], "controller": "opponent"}}}]})


@pytest.mark.parametrize(("line", "ability"), [DRAIN, NO_BLOCK])
def test_the_line_reads_and_renders(line: str, ability: dict[str, Any]) -> None:
    read = read_line(line, "Test Skirmisher", spell=False).ability
    assert read is not None and {k: v for k, v in read.items() if k != "text"} == ability
    assert render_ability(ability, "Test Skirmisher").replace("Test Skirmisher", "this creature") == line


def test_defending_player_in_both_engines() -> None:
    line, ability = DRAIN
    script, source = rendered_and_read_back(_creature([{**ability, "text": line}], line), "test_skirmisher.txt")
    assert "Defined$ TriggeredDefendingPlayer" in script
    assert "new LoseLifeDefendingPlayerEffect(1, true)" in source


def test_forbid_blocking_in_both_engines() -> None:
    line, ability = NO_BLOCK
    script, source = rendered_and_read_back(_creature([{**ability, "text": line}], line), "test_skirmisher.txt")
    assert "KW$ HIDDEN CARDNAME can't block." in script
    assert "new CantBlockTargetEffect(Duration.EndOfTurn)" in source
