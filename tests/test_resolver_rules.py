"""Rules the engine implements around the cards: state-based actions (704), turn structure with stun
counters, phasing and extra turns (500.7, 502, 514), continuous effects and their durations, control."""

from __future__ import annotations

from cardgen.game.objects import token_characteristics
from cardgen.model.card import TokenDef
from cardgen.resolver.setup import put
from cardgen.resolver.snapshot import snapshot
from cardgen.resolver.testing import cast, events, find, make_card, new_game, spell

BEAR = make_card("Bear", "Creature", pt="2/2")
WALL = make_card("Wall", "Creature", pt="0/4", abilities=[{"kind": "keyword", "keyword": "indestructible"}])
ZAP = spell("Zap", {"effect": "damage", "amount": 2, "to": {"target": {"any_target": True}}})
SHRINK = spell("Shrink", {"effect": "pump", "what": {"target": {"types": ["creature"]}}, "toughness": -2})
EXTRA = spell("Time", {"effect": "draw", "who": "you", "amount": 0}, gift="extra_turn")


def test_lethal_damage_and_indestructible() -> None:
    game = new_game()
    bear = put(game.state, "bob", BEAR, "battlefield")
    wall = put(game.state, "bob", WALL, "battlefield", damage=5)
    put(game.state, "alice", ZAP, "hand")
    cast(game, "alice", "Zap", bear.oid)
    game.settle()
    assert [e["reason"] for e in events(game, "died")] == ["lethal damage"]
    assert game.state.live(wall.oid) is not None
    assert [o.name for o in game.state.cards_in("bob", "graveyard")] == ["Bear"]


def test_zero_toughness_ignores_indestructible() -> None:
    game = new_game()
    wall = put(game.state, "bob", make_card("Wall", "Creature", pt="0/2", abilities=[
        {"kind": "keyword", "keyword": "indestructible"}]), "battlefield")
    put(game.state, "alice", SHRINK, "hand")
    cast(game, "alice", "Shrink", wall.oid)
    assert events(game, "died")[0]["reason"] == "zero toughness"


def test_player_at_zero_life_loses() -> None:
    game = new_game()
    game.state.players["bob"].life = 2
    put(game.state, "alice", ZAP, "hand")
    cast(game, "alice", "Zap", "bob")
    assert game.state.players["bob"].lost
    assert events(game, "player_lost") == [{"event": "player_lost", "player": "bob", "reason": "life 0 or less"}]


def test_drawing_from_an_empty_library_loses() -> None:
    game = new_game(library=0)
    put(game.state, "alice", spell("Think", {"effect": "draw", "amount": 1}), "hand")
    cast(game, "alice", "Think")
    assert game.state.players["alice"].lost


def test_token_leaving_the_battlefield_ceases_to_exist() -> None:
    game = new_game()
    fish = put(game.state, "bob", token_characteristics(TokenDef(name="Fish", types=["Creature"], pt="1/1")),
               "battlefield", token=True)
    put(game.state, "alice", ZAP, "hand")
    cast(game, "alice", "Zap", fish.oid)
    assert game.state.players["bob"].graveyard == []
    assert events(game, "ceased")[0]["card"] == "Fish"


def test_aura_without_a_legal_object_goes_to_the_graveyard() -> None:
    aura = make_card("Grip", "Enchantment", subtypes=["Aura"], abilities=[
        {"kind": "enchant", "filter": {"types": ["creature"]}}])
    game = new_game()
    bear = put(game.state, "bob", BEAR, "battlefield")
    grip = put(game.state, "alice", aura, "battlefield", attached_to=bear.oid)
    put(game.state, "alice", ZAP, "hand")
    cast(game, "alice", "Zap", bear.oid)
    assert game.state.live(grip.oid) is None
    assert sorted(o.name for o in game.state.cards_in("alice", "graveyard")) == ["Grip", "Zap"]


def test_legend_rule_keeps_the_newest() -> None:
    legend = make_card("Hero", "Creature", pt="1/1", supertypes=["Legendary"])
    game = new_game()
    put(game.state, "alice", legend, "battlefield")
    put(game.state, "alice", legend, "hand")
    cast(game, "alice", "Hero")
    assert len([o for o in game.state.permanents() if o.name == "Hero"]) == 1
    assert [o.name for o in game.state.cards_in("alice", "graveyard")] == ["Hero"]


def test_counters_annihilate() -> None:
    game = new_game()
    bear = put(game.state, "alice", BEAR, "battlefield", counters={"+1/+1": 2, "-1/-1": 1})
    game.settle()
    assert bear.counters == {"+1/+1": 1}


def test_stun_counter_replaces_untapping() -> None:
    game = new_game()
    bear = put(game.state, "alice", BEAR, "battlefield", tapped=True, counters={"stun": 2})
    other = put(game.state, "alice", BEAR, "battlefield", tapped=True)
    game.next_turn()  # bob's turn: alice's permanents don't untap
    assert bear.tapped and bear.counters == {"stun": 2} and other.tapped
    game.next_turn()
    assert bear.tapped and bear.counters == {"stun": 1} and not other.tapped
    game.next_turn()
    game.next_turn()
    assert bear.tapped and bear.counters == {}
    game.next_turn()
    game.next_turn()
    assert not bear.tapped


def test_stun_counter_on_an_untapped_permanent_stays() -> None:
    game = new_game()
    bear = put(game.state, "alice", BEAR, "battlefield", counters={"stun": 1})
    game.next_turn()
    game.next_turn()
    assert bear.counters == {"stun": 1} and not bear.tapped


def test_extra_turns_most_recent_first_then_turn_order_resumes() -> None:
    game = new_game(players=("alice", "bob", "carol"))
    put(game.state, "alice", EXTRA, "hand")
    put(game.state, "alice", EXTRA, "hand")
    cast(game, "alice", "Time", gift="bob")
    cast(game, "alice", "Time", gift="carol")
    assert snapshot(game.state)["extra_turns"] == ["carol", "bob"]
    for _ in range(5):
        game.next_turn()
    turns = [(t.player, t.extra) for t in game.state.turns]
    assert turns == [("alice", False), ("carol", True), ("bob", True), ("bob", False), ("carol", False),
                     ("alice", False)]
    assert [t.turn for t in game.state.turns] == [1, 2, 3, 4, 5, 6]


def test_extra_turn_for_the_active_player_during_an_extra_turn() -> None:
    game = new_game()
    put(game.state, "bob", EXTRA, "hand")
    put(game.state, "alice", EXTRA, "hand")
    cast(game, "alice", "Time", gift="bob")
    game.next_turn()  # bob's extra turn
    cast(game, "bob", "Time", gift="alice")
    game.next_turn()
    game.next_turn()
    assert [(t.player, t.extra) for t in game.state.turns] == [
        ("alice", False), ("bob", True), ("alice", True), ("bob", False)]


def test_phased_out_permanents_return_in_their_controllers_untap_step() -> None:
    game = new_game()
    bear = put(game.state, "alice", BEAR, "battlefield", tapped=True)
    put(game.state, "alice", spell("Fade", {"effect": "phase_out", "what": {
        "all": {"types": ["permanent"], "controller": "you"}}}), "hand")
    cast(game, "alice", "Fade")
    assert bear.phased_out
    assert game.state.permanents() == []  # treated as though it doesn't exist
    game.next_turn()
    assert bear.phased_out and bear.tapped
    game.next_turn()
    assert not bear.phased_out
    assert not bear.tapped
    assert [e["event"] for e in events(game) if e["event"] in ("phased_in", "untapped")] == ["phased_in",
                                                                                        "untapped"]


def test_protection_prevents_damage_and_until_your_next_turn_ends() -> None:
    game = new_game()
    put(game.state, "alice", spell("Shield", {"effect": "protection", "what": "you",
                                               "duration": "until_your_next_turn"},
                                   {"effect": "life_cant_change", "who": "you", "duration": "until_your_next_turn"}),
        "hand")
    put(game.state, "bob", spell("Storm", {"effect": "damage", "amount": 3, "to": "each_player"}), "hand")
    cast(game, "alice", "Shield")
    game.next_turn()
    cast(game, "bob", "Storm")
    assert game.state.players["alice"].life == 20
    assert game.state.players["bob"].life == 17
    assert events(game, "damage_prevented")[0]["to"] == "alice"
    game.next_turn()
    assert snapshot(game.state)["players"]["alice"]["protection"] is False


def test_end_of_turn_effects_and_damage_wear_off_in_cleanup() -> None:
    game = new_game()
    bear = put(game.state, "alice", BEAR, "battlefield")
    put(game.state, "alice", spell("Pump", {"effect": "pump", "what": {"target": {"types": ["creature"]}},
                                            "power": 3, "toughness": 3}), "hand")
    put(game.state, "alice", ZAP, "hand")
    cast(game, "alice", "Pump", bear.oid)
    cast(game, "alice", "Zap", bear.oid)
    data = snapshot(game.state)["battlefield"][0]
    assert (data["power"], data["toughness"], data["damage"]) == (5, 5, 2)
    game.next_turn()
    data = snapshot(game.state)["battlefield"][0]
    assert (data["power"], data["toughness"], data["damage"]) == (2, 2, 0)


def test_control_static_and_last_known_controller() -> None:
    aura = make_card("Steal", "Enchantment", subtypes=["Aura"], abilities=[
        {"kind": "enchant", "filter": {"types": ["creature"]}},
        {"kind": "static", "text": "You control enchanted creature.",
         "effects": [{"effect": "control", "affected": "enchanted"}]}])
    game = new_game()
    bear = put(game.state, "bob", BEAR, "battlefield")
    put(game.state, "alice", aura, "hand")
    cast(game, "alice", "Steal", bear.oid)
    assert snapshot(game.state)["battlefield"][0]["controller"] == "alice"
    put(game.state, "alice", spell("Blast", {"effect": "damage", "id": "hit", "amount": 2,
                                             "to": {"target": {"types": ["creature"]}}},
                                   {"effect": "lose_life", "amount": 1,
                                    "who": {"ref": "hit", "relation": "controller"}}), "hand")
    cast(game, "alice", "Blast", bear.oid)
    assert game.state.players["alice"].life == 19  # it was alice's creature as it was dealt damage
    assert [o.name for o in game.state.cards_in("bob", "graveyard")] == ["Bear"]


def test_draw_step_and_first_turn_skip() -> None:
    game = new_game(step="untap")
    game.advance_to("main1")
    assert game.state.players["alice"].hand == []
    game.next_turn()
    assert len(game.state.players["bob"].hand) == 1


def test_cleanup_discards_to_seven() -> None:
    game = new_game()
    for _ in range(9):
        put(game.state, "alice", BEAR, "hand")
    game.next_turn()
    assert len(game.state.players["alice"].hand) == 7
    assert len(events(game, "discarded")) == 2


def test_glorious_anthem_style_static_applies_to_new_creatures() -> None:
    anthem = make_card("Anthem", "Enchantment", abilities=[{"kind": "static", "text": "x", "effects": [
        {"effect": "modify", "affected": {"all": {"types": ["creature"], "controller": "you"}}, "power": 1,
         "toughness": 1}]}])
    game = new_game()
    put(game.state, "alice", anthem, "battlefield")
    put(game.state, "alice", BEAR, "hand")
    theirs = put(game.state, "bob", BEAR, "battlefield")
    cast(game, "alice", "Bear")
    mine = find(game, "Bear", zone="battlefield", controller="alice")
    from cardgen.game.continuous import view

    assert (view(game.state, mine).power, view(game.state, theirs).power) == (3, 2)
