"""The tables a game is built with (`cardgen.vocab.game_tables`): the game-state kit knows no
effect kind or subject kind, so what a static ability does and what a subject names reach it only through
the tables `Game.new` hands `GameState`."""

from __future__ import annotations

from cardgen import vocab
from cardgen.game.context import Context
from cardgen.game.continuous import controller_of, view
from cardgen.model.card import Card
from cardgen.resolver.setup import put
from cardgen.resolver.testing import find, make_card, new_game
from cardgen.vocab import game_tables

BANNER = Card.model_validate({
    "name": "Test Banner", "mana_cost": "{1}{R}", "types": ["Enchantment"],
    "oracle": "Creatures you control get +1/+0.",
    "printings": [{"set": "CGT", "number": "94", "rarity": "common"}],
    "abilities": [{"kind": "static", "text": "Creatures you control get +1/+0.", "effects": [
        {"effect": "modify", "affected": {"all": {"types": ["creature"], "controller": "you"}}, "power": 1}]}]})


def test_every_static_effect_kind_of_the_registry_has_a_rule() -> None:
    rules = game_tables.static_rules()
    declared = {c.model for c in vocab.EFFECTS.values() if c.is_static}
    assert set(rules) == declared and declared
    assert {rule.layer for rule in rules.values()} <= {2, 6}


def test_a_static_applies_through_the_rule_the_game_was_built_with() -> None:
    game = new_game()
    put(game.state, "alice", BANNER, "battlefield")
    put(game.state, "alice", make_card("Bear", "Creature", pt="2/2"), "battlefield")
    bear = find(game, "Bear")
    assert view(game.state, bear).power == 3
    game.state.statics = {}
    assert view(game.state, bear).power == 2
    assert controller_of(game.state, bear) == "alice"


def test_a_subject_names_what_its_kind_reader_says() -> None:
    game = new_game(("alice", "bob", "carol"))
    ctx = Context(state=game.state, controller="alice", source=0, source_name="a test", promised=False,
                  recipient="carol", gift=None)
    assert ctx.subject("each_opponent", "who") == ["bob", "carol"]
    assert ctx.subject("gift_recipient", "who") == ["carol"]
    game.state.subjects = {key: read for key, read in game.state.subjects.items() if key != "each_opponent"}
    assert ctx.subject("each_opponent", "who") == []
