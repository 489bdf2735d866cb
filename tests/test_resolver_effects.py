"""Effect handlers: one per `effect:` type of the vocabulary, each exercised from spec data (never a
card name)."""

from __future__ import annotations

import typing
from collections.abc import Sequence

from cardgen.game.choices import FirstChooser
from cardgen.game.continuous import view
from cardgen.game.objects import Entity
from cardgen.model.card import Effect
from cardgen.resolver.setup import put
from cardgen.resolver.snapshot import snapshot
from cardgen.resolver.testing import cast, events, find, make_card, new_game, spell
from cardgen.vocab import EFFECTS
from cardgen.vocab.construct import OneShot

BEAR = make_card("Bear", "Creature", pt="2/2")
ORC = make_card("Orc", "Creature", pt="3/1")


def _effect_names() -> set[str]:
    union = typing.get_args(typing.get_args(Effect)[0])
    return {typing.get_args(model.model_fields["effect"].annotation)[0] for model in union}


def test_every_effect_an_ability_performs_has_a_resolver_handler() -> None:
    """Exactly the kinds of the `Effect` union (what spells and abilities perform) resolve (`OneShot`); the
    static kinds are applied by `cardgen.game.continuous` instead (`Continuous`)."""
    assert {kind for kind, construct in EFFECTS.items() if isinstance(construct.rule, OneShot)} == _effect_names()
    assert {kind for kind, construct in EFFECTS.items() if construct.is_static} == set(EFFECTS) - _effect_names()


def test_sacrifice_greatest_power_and_choice() -> None:
    edict = spell("Edict", {"effect": "sacrifice", "who": {"target": {"player": "opponent"}},
                            "filter": {"types": ["creature"]}, "choice": "greatest_power"})
    game = new_game()
    put(game.state, "bob", BEAR, "battlefield")
    put(game.state, "bob", ORC, "battlefield")
    put(game.state, "alice", edict, "hand")
    cast(game, "alice", "Edict", "bob")
    assert [e["card"] for e in events(game, "sacrificed")] == ["Orc"]


def test_sacrifice_ignores_indestructible_and_other_players_permanents() -> None:
    edict = spell("Edict", {"effect": "sacrifice", "who": "each_opponent", "filter": {"types": ["creature"]}})
    wall = make_card("Wall", "Creature", pt="0/4", abilities=[{"kind": "keyword", "keyword": "indestructible"}])
    game = new_game()
    put(game.state, "alice", BEAR, "battlefield")
    put(game.state, "bob", wall, "battlefield")
    put(game.state, "alice", edict, "hand")
    cast(game, "alice", "Edict")
    assert [o.name for o in game.state.cards_in("bob", "graveyard")] == ["Wall"]
    assert [o.name for o in game.state.permanents()] == ["Bear"]


def test_reveal_and_exile_then_may_cast() -> None:
    heist = spell("Heist", {"effect": "reveal_and_exile", "id": "taken", "who": {"target": {"player": "opponent"}},
                            "filter": {"zone": "hand", "not_types": ["land"]}},
                  {"effect": "may_cast_from_exile", "what": {"ref": "taken"}})
    game = new_game()
    put(game.state, "bob", make_card("Island", "Land", mana_cost=None), "hand")
    put(game.state, "bob", spell("Zap", {"effect": "damage", "amount": 2, "to": {"target": {"any_target": True}}}),
        "hand")
    put(game.state, "alice", heist, "hand")
    cast(game, "alice", "Heist", "bob")
    assert events(game, "revealed")[0]["cards"] == ["Island", "Zap"]
    cast(game, "alice", "Zap", "bob")
    assert game.state.players["bob"].life == 18
    assert [o.name for o in game.state.cards_in("bob", "graveyard")] == ["Zap"]


def test_token_copy_with_set_pt_copies_copiable_values_only() -> None:
    clone = spell("Clone", {"effect": "token_copy", "of": {"target": {"types": ["creature"]}}, "set_pt": "1/1"})
    flier = make_card("Drake", "Creature", pt="2/2", abilities=[{"kind": "keyword", "keyword": "flying"}])
    game = new_game()
    drake = put(game.state, "bob", flier, "battlefield", counters={"+1/+1": 2}, tapped=True)
    put(game.state, "alice", clone, "hand")
    cast(game, "alice", "Clone", drake.oid)
    token = find(game, "Drake", controller="alice")
    seen = view(game.state, token)
    assert (seen.power, seen.toughness, token.is_token, token.tapped, token.counters) == (1, 1, True, False, {})
    assert "flying" in seen.keywords


def test_fight_with_deathtouch_and_lifelink() -> None:
    brawl = spell("Brawl", {"effect": "fight", "what": {"target": {"types": ["creature"], "controller": "you"}},
                            "other": {"target": {"types": ["creature"], "controller": "not_you"}}})
    snake = make_card("Snake", "Creature", pt="1/1", abilities=[{"kind": "keyword", "keyword": "deathtouch"},
                                                                 {"kind": "keyword", "keyword": "lifelink"}])
    game = new_game()
    mine = put(game.state, "alice", snake, "battlefield")
    theirs = put(game.state, "bob", make_card("Giant", "Creature", pt="6/6"), "battlefield")
    put(game.state, "alice", brawl, "hand")
    cast(game, "alice", "Brawl", mine.oid, theirs.oid)
    assert sorted(e["card"] for e in events(game, "died")) == ["Giant", "Snake"]
    assert game.state.players["alice"].life == 21


def test_attach_equipment_static_and_unattach() -> None:
    sword = make_card("Sword", "Artifact", subtypes=["Equipment"], abilities=[
        {"kind": "static", "text": "x", "effects": [
            {"effect": "modify", "affected": "equipped", "power": 3, "toughness": 3, "remove_keywords": ["flying"]}]},
        {"kind": "equip", "cost": "{3}"}])
    flier = make_card("Drake", "Creature", pt="2/2", abilities=[{"kind": "keyword", "keyword": "flying"}])
    game = new_game()
    blade = put(game.state, "alice", sword, "battlefield")
    drake = put(game.state, "alice", flier, "battlefield")
    game.equip("alice", blade.oid, drake.oid)
    game.resolve_stack()
    seen = view(game.state, drake)
    assert (seen.power, seen.toughness, "flying" in seen.keywords) == (5, 5, False)
    put(game.state, "alice", spell("Bye", {"effect": "bounce", "what": {"target": {"types": ["creature"]}}}), "hand")
    cast(game, "alice", "Bye", drake.oid)
    assert blade.attached_to is None and events(game, "unattached")


def test_delayed_trigger_created_in_the_end_step_waits_for_the_next_one() -> None:
    flicker = spell("Flicker", {"effect": "exile", "id": "gone", "what": {"target": {"types": ["creature"]}}},
                    {"effect": "delayed_trigger", "at": "next_end_step", "effects": [
                        {"effect": "return_card", "what": {"ref": "gone"}, "to": "battlefield"}]})
    game = new_game(step="end")
    bear = put(game.state, "bob", BEAR, "battlefield")
    put(game.state, "alice", flicker, "hand")
    cast(game, "alice", "Flicker", bear.oid)
    game.next_turn()
    assert [o.name for o in game.state.cards_in("bob", "exile")] == ["Bear"]
    game.advance_to("end")
    assert [o.name for o in game.state.permanents()] == ["Bear"]


def test_ref_to_an_object_that_changed_zones_finds_nothing() -> None:
    """400.7: "that card" in a delayed trigger no longer finds a card that left exile meanwhile."""
    flicker = spell("Flicker", {"effect": "exile", "id": "gone", "what": {"target": {"types": ["creature"]}}},
                    {"effect": "delayed_trigger", "at": "next_end_step", "effects": [
                        {"effect": "return_card", "what": {"ref": "gone"}, "to": "battlefield"}]})
    fetch = spell("Fetch", {"effect": "return_card", "what": {"target": {"zone": "exile", "types": ["creature"]}},
                            "to": "hand"})
    game = new_game()
    bear = put(game.state, "bob", BEAR, "battlefield")
    put(game.state, "alice", flicker, "hand")
    put(game.state, "alice", fetch, "hand")
    cast(game, "alice", "Flicker", bear.oid)
    cast(game, "alice", "Fetch", find(game, "Bear", zone="exile").oid)
    game.advance_to("end")
    assert [o.name for o in game.state.cards_in("bob", "hand")] == ["Bear"]
    assert game.state.permanents() == []


def test_players_effects_life_and_draw() -> None:
    game = new_game(players=("alice", "bob", "carol"))
    put(game.state, "alice", spell("Feast", {"effect": "gain_life", "amount": 3},
                                   {"effect": "lose_life", "who": "each_opponent", "amount": 2},
                                   {"effect": "draw", "who": "each_player", "amount": 1}), "hand")
    cast(game, "alice", "Feast")
    lives = {name: data["life"] for name, data in snapshot(game.state)["players"].items()}
    assert lives == {"alice": 23, "bob": 18, "carol": 18}
    assert all(len(p.hand) == 1 for p in game.state.players.values())


def test_create_token_for_gift_recipient_and_each_player() -> None:
    game = new_game()
    put(game.state, "alice", spell("Party", {"effect": "create_token", "token": "food", "controller": "each_player"},
                                   {"effect": "create_token", "token": "fish", "tapped": True,
                                    "controller": "gift_recipient"}, gift="card"), "hand")
    cast(game, "alice", "Party", gift="bob")
    tokens = sorted((e["player"], e["token"], e["tapped"]) for e in events(game, "token_created"))
    assert tokens == [("alice", "Food", False), ("bob", "Fish", True), ("bob", "Food", False)]


def test_a_subject_of_permanents_and_players_asks_its_choice_once() -> None:
    """A `{ref, choose}` subject of an effect that may act on permanents and players is read once: its
    controller chooses one creature, once, and that creature gains the keyword."""
    rally = spell("Rally", {"effect": "tap", "id": "tapped", "what": {"all": {"types": ["creature"]}}},
                  {"effect": "gain_keyword", "keywords": ["hexproof"], "what": {"ref": "tapped", "choose": 1}})
    game = new_game()
    put(game.state, "alice", BEAR, "battlefield")
    put(game.state, "alice", ORC, "battlefield")
    put(game.state, "alice", rally, "hand")
    asked: list[str] = []

    class Counting(FirstChooser):
        def choose(self, player: str, options: Sequence[Entity], count: int, purpose: str) -> list[Entity]:
            asked.append(purpose)
            return super().choose(player, options, count, purpose)

    game.state.chooser = Counting()
    cast(game, "alice", "Rally")
    assert asked == ["ref tapped"]
    assert sorted(o.name for o in game.state.permanents() if "hexproof" in view(game.state, o).keywords) == ["Bear"]
