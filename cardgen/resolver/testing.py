"""Builders for tests and tools that drive the engine from Python: a card from a few fields, a game
with players and libraries, and shorthands to cast and find objects. Nothing here is used by the engine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgen.game.objects import FILLER, Entity, GameObject
from cardgen.model.card import Card
from cardgen.resolver.casting import CastRequest
from cardgen.resolver.game import Game
from cardgen.resolver.setup import put


def make_card(name: str, *types: str, **fields: Any) -> Card:
    """`make_card("Bear", "Creature", pt="2/2")`; `abilities` takes spec dicts."""
    data: dict[str, Any] = {"name": name, "types": list(types) or ["Creature"],
                            "printings": [{"set": "TST", "number": "1", "rarity": "common"}]}
    if "mana_cost" not in fields:
        data["mana_cost"] = "{1}"
    data.update(fields)
    if data.get("mana_cost") is None:
        data.pop("mana_cost")
    return Card.model_validate(data)


def spell(name: str, *effects: dict[str, Any], types: Sequence[str] = ("Instant",), **fields: Any) -> Card:
    """An instant (or sorcery) whose one spell ability has `effects`."""
    return make_card(name, *types, abilities=[{"kind": "spell", "text": name, "effects": list(effects)}],
                     **fields)


def new_game(players: Sequence[str] = ("alice", "bob"), library: int = 10, **options: Any) -> Game:
    game = Game.new(list(players), **options)
    for player in players:
        for _ in range(library):
            put(game.state, player, FILLER, "library")
    return game


def find(game: Game, name: str, zone: str | None = None, controller: str | None = None) -> GameObject:
    """The first live object with that name (optionally in a zone / held by a player)."""
    for obj in game.state.all_live_objects():
        if obj.name != name or (zone is not None and obj.zone != zone):
            continue
        if controller is not None and obj.controller != controller:
            continue
        return obj
    raise LookupError(f"no {name} in {zone or 'any zone'}")


def cast(game: Game, player: str, name: str, *targets: Entity | Sequence[Entity], gift: str | None = None,
         discard: Sequence[int] | None = None, resolve: bool = True) -> GameObject:
    """Cast the card named `name` from the player's hand (or exile); each target argument is one slot."""
    card = next(obj for obj in game.state.all_live_objects()
                if obj.name == name and obj.zone in ("hand", "exile")
                and (obj.owner == player or game.state.exile_permission(obj.oid) == player))
    groups = [[t] if isinstance(t, int | str) else list(t) for t in targets]
    result = game.cast(CastRequest(player, card.oid, [gift] if gift else [], groups, discard))
    if resolve:
        game.resolve_stack()
    return result


def events(game: Game, kind: str | None = None) -> list[dict[str, Any]]:
    return [e.to_data() for e in game.state.log if kind is None or e.kind == kind]
