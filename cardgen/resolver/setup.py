"""Building a starting position directly (no events, no triggers): the "before" picture of a test."""

from __future__ import annotations

from cardgen.resolver.objects import Characteristics, GameObject, ZoneName, card_characteristics
from cardgen.resolver.state import GameState
from cardgen.spec.model import Card


def put(
    state: GameState,
    owner: str,
    what: Card | Characteristics,
    zone: ZoneName,
    *,
    controller: str | None = None,
    token: bool = False,
    tapped: bool = False,
    counters: dict[str, int] | None = None,
    attached_to: int | None = None,
    phased_out: bool = False,
    damage: int = 0,
) -> GameObject:
    """Place a card (or token) in a zone as part of the starting position. Libraries fill from the top
    down in call order (the first card put is the top card)."""
    chars = what if isinstance(what, Characteristics) else card_characteristics(what)
    obj = GameObject(oid=state.new_id(), chars=chars, owner=owner, controller=controller or owner, zone=zone,
                     is_token=token)
    state.objects[obj.oid] = obj
    if zone == "battlefield":
        obj.tapped = tapped
        obj.counters = dict(counters or {})
        obj.attached_to = attached_to
        obj.phased_out = phased_out
        obj.phased_out_controller = obj.controller if phased_out else None
        obj.damage = damage
        obj.timestamp = state.new_timestamp()
        obj.entered_turn = state.turn_number - 1
        state.battlefield.append(obj.oid)
    elif zone == "stack":
        raise ValueError("a starting position has no stack; cast spells in the actions instead")
    else:
        state.players[owner].zone(zone).append(obj.oid)
    return obj
