"""Property tests: random sequences of legal actions with the shipped cards never raise, and every card
is always in exactly one zone (no card lost or duplicated; tokens and spell copies appear and disappear
only through token creation, copying and ceasing to exist)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

import pytest
from examples import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shipped import shipped_catalog

from cardgen.game import continuous
from cardgen.game.objects import Entity
from cardgen.game.state import GameState
from cardgen.model.card import Card
from cardgen.model.derive import additional_costs, modal_effect, resolution_effects
from cardgen.resolver import targeting
from cardgen.resolver.casting import CastRequest
from cardgen.resolver.game import Game
from cardgen.resolver.leaving import concede
from cardgen.resolver.setup import put
from cardgen.resolver.snapshot import snapshot
from cardgen.resolver.testing import new_game
from cardgen.vocab.effects.modes import choice_problem

SPECS = Path(__file__).resolve().parents[1] / "card_specs"
CARDS = {loaded.card.name: loaded.card for loaded in shipped_catalog().cards} if SPECS.is_dir() else {}
NAMES = sorted(CARDS)
PERMANENTS = sorted(name for name, card in CARDS.items() if card.is_permanent)

pytestmark = pytest.mark.skipif(len(NAMES) < 10, reason="needs the shipped card specs")


class DrawChooser:
    """Lets hypothesis make every in-game decision."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def choose(self, player: str, options: Sequence[Entity], count: int, purpose: str) -> list[Entity]:
        size = min(count, len(options))
        if size == 0:
            return []
        picks = self.data.draw(st.lists(st.integers(0, len(options) - 1), min_size=size, max_size=size,
                                        unique=True), label=purpose)
        return [options[i] for i in picks]

    def decide(self, player: str, purpose: str) -> bool:
        return self.data.draw(st.booleans(), label=purpose)


def census(state: GameState) -> Counter:
    return Counter((obj.owner, obj.name) for obj in state.all_live_objects()
                   if not obj.is_token and not (obj.spell and obj.spell.is_copy))


def check_invariants(game: Game, cards: Counter) -> None:
    state = game.state
    listed: list[int] = list(state.battlefield) + [s for s in state.stack if s not in state.abilities]
    for player in state.players.values():
        listed += player.library + player.hand + player.graveyard + player.exile
    assert len(listed) == len(set(listed)), "an object is in two places"
    for oid in listed:
        obj = state.live(oid)
        assert obj is not None and oid in state.zone_list(obj)
    live = [o for o in state.objects.values() if not o.gone]
    assert sorted(o.oid for o in live) == sorted(listed), "a live object is in no zone"
    # a player who leaves a multiplayer game that goes on takes the cards they own with them (800.4a); a loss
    # that ends the game (104.2a) moves nothing
    left = {event.player for event in state.log if event.kind == "left_game"}  # type: ignore[attr-defined]
    kept = Counter({key: count for key, count in cards.items() if key[0] not in left})
    assert census(state) == kept, "a card was lost or duplicated"
    kinds = Counter(e.kind for e in state.log)
    extra = sum(1 for o in live if o.is_token or (o.spell and o.spell.is_copy))
    assert extra == kinds["token_created"] + kinds["copied"] - kinds["ceased"]
    picture = snapshot(state)
    assert json.loads(json.dumps(picture)) == picture == snapshot(state)


def mode_choices(card: Card | None) -> list[tuple[int, ...] | None]:
    """Every legal choice of modes of a modal instant or sorcery (700.2a, a mode twice where 700.2d allows
    it, within the pawprints of 700.2h), or [None] for any other card."""
    modal = modal_effect(resolution_effects(card)) if card is not None and card.is_instant_or_sorcery else None
    if modal is None:
        return [None]
    indexes = range(len(modal.modes))
    sizes = range(modal.min, modal.max + 1) if modal.pawprints is None else range(1, modal.pawprints + 1)
    return [chosen for size in sizes for chosen in combinations_with_replacement(indexes, size)
            if choice_problem(modal, chosen) is None]


def castable(game: Game) -> list[tuple[str, int, str | None, tuple[int, ...] | None]]:
    state = game.state
    found = []
    for player in state.apnap():
        if continuous.player_has(state, player, "cant_cast"):
            continue
        options = list(state.players[player].hand) + [o for o, who in state.cast_permissions.items() if who == player]
        for oid in options:
            obj = state.obj(oid)
            if obj.chars.card is None or obj.chars.types == ("Land",):
                continue
            instant = "Instant" in obj.chars.types or "flash" in obj.chars.keywords
            if not instant and not state.is_sorcery_time(player):
                continue
            needed = sum(c.discard for c in additional_costs(obj.chars.card))
            if needed > len(state.players[player].hand) - (1 if obj.zone == "hand" else 0):
                continue
            for gift in [None, *state.opponents(player)] if obj.chars.gift else [None]:
                for modes in mode_choices(obj.chars.card):
                    slots = targeting.spell_slots(obj.chars, gift is not None, modes)
                    # another target than the earlier ones (601.2c): enough left whatever those took
                    earlier = [sum(s.target.max for s in slots[:i]) if slot.target.other_target else 0
                               for i, slot in enumerate(slots)]
                    if all(len(_distinct(state, s.target, targeting.candidates(state, s.target, player, oid)))
                           >= s.target.min + taken for s, taken in zip(slots, earlier, strict=True)):
                        found.append((player, oid, gift, modes))
    return found


def _distinct(state: Any, target: Any, options: list[Any]) -> list[Any]:
    """The options a target may take together: for targets controlled by different players (601.2c), one
    permanent of each controller."""
    if not target.different_controllers:
        return options
    seen: dict[str, Any] = {}
    for option in options:
        seen.setdefault(state.obj(option).controller if isinstance(option, int) else option, option)
    return list(seen.values())


def cast_action(game: Game, data: st.DataObject, player: str, oid: int, gift: str | None,
                modes: tuple[int, ...] | None = None) -> Callable[[], None]:
    state = game.state
    obj = state.obj(oid)
    groups = []
    for slot in targeting.spell_slots(obj.chars, gift is not None, modes):
        options = _distinct(state, slot.target, targeting.candidates(state, slot.target, player, oid))
        if slot.target.other_target:
            options = [o for o in options if all(o not in group for group in groups)]
        size = data.draw(st.integers(slot.target.min, min(slot.target.max, len(options))), label="targets")
        picks = data.draw(st.lists(st.integers(0, len(options) - 1), min_size=size, max_size=size,
                                   unique=True)) if size else []
        groups.append([options[i] for i in picks])
    return lambda: game.cast(CastRequest(player, oid, [gift] if gift else [], groups, modes=modes))


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.data_too_large])
@given(st.data())
def test_random_legal_actions_never_raise_and_conserve_cards(data: st.DataObject) -> None:
    players = data.draw(st.sampled_from([("alice", "bob"), ("alice", "bob", "carol")]), label="players")
    game = new_game(players=players, library=data.draw(st.integers(0, 6), label="library"))
    state = game.state
    for player in players:
        for name in data.draw(st.lists(st.sampled_from(NAMES), max_size=5), label=f"{player} hand"):
            put(state, player, CARDS[name], "hand")
        for name in data.draw(st.lists(st.sampled_from(PERMANENTS), max_size=3), label=f"{player} field"):
            put(state, player, CARDS[name], "battlefield")
        for name in data.draw(st.lists(st.sampled_from(NAMES), max_size=2), label=f"{player} graveyard"):
            put(state, player, CARDS[name], "graveyard")
    state.chooser = DrawChooser(data)
    cards = census(state)
    check_invariants(game, cards)
    for _ in range(data.draw(st.integers(1, 20), label="length")):
        state.trigger_modes = [(0,)] * 8  # a modal trigger's first mode (700.2b), which every modal card has
        menu: list[str] = ["next_step", "next_turn"]
        if state.stack:
            menu += ["pass", "resolve"]
            if state.stack[-1] not in state.abilities:
                menu += ["copy", "counter"]
        casts = castable(game)
        if casts:
            menu += ["cast"] * 3
        if len(players) > 2:  # a player leaving with whatever is on the stack, owned or controlled (800.4a)
            menu.append("concede")
        choice = data.draw(st.sampled_from(menu), label="action")
        if choice == "cast":
            player, oid, gift, modes = data.draw(st.sampled_from(casts), label="spell")
            cast_action(game, data, player, oid, gift, modes)()
        elif choice == "pass":
            game.pass_priority()
        elif choice == "resolve":
            game.resolve_stack()
        elif choice == "copy":
            game.copy_spell(state.stack[-1])
        elif choice == "counter":
            game.counter(state.stack[-1])
        elif choice == "concede":
            concede(state, data.draw(st.sampled_from(state.apnap()), label="who concedes"))
            game.settle()
        elif choice == "next_step":
            game.next_step()
        else:
            game.next_turn()
        check_invariants(game, cards)
        if sum(not p.lost for p in state.players.values()) < 2:
            break
