"""Declaring attackers and the combat damage of unblocked attackers (508, 510, 511.3)."""

from __future__ import annotations

import pytest

from cardgen.game.errors import GameError
from cardgen.resolver.setup import put
from cardgen.resolver.testing import events, make_card, new_game


def _keyword(name: str, keyword: str, pt: str = "2/2"):
    return make_card(name, "Creature", pt=pt, abilities=[{"kind": "keyword", "keyword": keyword}])


BEAR = make_card("Bear", "Creature", pt="2/2")
GAINER = make_card("Gainer", "Creature", pt="1/1", abilities=[
    {"kind": "triggered", "text": "Whenever this creature attacks, you gain 1 life.", "event": "attacks",
     "effects": [{"effect": "gain_life", "amount": 1}]}])


def test_attacking_taps_triggers_and_deals_damage_as_combat_ends() -> None:
    game = new_game()
    bear = put(game.state, "alice", BEAR, "battlefield")
    gainer = put(game.state, "alice", GAINER, "battlefield")
    game.attack("alice", [bear.oid, gainer.oid])
    assert game.state.step == "combat" and bear.tapped and gainer.tapped
    assert [e["card"] for e in events(game, "attacked")] == ["Bear", "Gainer"]
    game.resolve_stack()
    assert game.state.players["alice"].life == 21 and game.state.players["bob"].life == 20
    game.advance_to("main2")
    assert game.state.players["bob"].life == 17
    assert bear.attacking is None and gainer.attacking is None  # removed from combat (511.3)


def test_vigilance_doesnt_tap_and_double_strike_deals_twice() -> None:
    game = new_game()
    watcher = put(game.state, "alice", _keyword("Watcher", "vigilance"), "battlefield")
    striker = put(game.state, "alice", _keyword("Striker", "double_strike", "3/1"), "battlefield")
    game.attack("alice", [watcher.oid, striker.oid])
    assert not watcher.tapped and striker.tapped
    game.advance_to("main2")
    assert game.state.players["bob"].life == 20 - 2 - 3 - 3


def test_an_attacker_not_controlled_since_the_turn_began_needs_haste() -> None:
    game = new_game()
    bear = put(game.state, "alice", BEAR, "battlefield")
    bear.controlled_since = game.state.turn_number
    with pytest.raises(GameError) as refused:
        game.attack("alice", [bear.oid])
    assert (refused.value.code, refused.value.rule) == ("cant_attack", "508.1a")
    hasty = put(game.state, "alice", _keyword("Hasty", "haste"), "battlefield")
    hasty.controlled_since = game.state.turn_number
    game.attack("alice", [hasty.oid])
    assert hasty.attacking == "bob"


def test_tapped_creatures_and_a_second_declaration_are_refused() -> None:
    game = new_game()
    tapped = put(game.state, "alice", BEAR, "battlefield", tapped=True)
    with pytest.raises(GameError, match="tapped"):
        game.attack("alice", [tapped.oid])
    other = put(game.state, "alice", BEAR, "battlefield")
    game.attack("alice", [other.oid])
    with pytest.raises(GameError, match="already"):
        game.attack("alice", [other.oid])
    game.advance_to("main2")
    with pytest.raises(GameError, match="combat is over"):
        game.attack("alice", [other.oid])
