"""The gift mechanic on the stack (702.174): given first for instants and sorceries, by an enters
trigger with intervening "if" for permanents, never by a countered or fizzled spell, kept by copies of
spells, not by permanents entering as copies; "whenever you give a gift" triggers."""

from __future__ import annotations

import pytest

from cardgen.model.gift import GIFT_KINDS
from cardgen.resolver.setup import put
from cardgen.resolver.snapshot import snapshot
from cardgen.resolver.testing import cast, events, find, make_card, new_game, spell

BEAR = make_card("Bear", "Creature", pt="2/2")
BOLT = spell("Gift Bolt", {"effect": "damage", "amount": 2, "to": {"target": {"types": ["creature"]}}},
             gift="card")
GERBILS = make_card("Gerbils", "Creature", pt="2/3", abilities=[{
    "kind": "triggered", "text": "Whenever you give a gift, draw a card.", "event": "you_give_gift",
    "effects": [{"effect": "draw", "who": "you"}]}])
GIFT_BEAST = make_card("Gift Beast", "Creature", pt="3/3", gift="tapped_fish")
NEGATE = spell("Negate", {"effect": "counter", "what": {"target": {"zone": "stack"}}})


def _kinds(game) -> list[str]:
    return [e["event"] for e in events(game)]


@pytest.mark.parametrize("kind", sorted(GIFT_KINDS))
def test_every_gift_kind_gives_its_effect_first(kind: str) -> None:
    game = new_game()
    put(game.state, "alice", spell("Gift Spell", {"effect": "gain_life", "amount": 1}, gift=kind), "hand")
    cast(game, "alice", "Gift Spell", gift="bob")
    info = GIFT_KINDS[kind]
    log = _kinds(game)
    assert log.index("gift_given") < log.index("life_gained")
    bob = snapshot(game.state)["players"]["bob"]
    assert len(bob["hand"]) == info.draws
    tokens = [p for p in snapshot(game.state)["battlefield"] if p["controller"] == "bob"]
    if info.token:
        assert len(tokens) == 1 and tokens[0]["tapped"] == info.tapped
    else:
        assert tokens == []
    assert snapshot(game.state)["extra_turns"] == (["bob"] if info.extra_turn else [])


def test_not_promised_gives_nothing() -> None:
    game = new_game()
    put(game.state, "alice", BOLT, "hand")
    bear = put(game.state, "bob", BEAR, "battlefield")
    cast(game, "alice", "Gift Bolt", bear.oid)
    assert "gift_given" not in _kinds(game) and game.state.players["bob"].hand == []


def test_countered_spell_gives_no_gift() -> None:
    game = new_game()
    put(game.state, "alice", BOLT, "hand")
    put(game.state, "bob", NEGATE, "hand")
    bear = put(game.state, "bob", BEAR, "battlefield")
    bolt = cast(game, "alice", "Gift Bolt", bear.oid, gift="bob", resolve=False)
    cast(game, "bob", "Negate", bolt.oid)
    assert "gift_given" not in _kinds(game)
    assert game.state.live(bear.oid) is not None


def test_countered_by_an_effect_gives_no_gift() -> None:
    game = new_game()
    put(game.state, "alice", BOLT, "hand")
    bear = put(game.state, "bob", BEAR, "battlefield")
    bolt = cast(game, "alice", "Gift Bolt", bear.oid, gift="bob", resolve=False)
    game.counter(bolt.oid)
    assert "gift_given" not in _kinds(game) and not game.state.stack


def test_all_targets_illegal_no_gift_no_effects() -> None:
    game = new_game()
    put(game.state, "alice", BOLT, "hand")
    put(game.state, "bob", spell("Hide", {"effect": "bounce", "what": {"target": {"types": ["creature"]}}}), "hand")
    bear = put(game.state, "bob", BEAR, "battlefield")
    cast(game, "alice", "Gift Bolt", bear.oid, gift="bob", resolve=False)
    cast(game, "bob", "Hide", bear.oid)
    assert "fizzled" in _kinds(game) and "gift_given" not in _kinds(game)
    assert [o.name for o in game.state.cards_in("alice", "graveyard")] == ["Gift Bolt"]


def test_copy_keeps_the_promise_and_the_recipient() -> None:
    game = new_game(players=("alice", "bob", "carol"))
    put(game.state, "alice", BOLT, "hand")
    bear = put(game.state, "bob", make_card("Big", "Creature", pt="5/5"), "battlefield")
    original = cast(game, "alice", "Gift Bolt", bear.oid, gift="carol", resolve=False)
    copy = game.copy_spell(original.oid, "bob")
    assert copy.promised and copy.gift_recipient == "carol"
    game.resolve_stack()
    gifts = events(game, "gift_given")
    assert [(g["player"], g["to"]) for g in gifts] == [("bob", "carol"), ("alice", "carol")]
    assert len(game.state.players["carol"].hand) == 2


def test_copy_of_an_unpromised_spell_is_unpromised() -> None:
    game = new_game()
    put(game.state, "alice", BOLT, "hand")
    bear = put(game.state, "bob", make_card("Big", "Creature", pt="5/5"), "battlefield")
    original = cast(game, "alice", "Gift Bolt", bear.oid, resolve=False)
    assert not game.copy_spell(original.oid).promised


def test_permanent_gift_trigger_with_intervening_if() -> None:
    game = new_game()
    put(game.state, "alice", GIFT_BEAST, "hand")
    put(game.state, "alice", GIFT_BEAST, "hand")
    cast(game, "alice", "Gift Beast")
    assert "triggered" not in _kinds(game)
    cast(game, "alice", "Gift Beast", gift="bob")
    log = events(game)
    kinds = [e["event"] for e in log]
    assert kinds.index("moved") < kinds.index("triggered") < kinds.index("gift_given")
    fish = [p for p in snapshot(game.state)["battlefield"] if p["name"] == "Fish"]
    assert len(fish) == 1 and fish[0]["tapped"] and fish[0]["controller"] == "bob"


def test_permanent_entering_as_a_copy_is_not_promised() -> None:
    cloner = spell("Clone It", {"effect": "token_copy", "of": {"target": {"types": ["creature"]}}})
    game = new_game()
    put(game.state, "alice", GIFT_BEAST, "hand")
    put(game.state, "alice", cloner, "hand")
    put(game.state, "alice", GERBILS, "battlefield")
    cast(game, "alice", "Gift Beast", gift="bob")
    beast = find(game, "Gift Beast", zone="battlefield")
    cast(game, "alice", "Clone It", beast.oid)
    assert len(events(game, "gift_given")) == 1
    assert len(events(game, "triggered")) == 2  # the gift trigger, then Gerbils
    copies = [p for p in snapshot(game.state)["battlefield"] if p["name"] == "Gift Beast"]
    assert sorted(p["promised"] for p in copies) == [False, True]


def test_copy_of_a_promised_permanent_spell_keeps_the_promise() -> None:
    game = new_game()
    put(game.state, "alice", GIFT_BEAST, "hand")
    beast = cast(game, "alice", "Gift Beast", gift="bob", resolve=False)
    game.copy_spell(beast.oid)
    game.resolve_stack()
    assert len(events(game, "gift_given")) == 2


def test_you_give_gift_triggers_on_spells_and_permanents_for_the_giver_only() -> None:
    game = new_game()
    put(game.state, "alice", GERBILS, "battlefield")
    put(game.state, "bob", GERBILS, "battlefield")
    put(game.state, "alice", spell("Gift Spell", {"effect": "gain_life", "amount": 1}, gift="food"), "hand")
    put(game.state, "alice", GIFT_BEAST, "hand")
    cast(game, "alice", "Gift Spell", gift="bob")
    cast(game, "alice", "Gift Beast", gift="bob")
    triggered = events(game, "triggered")
    assert [t["player"] for t in triggered if t["source"] == "Gerbils"] == ["alice", "alice"]
    assert len(game.state.players["alice"].hand) == 2
    assert len(game.state.players["bob"].hand) == 0


def test_gift_of_a_card_from_an_empty_library_still_counts() -> None:
    game = new_game(("alice", "bob", "carol"))  # with bob alone against alice his loss would end the game
    game.state.players["bob"].library.clear()
    put(game.state, "alice", GERBILS, "battlefield")
    put(game.state, "alice", spell("Gift Spell", {"effect": "gain_life", "amount": 1}, gift="card"), "hand")
    cast(game, "alice", "Gift Spell", gift="bob")
    kinds = _kinds(game)
    assert kinds.index("gift_given") < kinds.index("draw_from_empty")
    assert "triggered" in kinds and len(game.state.players["alice"].hand) == 1
    assert game.state.players["bob"].lost


def test_explicit_give_gift_keeps_its_place() -> None:
    card = spell("Late Gift", {"effect": "give_gift", "condition": "promised"}, gift="card")
    game = new_game()
    put(game.state, "alice", card, "hand")
    cast(game, "alice", "Late Gift", gift="bob")
    assert len(events(game, "gift_given")) == 1
