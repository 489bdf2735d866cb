"""Building a starting position directly (no events, no triggers): the "before" picture of a test."""

from __future__ import annotations

from cardgen.diagnostics import NodePath
from cardgen.game.objects import Characteristics, GameObject, ZoneName, card_characteristics
from cardgen.game.state import GameState
from cardgen.model.card import Card


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
    promised: bool = False,
    gift_recipient: str | None = None,
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
        obj.promised = promised
        obj.gift_recipient = gift_recipient
        obj.timestamp = state.new_timestamp()
        obj.entered_turn = state.turn_number - 1
        state.battlefield.append(obj.oid)
    elif zone == "stack":
        raise ValueError("a spell starts on the stack through `put_spell`")
    else:
        state.players[owner].zone(zone).append(obj.oid)
    return obj


def put_spell(state: GameState, controller: str, card: Card, *, gift_recipient: str | None,
              targets: dict[NodePath, list[int | str]]) -> GameObject:
    """Place a spell on top of the stack as part of the starting position (cast before the scenario:
    no cast events, no costs). The caller checked the promise and the targets as casting would."""
    from cardgen.game.objects import SpellInfo

    obj = GameObject(oid=state.new_id(), chars=card_characteristics(card), owner=controller, controller=controller,
                     zone="stack", promised=gift_recipient is not None, gift_recipient=gift_recipient,
                     spell=SpellInfo(targets=targets))
    state.objects[obj.oid] = obj
    state.stack.append(obj.oid)
    return obj
