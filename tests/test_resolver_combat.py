"""Declaring attackers and blockers, and the combat damage of attackers and blockers (508, 509, 510, 511.3)."""

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


def test_blocking_restrictions_are_checked_on_the_whole_declaration() -> None:
    game = new_game()
    flier = put(game.state, "alice", _keyword("Flier", "flying"), "battlefield")
    menace = put(game.state, "alice", _keyword("Menacer", "menace"), "battlefield")
    bear = put(game.state, "bob", BEAR, "battlefield")
    archer = put(game.state, "bob", _keyword("Archer", "reach", "1/3"), "battlefield")
    game.attack("alice", [flier.oid, menace.oid])
    for pairs in ([(bear.oid, flier.oid)], [(bear.oid, menace.oid)], [(bear.oid, menace.oid), (bear.oid, menace.oid)]):
        with pytest.raises(GameError) as refused:
            game.block("bob", pairs)
        assert refused.value.code == "cant_block"
    assert not game.state.blocked_this_turn and flier.blocked_by == []
    game.block("bob", [(archer.oid, flier.oid)])
    assert flier.blocked and archer.blocking == flier.oid
    game.advance_to("main2")
    # the menace creature was unblocked; the flier dealt its 2 to the archer, which dealt 1 back
    assert game.state.players["bob"].life == 18
    assert archer.damage == 2 and flier.damage == 1
    assert archer.blocking is None and not flier.blocked


def test_deathtouch_and_trample_assign_one_as_lethal_and_the_rest_to_the_player() -> None:
    game = new_game()
    crusher = make_card("Crusher", "Creature", pt="4/4", abilities=[
        {"kind": "keyword", "keyword": "deathtouch"}, {"kind": "keyword", "keyword": "trample"}])
    attacker = put(game.state, "alice", crusher, "battlefield")
    wall = put(game.state, "bob", make_card("Wall", "Creature", pt="0/5"), "battlefield")
    game.attack("alice", [attacker.oid])
    game.block("bob", [(wall.oid, attacker.oid)])
    game.advance_to("main2")
    assert game.state.players["bob"].life == 17  # 702.2c, 702.19c: 1 is lethal, 3 trample over
    assert wall.zone != "battlefield" or wall.gone


def test_first_strike_kills_a_blocker_before_it_deals_damage() -> None:
    game = new_game()
    striker = put(game.state, "alice", _keyword("Striker", "first_strike"), "battlefield")
    bear = put(game.state, "bob", BEAR, "battlefield")
    game.attack("alice", [striker.oid])
    game.block("bob", [(bear.oid, striker.oid)])
    game.advance_to("main2")
    assert striker.damage == 0 and game.state.players["bob"].graveyard
