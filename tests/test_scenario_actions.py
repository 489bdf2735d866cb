"""Scenario actions as authors need them: a refused action changes nothing, even when it is refused while
resolving; a mana ability doesn't resolve the stack; paying an activated ability's mana from the pool;
a copy of a spell with new targets (707.10c)."""

from __future__ import annotations

from pathlib import Path

import pytest
from shipped import shipped_catalog

from cardgen.game.errors import GameError
from cardgen.resolver.scenario.actions import perform
from cardgen.resolver.scenario.build import build_game
from cardgen.resolver.scenario.loader import load_text
from cardgen.resolver.snapshot import snapshot

ROOT = Path(__file__).resolve().parents[1]
CARDS = {loaded.card.name: loaded.card for loaded in shipped_catalog().cards}


def _game(text: str):  # type: ignore[no-untyped-def]
    [loaded] = load_text(text, "case.yaml").scenarios
    game, failures = build_game(loaded, CARDS)
    assert game is not None, failures
    return game, loaded.scenario.actions


HEIST = """card: Cruelclaw's Heist
scenarios:
  - name: a land named as the card to take
    players:
      alice: {hand: ["Cruelclaw's Heist"]}
      bob: {hand: [Shock, Island], library: 5}
    actions:
      - {cast: "Cruelclaw's Heist", gift: bob, targets: [bob], choices: [Island], error: bad_choice}
"""


def test_an_action_refused_while_it_resolves_is_undone_as_a_whole() -> None:
    game, [cast] = _game(HEIST)
    before, log = snapshot(game.state), len(game.state.log)
    with pytest.raises(GameError) as refused:
        perform(game, cast)
    assert refused.value.code == "bad_choice"
    assert snapshot(game.state) == before and len(game.state.log) == log  # the gift, the reveal, the cast: gone


def test_the_checkpoint_is_independent_of_the_game_it_copies() -> None:
    game, _ = _game(HEIST)
    saved = game.state.checkpoint()
    bob = saved.players["bob"]
    bob.hand.clear()
    bob.life = 1
    assert len(game.state.players["bob"].hand) == 2 and game.state.players["bob"].life == 20
    oid = game.state.players["alice"].hand[0]
    assert saved.objects[oid] is not game.state.objects[oid]
    assert saved.objects[oid].chars is game.state.objects[oid].chars  # characteristics never change: shared


RESPOND = """card: Nocturnal Hunger
scenarios:
  - name: Treasure mana with a spell on the stack
    players:
      alice: {hand: [Nocturnal Hunger, Briarthorn Blade]}
      bob: {battlefield: [Grizzly Bears, Burrowed Cache]}
    actions:
      - {cast: Briarthorn Blade, gift: bob}
      - {cast: Nocturnal Hunger, targets: [Grizzly Bears], hold: true}
      - {activate: Treasure, by: bob}
      - {activate: Burrowed Cache, by: bob, mana: pool}
      - {activate: Burrowed Cache, by: bob, mana: pool, hold: true}
"""


def test_a_mana_ability_leaves_the_stack_as_it_is_and_the_pool_pays_only_what_it_holds() -> None:
    game, actions = _game(RESPOND)
    for action in actions[:3]:
        perform(game, action)
    state = game.state
    assert [state.obj(oid).name for oid in state.stack] == ["Nocturnal Hunger"]
    assert state.players["bob"].mana_pool == 1
    perform(game, actions[4])  # {1} from the pool: the Cache's draw goes on the stack above the spell
    assert state.players["bob"].mana_pool == 0 and len(state.stack) == 2
    game, actions = _game(RESPOND)
    for action in actions[:2]:
        perform(game, action)
    with pytest.raises(GameError) as refused:  # nothing in the pool: {1} can't be paid
        perform(game, actions[3])
    assert (refused.value.code, refused.value.rule) == ("cost", "601.2h")


COPY = """card: Shock
scenarios:
  - name: copies
    players:
      alice: {hand: [Shock]}
      bob: {battlefield: [Grizzly Bears, Wind Drake, Glorious Anthem]}
    actions:
      - {cast: Shock, targets: [Grizzly Bears], hold: true}
      - {copy: Shock, targets: [[Wind Drake, Grizzly Bears]], hold: true}
      - {copy: Shock, targets: [Glorious Anthem], hold: true}
      - {copy: Shock, targets: [Wind Drake], hold: true}
"""


def test_a_copy_s_new_targets_keep_the_number_and_must_be_legal() -> None:
    game, actions = _game(COPY)
    perform(game, actions[0])
    for action, code in ((actions[1], "target_count"), (actions[2], "illegal_target")):
        with pytest.raises(GameError) as refused:
            perform(game, action)
        assert refused.value.code == code
    perform(game, actions[3])
    [copied] = [e.to_data() for e in game.state.log if e.kind == "copied"]
    assert copied["targets"] == ["Wind Drake"]
