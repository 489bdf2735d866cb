"""A player leaving a multiplayer game (conceding, 104.3a; or losing, 800.4), as rule 800.4a says.

"When a player leaves a multiplayer game, all objects owned by that player leave the game and any effects
which give that player control of any objects or players end. Then, if that player controlled any objects
on the stack not represented by cards, those objects cease to exist. Then, if there are any objects still
controlled by that player, those objects are exiled."

So a spell the leaving player cast goes with them (and with it the gift they promised); a spell another
player cast that promised them the gift stays, and resolves without giving it (there is nobody to give
it to); the giver's "whenever you give a gift" abilities still trigger when such a spell resolves,
because 702.174c makes them trigger on the spell resolving, whatever the gift does. The triggered
abilities the leaving player controls, waiting or delayed, leave as well.
"""

from __future__ import annotations

from cardgen.game import continuous, zones
from cardgen.game.events import LeftGame, PlayerLost, TokenCeased
from cardgen.game.objects import GameObject
from cardgen.game.state import GameState


def concede(state: GameState, player: str) -> None:
    """104.3a: the player concedes (loses the game), then leaves it (800.4a)."""
    record = state.players[player]
    if record.lost:
        return
    record.lost = True
    state.emit(PlayerLost(player, "conceded"))
    leave(state, player)


def leave(state: GameState, player: str) -> None:
    """800.4a, in its order: what they own leaves (the vocabulary's control effects are statics of
    permanents, so control a permanent of theirs gave ends with it), then their abilities and copies on the
    stack cease to exist, then what they still control is exiled."""
    owned = [obj for obj in _objects(state) if obj.owner == player]
    for obj in owned:
        _remove(state, obj)
    for sid in [sid for sid in state.stack if sid in state.abilities]:
        if state.abilities[sid].controller == player:
            state.stack.remove(sid)
            del state.abilities[sid]
    for oid in list(state.stack):
        obj = state.obj(oid)
        if obj.controller == player:  # a copy of a spell (not represented by a card)
            _remove(state, obj)
    state.pending = [trigger for trigger in state.pending if trigger.controller != player]
    state.delayed = [trigger for trigger in state.delayed if trigger.controller != player]
    state.extra_turns = [name for name in state.extra_turns if name != player]
    exiled: list[str] = []
    for oid in list(state.battlefield):
        obj = state.obj(oid)
        if continuous.controller_of(state, obj) == player:
            exiled.append(obj.name)
            zones.move(state, oid, "exile")
    left = sorted(obj.name for obj in owned)
    state.emit(LeftGame(player, tuple(left), tuple(sorted(exiled))))


def _objects(state: GameState) -> list[GameObject]:
    """Every object in a zone: the battlefield, the stack and each player's zones."""
    ids = [*state.battlefield, *(oid for oid in state.stack if oid not in state.abilities)]
    for record in state.players.values():
        for zone in ("library", "hand", "graveyard", "exile"):
            ids.extend(record.zone(zone))  # type: ignore[arg-type]
    return [state.obj(oid) for oid in ids]


def _remove(state: GameState, obj: GameObject) -> None:
    """The object leaves the game: out of its zone for good (no zone-change triggers, 800.4a)."""
    if obj.oid in state.stack:
        state.stack.remove(obj.oid)
    elif obj.zone == "battlefield":
        state.battlefield.remove(obj.oid)
        for other in state.permanents(include_phased_out=True):
            if other.attached_to == obj.oid:
                other.attached_to = None
    else:
        state.players[obj.owner].zone(obj.zone).remove(obj.oid)
    obj.gone = True
    state.cast_permissions.pop(obj.oid, None)
    if obj.is_token or (obj.spell is not None and obj.spell.is_copy):  # not a card: it ceases to exist
        state.emit(TokenCeased(obj.name, obj.zone))


__all__ = ["concede", "leave"]
