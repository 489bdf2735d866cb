"""A player losing or conceding: the end of the game (104.2a), or, in a multiplayer game that goes on,
the player leaving it as rule 800.4a says.

"When a player leaves a multiplayer game, all objects owned by that player leave the game and any effects
which give that player control of any objects or players end. Then, if that player controlled any objects
on the stack not represented by cards, those objects cease to exist. Then, if there are any objects still
controlled by that player, those objects are exiled."

So, whatever role the player had:
- as caster: a spell they cast and own goes with them (and the gift they promised with it); a spell they
  control but another player owns (cast from exile) is exiled; their copies of spells cease to exist;
- as controller of abilities: their triggered and activated abilities on the stack cease to exist, and
  their waiting and delayed triggers never go on it;
- as the gift's recipient: a spell or gift trigger of another player that promised them the gift stays,
  and gives nothing (there is nobody to give it to); the giver's "whenever you give a gift" abilities
  still trigger as it resolves, because 702.174c makes them trigger on the spell or ability resolving;
- as a target: they are no longer a legal target (608.2b decides what happens to the spell);
- as owner of a permanent another player controls: it leaves the game with them (and an Aura stealing it
  stays behind, unattached, for state-based actions);
- as controller of another player's permanent: the effect giving them control ends, so it returns to
  its owner's control before anything they still control is exiled.

When one player or none is left, the game is over at once (104.2a, 104.4a): nothing else happens, and
there is nothing left to leave from.
"""

from __future__ import annotations

from cardgen.game import continuous, zones
from cardgen.game.errors import GameError
from cardgen.game.events import GameEnded, LeftGame, PlayerLost, TokenCeased
from cardgen.game.objects import GameObject
from cardgen.game.state import GameState


def concede(state: GameState, player: str) -> None:
    """104.3a: the player concedes: they leave the game and lose it."""
    if state.over:
        raise GameError("game_over", "the game is over; nobody can concede any more", "104.2a")
    record = state.players[player]
    if record.lost:
        raise GameError("game_over", f"{player} has already left the game", "800.4a")
    record.lost = True
    state.emit(PlayerLost(player, "conceded"))
    players_lost(state, [player])


def players_lost(state: GameState, losers: list[str]) -> None:
    """After `losers` lost (at once): the game ends if one player or none is left (104.2a, 104.4a); else
    each leaves the multiplayer game (800.4a)."""
    remaining = [name for name, record in state.players.items() if not record.lost]
    if len(remaining) <= 1:
        state.over = True
        state.winner = remaining[0] if remaining else None
        state.emit(GameEnded(state.winner))
        return
    for player in losers:
        leave(state, player)


def leave(state: GameState, player: str) -> None:
    """800.4a, in its order: what they own leaves the game; the effects giving them control end; their
    objects on the stack not represented by cards cease to exist; what they still control is exiled."""
    owned = [obj for obj in _objects(state) if obj.owner == player and not _is_spell_copy(obj)]
    for obj in owned:
        _remove(state, obj)
    ceased = [ability.source_name for ability in state.abilities.values() if ability.controller == player]
    for sid in [sid for sid, ability in state.abilities.items() if ability.controller == player]:
        state.stack.remove(sid)
        del state.abilities[sid]
    for obj in [state.obj(oid) for oid in state.stack if oid not in state.abilities]:
        if obj.controller == player and _is_spell_copy(obj):  # a copy's owner is its controller (707.10)
            ceased.append(obj.name)
            _remove(state, obj)
    state.pending = [trigger for trigger in state.pending if trigger.controller != player]
    state.delayed = [trigger for trigger in state.delayed if trigger.controller != player]
    state.extra_turns = [name for name in state.extra_turns if name != player]
    state.cast_permissions = {oid: who for oid, who in state.cast_permissions.items() if who != player}
    state.play_permissions = {oid: granted for oid, granted in state.play_permissions.items()
                              if granted.player != player}
    exiled: list[str] = []
    for oid in [oid for oid in state.stack if oid not in state.abilities]:
        if state.obj(oid).controller == player:  # a card another player owns, cast by them
            exiled.append(state.obj(oid).name)
            zones.move(state, oid, "exile")
    for obj in [state.obj(oid) for oid in state.battlefield]:
        if state.live(obj.oid) is not None and continuous.controller_of(state, obj, ending_for=player) == player:
            exiled.append(obj.name)
            zones.move(state, obj.oid, "exile")
    continuous.note_control(state)
    state.emit(LeftGame(player, tuple(sorted(obj.name for obj in owned)), tuple(sorted(exiled)),
                        tuple(sorted(ceased))))


def _objects(state: GameState) -> list[GameObject]:
    """Every object in a zone: the battlefield (phased-out permanents too), the stack's spells and each
    player's zones. The stack's abilities are not objects of a zone one owns (they have a controller)."""
    ids = [*state.battlefield, *(oid for oid in state.stack if oid not in state.abilities)]
    for record in state.players.values():
        for zone in ("library", "hand", "graveyard", "exile"):
            ids.extend(record.zone(zone))
    return [state.obj(oid) for oid in ids]


def _is_spell_copy(obj: GameObject) -> bool:
    return obj.spell is not None and obj.spell.is_copy


def _remove(state: GameState, obj: GameObject) -> None:
    """The object leaves the game: out of its zone for good (no zone-change triggers, 800.4a)."""
    if obj.oid in state.stack:
        state.stack.remove(obj.oid)
    elif obj.zone == "battlefield":
        obj.last_keywords = continuous.view(state, obj).keywords  # last known information (608.2h)
        obj.controller = continuous.controller_of(state, obj)
        state.battlefield.remove(obj.oid)
        for other in state.permanents(include_phased_out=True):
            if other.attached_to == obj.oid:
                other.attached_to = None
    else:
        state.players[obj.owner].zone(obj.zone).remove(obj.oid)
    obj.gone = True
    state.forget_permissions(obj.oid)
    if obj.is_token or _is_spell_copy(obj):  # not a card: it ceases to exist
        state.emit(TokenCeased(obj.name, obj.zone))


__all__ = ["concede", "leave", "players_lost"]
