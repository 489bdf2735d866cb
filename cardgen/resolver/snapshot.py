"""A plain-data picture of the game: what `cardgen check` compares between card pools.

Only names, numbers and booleans, with every collection in a fixed order (libraries top first, other
hidden zones and the battlefield sorted), so the same behaviour gives equal snapshots whatever ids or
internal orders were used.
"""

from __future__ import annotations

from typing import Any

from cardgen.game import continuous
from cardgen.game.objects import GameObject
from cardgen.game.state import GameState
from cardgen.model.derive import ability_text, is_keyword

_COLOR_ORDER = "WUBRG"


def ability_lines(obj: GameObject) -> list[str]:
    """The rules text lines of an object's abilities other than keywords (those are `keywords`): its
    spec's ability lines, or a token's text."""
    if obj.chars.card is not None:
        return [ability_text(a) for a in obj.chars.card.abilities if not is_keyword(a)]
    return list(obj.chars.rules)


def permanent_data(state: GameState, obj: GameObject) -> dict[str, Any]:
    seen = continuous.view(state, obj)
    host = state.objects.get(obj.attached_to) if obj.attached_to is not None else None
    return {
        "name": obj.name,
        "owner": obj.owner,
        "controller": seen.controller,
        "token": obj.is_token,
        "copy": obj.is_copy,
        "tapped": obj.tapped,
        "phased_out": obj.phased_out,
        "counters": dict(sorted(obj.counters.items())),
        "damage": obj.damage,
        "power": seen.power,
        "toughness": seen.toughness,
        "keywords": sorted(seen.keywords),
        "protection": seen.protection,
        "attached_to": host.name if host is not None and not host.gone else None,
        "promised": obj.promised,
        "colors": sorted(obj.chars.colors, key=_COLOR_ORDER.index),
        "types": list(obj.chars.types),
        "subtypes": list(obj.chars.subtypes),
        "abilities": sorted(ability_lines(obj)),
    }


def _sort_key(data: dict[str, Any]) -> str:
    return repr(sorted(data.items()))


def snapshot(state: GameState) -> dict[str, Any]:
    players: dict[str, Any] = {}
    for name, player in state.players.items():
        players[name] = {
            "life": player.life,
            "lost": player.lost,
            "library": [state.obj(oid).name for oid in player.library],
            "hand": sorted(state.obj(oid).name for oid in player.hand),
            "graveyard": sorted(state.obj(oid).name for oid in player.graveyard),
            "exile": sorted(state.obj(oid).name for oid in player.exile),
            "hexproof": continuous.player_has(state, name, "keywords", "hexproof"),
            "protection": continuous.player_has(state, name, "protection"),
            "life_cant_change": continuous.player_has(state, name, "life_cant_change"),
            "cant_cast": continuous.player_has(state, name, "cant_cast"),
            "mana_pool": player.mana_pool,
        }
    with continuous.steady(state):
        battlefield = sorted([permanent_data(state, obj) for obj in state.permanents(include_phased_out=True)],
                             key=_sort_key)
    stack_items: list[dict[str, str | None]] = []
    for sid in reversed(state.stack):
        if sid in state.abilities:
            ability = state.abilities[sid]
            stack_items.append({"kind": "ability", "name": ability.source_name, "controller": ability.controller})
        else:
            spell = state.obj(sid)
            stack_items.append({"kind": "spell", "name": spell.name, "controller": spell.controller,
                                "promised_to": spell.gift_recipient})
    return {
        "turn": state.turn_number,
        "active": state.active,
        "step": state.step,
        "players": players,
        "battlefield": battlefield,
        "stack": stack_items,
        "extra_turns": list(reversed(state.extra_turns)),
        "game_over": state.over,
        "winner": state.winner,
        "turns": [{"turn": t.turn, "player": t.player, "extra": t.extra} for t in state.turns],
    }
