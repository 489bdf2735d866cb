"""Exiling the top card and playing it for a while (`exile_top`, `may_play`): their printed forms, Forge's
`Dig` into exile and `Effect` with a `MayPlay` static, XMage's sequence steps and its own
`ExileTopXMayPlayUntilEffect` read as the two; the permission's duration in the resolver."""

from __future__ import annotations

from typing import Any

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line

LINE = "When this creature enters, exile the top card of your library. {until}, you may play that card."


def _card(line: str, effects: list[dict]) -> Card:
    return Card.model_validate({
        "name": "Test Pathfinder", "mana_cost": "{R}", "types": ["Creature"], "pt": "1/1", "oracle": line,
        "printings": [{"set": "CGT", "number": "99", "rarity": "common"}],
        "abilities": [{"kind": "triggered", "event": "enters", "text": line, "effects": effects}]})


@pytest.mark.parametrize(("until", "word", "forge"), [
    ("Until end of turn", "end_of_turn", "DB$ Effect | RememberObjects$ Remembered | StaticAbilities$"),
    ("Until the end of your next turn", "end_of_your_next_turn", "Duration$ UntilTheEndOfYourNextTurn"),
])
def test_the_line_reads_and_both_engines_read_it_back(until: str, word: str, forge: str) -> None:
    line = LINE.format(until=until)
    ability = read_line(line, "Test Pathfinder", spell=False).ability
    assert ability is not None
    first, second = ability["effects"]
    assert first == {"effect": "exile_top", "id": first["id"]}
    assert second == {"effect": "may_play", "what": {"ref": first["id"]}, "until": word}
    script, source = rendered_and_read_back(_card(line, ability["effects"]), "test_pathfinder.txt")
    assert "DB$ Dig | Defined$ You | DigNum$ 1 | ChangeNum$ All | DestinationZone$ Exile | RememberChanged$ True" \
        in script and forge in script
    assert "controller.getLibrary().getTopCards(game, 1)" in source and "CardUtil.makeCardPlayable" in source


def test_xmage_own_framework_effect_reads_as_the_two_effects() -> None:
    from xmage_strategies import registrations_for

    from cardgen.engines.xmage.reader import read_class

    line = LINE.format(until="Until end of turn")
    card = _card(line, [{"effect": "exile_top", "id": "e1"},
                        {"effect": "may_play", "what": {"ref": "e1"}, "until": "end_of_turn"}])
    from cardgen.engines.xmage.backend import XMageBackend
    source = XMageBackend().render_card(card)
    start = source.index("this.addAbility(new EntersBattlefieldTriggeredAbility(")
    end = source.index(";", start)
    own = (source[:start] + "this.addAbility(new EntersBattlefieldTriggeredAbility(new ExileTopXMayPlayUntilEffect("
           "1, Duration.EndOfTurn).withTextOptions(\"that card\", false)))" + source[end:])
    back = read_class(own, registrations_for(card))
    assert back.card is not None, back.diagnostics
    effects = [e.model_dump(mode="json", exclude_defaults=True) for e in back.card.abilities[0].effects]
    assert [e["effect"] for e in effects] == ["exile_top", "may_play"]
    assert effects[1]["until"] == "end_of_turn" and effects[1]["what"]["ref"] == effects[0]["id"]


def test_the_permission_ends_in_the_cleanup_of_its_players_next_turn() -> None:
    from types import SimpleNamespace

    from cardgen.game.continuous import expire_play_permissions
    from cardgen.game.state import PlayPermission
    state: Any = SimpleNamespace()  # the parts of the game the expiry reads
    state.play_permissions = {1: PlayPermission("alice", "end_of_your_next_turn", 1),
                              2: PlayPermission("alice", "end_of_turn", 1)}
    state.active, state.turn_number = "alice", 1
    expire_play_permissions(state)
    assert list(state.play_permissions) == [1]  # this turn's cleanup: "until end of turn" only
    state.active, state.turn_number = "bob", 2
    expire_play_permissions(state)
    assert list(state.play_permissions) == [1]  # the opponent's turn is not "your next turn"
    state.active, state.turn_number = "alice", 3
    expire_play_permissions(state)
    assert state.play_permissions == {}
