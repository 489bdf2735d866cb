"""Casting (601.2): timing, the gift promise (702.174a, k), target slots by promise (702.174m), target
legality with hexproof, shroud, protection and phasing, additional costs, and clear errors."""

from __future__ import annotations

import pytest

from cardgen.game.errors import GameError
from cardgen.resolver.casting import CastRequest
from cardgen.resolver.setup import put
from cardgen.resolver.testing import cast, events, find, make_card, new_game, spell

BEAR = make_card("Bear", "Creature", pt="2/2")
SHOCK = spell("Zap", {"effect": "damage", "amount": 2, "to": {"target": {"any_target": True}}})
SORCERY = spell("Think", {"effect": "draw", "amount": 2}, types=("Sorcery",))
GIFT_BOLT = spell(
    "Gift Bolt",
    {"effect": "damage", "amount": 1, "to": {"target": {"types": ["creature"]}}},
    {"effect": "draw", "who": {"target": {"player": "any", "only_if_promised": True}}, "condition": "promised"},
    gift="card",
)
SWAP = spell(
    "Swap",
    {"effect": "bounce", "what": {"target": {"types": ["creature"]}},
     "instead_if_promised": {"effect": "bounce", "what": {"target": {"types": ["permanent"], "max": 2,
                                                                       "min": 2}}}},
    gift="food",
)


def _error(game, request: CastRequest) -> GameError:
    before = [e.to_data() for e in game.state.log]
    with pytest.raises(GameError) as caught:
        game.cast(request)
    assert [e.to_data() for e in game.state.log] == before, "a refused cast must not change anything"
    return caught.value


def test_sorcery_timing_is_enforced_instants_are_not() -> None:
    game = new_game(active="bob")
    put(game.state, "alice", SORCERY, "hand")
    put(game.state, "alice", SHOCK, "hand")
    error = _error(game, CastRequest("alice", find(game, "Think").oid))
    assert error.code == "timing" and error.rule == "307.1"
    cast(game, "alice", "Zap", "bob")
    assert game.state.players["bob"].life == 18


def test_sorcery_needs_an_empty_stack() -> None:
    game = new_game()
    put(game.state, "alice", SORCERY, "hand")
    put(game.state, "alice", SHOCK, "hand")
    cast(game, "alice", "Zap", "bob", resolve=False)
    assert _error(game, CastRequest("alice", find(game, "Think").oid)).code == "timing"


def test_gift_must_go_to_an_opponent_once() -> None:
    game = new_game(players=("alice", "bob", "carol"))
    put(game.state, "alice", SORCERY, "hand")
    put(game.state, "alice", GIFT_BOLT, "hand")
    put(game.state, "bob", BEAR, "battlefield")
    bolt = find(game, "Gift Bolt").oid
    bear = find(game, "Bear").oid
    assert _error(game, CastRequest("alice", bolt, ["alice"], [[bear], ["bob"]])).code == "not_an_opponent"
    assert _error(game, CastRequest("alice", bolt, ["dave"], [[bear], ["bob"]])).code == "not_an_opponent"
    assert _error(game, CastRequest("alice", bolt, ["bob", "carol"], [[bear], ["bob"]])).code == \
        "already_promised"
    assert _error(game, CastRequest("alice", find(game, "Think").oid, ["bob"])).code == "no_gift"


def test_targets_that_exist_only_when_promised() -> None:
    """702.174m: the player target exists only with the promise; giving it without is an error."""
    game = new_game()
    put(game.state, "alice", GIFT_BOLT, "hand")
    put(game.state, "bob", BEAR, "battlefield")
    bolt, bear = find(game, "Gift Bolt").oid, find(game, "Bear").oid
    assert _error(game, CastRequest("alice", bolt, [], [[bear], ["bob"]])).code == "target_count"
    assert _error(game, CastRequest("alice", bolt, ["bob"], [[bear]])).code == "target_count"
    game.cast(CastRequest("alice", bolt, ["bob"], [[bear], ["alice"]]))
    game.resolve_stack()
    assert len(game.state.players["alice"].hand) == 1
    assert len(game.state.players["bob"].hand) == 1  # the gift


def test_instead_if_promised_replaces_the_targets() -> None:
    game = new_game()
    put(game.state, "alice", SWAP, "hand")
    put(game.state, "bob", BEAR, "battlefield")
    anthem = put(game.state, "bob", make_card("Anthem", "Enchantment"), "battlefield")
    swap, bear = find(game, "Swap").oid, find(game, "Bear").oid
    assert _error(game, CastRequest("alice", swap, [], [[anthem.oid]])).code == "illegal_target"
    assert _error(game, CastRequest("alice", swap, ["bob"], [[bear]])).code == "target_count"
    game.cast(CastRequest("alice", swap, ["bob"], [[bear, anthem.oid]]))
    game.resolve_stack()
    assert sorted(o.name for o in game.state.cards_in("bob", "hand")) == ["Anthem", "Bear"]


def test_no_legal_target_and_illegal_target_errors() -> None:
    game = new_game()
    put(game.state, "alice", make_card("Kill", "Instant", abilities=[{
        "kind": "spell", "text": "x", "effects": [{"effect": "destroy", "what": {"target": {"types": ["creature"]}}}]
    }]), "hand")
    kill = find(game, "Kill").oid
    error = _error(game, CastRequest("alice", kill, [], [[]]))
    assert error.code == "no_legal_target" and error.rule == "601.2c"
    land = put(game.state, "bob", make_card("Island", "Land", mana_cost=None), "battlefield")
    put(game.state, "bob", BEAR, "battlefield")
    assert _error(game, CastRequest("alice", kill, [], [[land.oid]])).code == "illegal_target"
    assert _error(game, CastRequest("alice", kill, [], [["bob"]])).code == "illegal_target"


@pytest.mark.parametrize("keyword", ["hexproof", "shroud"])
def test_hexproof_and_shroud(keyword: str) -> None:
    warded = make_card("Warded", "Creature", pt="2/2", abilities=[{"kind": "keyword", "keyword": keyword}])
    game = new_game()
    put(game.state, "alice", SHOCK, "hand")
    put(game.state, "bob", SHOCK, "hand")
    mine = put(game.state, "alice", warded, "battlefield")
    assert _error(game, CastRequest("bob", find(game, "Zap", controller="bob").oid, [], [[mine.oid]])).code == \
        "illegal_target"
    own = CastRequest("alice", find(game, "Zap", controller="alice").oid, [], [[mine.oid]])
    if keyword == "hexproof":
        game.cast(own)
        game.resolve_stack()
        assert game.state.players["alice"].graveyard
    else:
        assert _error(game, own).code == "illegal_target"


def test_protection_and_phasing_block_targeting() -> None:
    game = new_game()
    put(game.state, "bob", SHOCK, "hand")
    phased = put(game.state, "alice", BEAR, "battlefield", phased_out=True)
    assert _error(game, CastRequest("bob", find(game, "Zap").oid, [], [[phased.oid]])).code == "illegal_target"
    protect = spell("Shield", {"effect": "protection", "what": "you"})
    put(game.state, "alice", protect, "hand")
    cast(game, "alice", "Shield")
    assert _error(game, CastRequest("bob", find(game, "Zap").oid, [], [["alice"]])).code == "illegal_target"


def test_a_spell_cannot_target_itself() -> None:
    counter = spell("Nope", {"effect": "counter", "what": {"target": {"zone": "stack"}}})
    game = new_game()
    put(game.state, "alice", counter, "hand")
    error = _error(game, CastRequest("alice", find(game, "Nope").oid, [], [[]]))
    assert error.code == "no_legal_target"


def test_discard_additional_cost() -> None:
    brew = make_card("Brew", "Instant", abilities=[
        {"kind": "additional_cost", "text": "As an additional cost to cast this spell, discard a card.",
         "discard": 1},
        {"kind": "spell", "text": "Draw two cards.", "effects": [{"effect": "draw", "amount": 2}]},
    ])
    game = new_game()
    put(game.state, "alice", brew, "hand")
    assert _error(game, CastRequest("alice", find(game, "Brew").oid)).code == "cost"
    extra = put(game.state, "alice", BEAR, "hand")
    cast(game, "alice", "Brew", discard=[extra.oid])
    assert [e["card"] for e in events(game, "discarded")] == ["Bear"]
    assert sorted(o.name for o in game.state.cards_in("alice", "graveyard")) == ["Bear", "Brew"]
    assert len(game.state.players["alice"].hand) == 2


def test_cant_cast_spells_and_not_castable() -> None:
    silence = spell("Silence", {"effect": "cant_cast_spells", "who": "each_player"})
    game = new_game()
    put(game.state, "alice", silence, "hand")
    put(game.state, "bob", SHOCK, "hand")
    land = put(game.state, "alice", make_card("Island", "Land", mana_cost=None), "hand")
    assert _error(game, CastRequest("alice", land.oid)).code == "not_castable"
    assert _error(game, CastRequest("alice", find(game, "Zap").oid, [], [["alice"]])).code == "not_castable"
    cast(game, "alice", "Silence")
    assert _error(game, CastRequest("bob", find(game, "Zap").oid, [], [["alice"]])).code == "cant_cast"
    game.next_turn()
    cast(game, "bob", "Zap", "alice")
    assert game.state.players["alice"].life == 18
