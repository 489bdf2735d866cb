"""Control over time (302.6: "continuously since their most recent turn began", control changes included),
last known information of a source that left (608.2h, 113.7a), players leaving with objects on the stack
(800.4a) and the end of a game with one player left (104.2a), and the same target named twice (601.2c)."""

from __future__ import annotations

from pathlib import Path

import pytest
from shipped import shipped_catalog

from cardgen.game.errors import GameError
from cardgen.resolver.casting import CastRequest
from cardgen.resolver.leaving import concede
from cardgen.resolver.scenario.loader import load_text
from cardgen.resolver.scenario.runner import run_scenario
from cardgen.resolver.setup import put
from cardgen.resolver.testing import cast, events, find, new_game

ROOT = Path(__file__).resolve().parents[1]
CARDS = {loaded.card.name: loaded.card for loaded in shipped_catalog().cards}


def _run(text: str) -> list[str]:
    loaded = load_text(text, "case.yaml")
    assert loaded.diagnostics == [], loaded.diagnostics
    [scenario] = loaded.scenarios
    return [str(failure) for failure in run_scenario(scenario, CARDS).failures]


# ------------------------------------------------------------------------------------------- 302.6
def test_a_creature_cast_this_turn_can_tap_only_once_its_controllers_next_turn_began() -> None:
    game = new_game()
    put(game.state, "alice", CARDS["Rootguard Drillmaster"], "hand")
    cast(game, "alice", "Rootguard Drillmaster")
    drillmaster = find(game, "Rootguard Drillmaster", "battlefield")
    game.next_turn()  # bob's turn: alice's most recent turn began before she had it
    with pytest.raises(GameError) as refused:
        game.activate("alice", drillmaster.oid, None, [[drillmaster.oid]])
    assert (refused.value.code, refused.value.rule) == ("cost", "302.6")
    game.next_turn()  # alice's turn
    game.activate("alice", drillmaster.oid, None, [[drillmaster.oid]])
    assert events(game, "activated")


def test_a_change_of_control_is_noticed_and_restarts_the_clock() -> None:
    game = new_game()
    drillmaster = put(game.state, "bob", CARDS["Rootguard Drillmaster"], "battlefield")
    put(game.state, "alice", CARDS["Kitnap"], "hand")
    cast(game, "alice", "Kitnap", drillmaster.oid, gift="bob")
    assert events(game, "control_changed") == [{"event": "control_changed", "card": "Rootguard Drillmaster",
                                                "controller": "alice", "previous": "bob"}]
    drillmaster.tapped = False
    with pytest.raises(GameError, match="continuously"):
        game.activate("alice", drillmaster.oid, None, [[drillmaster.oid]])


def test_a_permanent_of_the_starting_position_has_been_controlled_since_before_the_scenario() -> None:
    game = new_game()
    drillmaster = put(game.state, "bob", CARDS["Rootguard Drillmaster"], "battlefield")
    game.activate("bob", drillmaster.oid, None, [[drillmaster.oid]])  # on alice's turn, long-standing
    assert drillmaster.tapped


# ---------------------------------------------------------------------------------- 608.2h, 113.7a
KITNAP_BOUNCED = """card: Kitnap
scenarios:
  - name: bounced in response to its own enters trigger
    players:
      alice: {hand: [Kitnap]}
      bob: {hand: [Into the Flood Maw], battlefield: [Grizzly Bears]}
    actions:
      - {cast: Kitnap, targets: [Grizzly Bears], hold: true}
      - pass
      - {cast: Into the Flood Maw, by: bob, gift: alice, targets: [Kitnap], hold: true}
      - resolve
    expect:
      permanents:
        - {name: Grizzly Bears, controller: bob, tapped: true, counters: {stun: 3}}
"""


def test_enchanted_creature_is_the_one_the_aura_enchanted_as_it_left() -> None:
    assert _run(KITNAP_BOUNCED) == []


# ------------------------------------------------------------------------------------------ 800.4a
def test_a_third_player_conceding_while_abilities_wait_on_the_stack_leaves_them_alone() -> None:
    game = new_game(("alice", "bob", "carol"))
    put(game.state, "alice", CARDS["Hearthward Captain"], "hand")
    cast(game, "alice", "Hearthward Captain", gift="bob", resolve=False)
    game.pass_priority()  # the Captain enters: its triggers wait on the stack
    waiting = list(game.state.stack)
    assert waiting and all(sid in game.state.abilities for sid in waiting)
    concede(game.state, "carol")
    assert game.state.stack == waiting
    assert events(game, "left_game")[0]["ceased"] == []


def test_a_player_leaving_ceases_their_abilities_and_copies_and_exiles_what_they_control() -> None:
    game = new_game(("alice", "bob", "carol"))
    put(game.state, "alice", CARDS["Hearthward Captain"], "hand")
    cast(game, "alice", "Hearthward Captain", gift="bob", resolve=False)
    game.pass_priority()
    concede(game.state, "alice")
    assert game.state.stack == [] and game.state.abilities == {}
    left = events(game, "left_game")[0]
    assert left["objects"][0] == "Hearthward Captain" and len(left["ceased"]) == 3


def test_with_one_player_left_the_game_is_over_and_refuses_every_action() -> None:
    game = new_game()
    put(game.state, "alice", CARDS["Shock"], "hand")
    concede(game.state, "bob")
    assert (game.state.over, game.state.winner) == (True, "alice")
    assert events(game, "left_game") == []  # nothing leaves: the game simply ended
    shock = find(game, "Shock", "hand")
    for act in (lambda: game.cast(CastRequest("alice", shock.oid, (), [["alice"]])), game.next_turn,
                lambda: concede(game.state, "alice")):
        with pytest.raises(GameError) as refused:
            act()
        assert refused.value.code == "game_over"


# ------------------------------------------------------------------------------------------ 601.2c
SAME_TARGET = """card: Wear Down
scenarios:
  - name: the same enchantment twice
    players:
      alice: {hand: [Wear Down]}
      bob: {battlefield: [Glorious Anthem, Glorious Anthem]}
    actions:
      - cast: Wear Down
        gift: bob
        targets: [[Glorious Anthem, Glorious Anthem]]
        error: duplicate_target
"""


def test_a_name_repeated_in_one_target_is_the_same_object_and_refused_as_a_duplicate() -> None:
    assert _run(SAME_TARGET) == []
    nth = SAME_TARGET.replace("[[Glorious Anthem, Glorious Anthem]]",
                              "[[Glorious Anthem, {name: Glorious Anthem, nth: 2}]]")
    assert any("action was expected to fail" in failure for failure in _run(nth))


def test_a_source_that_left_deals_its_damage_with_the_keywords_it_last_had() -> None:
    """608.2h: the enters trigger of a lifelink, deathtouch creature bounced in response still gains its
    controller life and destroys what it damaged."""
    from cardgen.resolver.testing import make_card

    viper = make_card("Viper", "Creature", pt="1/1", abilities=[
        {"kind": "keyword", "keyword": "deathtouch"}, {"kind": "keyword", "keyword": "lifelink"},
        {"kind": "triggered", "text": "When Viper enters, Viper deals 1 damage to target creature.", "event": "enters",
         "effects": [{"effect": "damage", "amount": 1, "to": {"target": {"types": ["creature"]}}}]}])
    game = new_game()
    wall = put(game.state, "bob", CARDS["Jolly Gerbils"], "battlefield")
    put(game.state, "alice", viper, "hand")
    put(game.state, "bob", CARDS["Into the Flood Maw"], "hand")
    cast(game, "alice", "Viper", resolve=False)
    game.pass_priority()  # Viper enters; its trigger targets the Gerbils
    viper_now = find(game, "Viper", "battlefield")
    cast(game, "bob", "Into the Flood Maw", viper_now.oid)
    assert game.state.live(wall.oid) is None  # deathtouch damage: destroyed (704.5h)
    assert game.state.players["alice"].life == 21
