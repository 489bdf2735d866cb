"""The combat constructs, each one module: the `defending_player` subject (506.2,
`cardgen/vocab/subject_kinds/defending_player.py`), the `forbid_blocking` effect (509.1b,
`cardgen/vocab/effects/forbid_blocking.py`) and the `deals_damage_to_opponent` trigger event (120.3,
`cardgen/vocab/events/deals_damage_to_opponent.py`), and the `cant_be_blocked` and `cant_block` ability
kinds (509.1b, `cardgen/vocab/abilities/`): their phrasing forms and both engines' forms read back.
The resolver plays them in `scenarios/blb/agate_blade_assassin.yaml`, `war_squeak.yaml` and
`thieving_otter.yaml`."""

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


THIEF = ("Whenever this creature deals damage to an opponent, draw a card.", {
    "kind": "triggered", "event": "deals_damage_to_opponent", "effects": [{"effect": "draw"}]})


@pytest.mark.parametrize(("line", "ability"), [DRAIN, NO_BLOCK, THIEF])
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


def test_deals_damage_to_an_opponent_in_both_engines() -> None:
    line, ability = THIEF
    script, source = rendered_and_read_back(_creature([{**ability, "text": line}], line), "test_skirmisher.txt")
    assert "T:Mode$ DamageDone | ValidSource$ Card.Self | ValidTarget$ Opponent" in script
    assert "new DealsDamageToOpponentTriggeredAbility(" in source


@pytest.mark.parametrize(("line", "ability", "forge", "xmage"), [
    ("This creature can't be blocked.", {"kind": "cant_be_blocked"},
     "S:Mode$ CantBlockBy | ValidAttacker$ Creature.Self | Description$", "new CantBeBlockedSourceAbility()"),
    ("This creature can't be blocked by creatures with power 2 or less.",
     {"kind": "cant_be_blocked", "by_power_at_most": 2},
     "ValidBlocker$ Creature.powerLE2", "new DauntAbility()"),
    ("This creature can't block.", {"kind": "cant_block"}, "K:CARDNAME can't block.", "new CantBlockAbility()"),
])
def test_the_evasion_abilities_read_and_render_in_both_engines(line: str, ability: dict[str, Any], forge: str,
                                                               xmage: str) -> None:
    read = read_line(line, "Test Skirmisher", spell=False).ability
    assert read == {**ability, "text": line}
    script, source = rendered_and_read_back(_creature([{**ability, "text": line}], line), "test_skirmisher.txt")
    assert forge in script
    assert xmage in source


def test_power_or_greater_reads() -> None:
    line = "This creature can't be blocked by creatures with power 2 or greater."
    assert read_line(line, "Test Skirmisher", spell=False).ability == {
        "kind": "cant_be_blocked", "by_power_at_least": 2, "text": line}
