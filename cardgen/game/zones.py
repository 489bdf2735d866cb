"""Moving objects between zones, creating tokens, drawing: the only code that edits zone lists.

Every move makes a new object (rule 400.7) and logs a `moved` event, and entering the battlefield is the
single place where "enters" triggers are noticed, so no effect can forget either.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace

from cardgen.game import triggers
from cardgen.game.continuous import controller_of, note_control, view
from cardgen.game.events import Drew, DrewFromEmpty, Sacrificed, TokenCeased, TokenCreated, ZoneChanged
from cardgen.game.objects import Characteristics, GameObject, ZoneName, card_characteristics
from cardgen.game.state import GameState


def _detach(state: GameState, obj: GameObject) -> None:
    if obj.zone == "battlefield":  # last known information (608.2h): "its controller", its keywords
        last = view(state, obj)
        obj.last_keywords = last.keywords
        obj.last_power = last.power
        obj.controller = controller_of(state, obj)
    state.zone_list(obj).remove(obj.oid)
    obj.gone = True
    state.forget_permissions(obj.oid)


def move(
    state: GameState,
    oid: int,
    to: ZoneName,
    *,
    controller: str | None = None,
    tapped: bool = False,
    top: bool = True,
    promised: bool = False,
    gift_recipient: str | None = None,
    attached_to: int | None = None,
    counters: Mapping[str, int] | None = None,
    offspring_paid: bool = False,
) -> GameObject | None:
    """Move an object to `to` and return the new object (None if it ceased to exist: a copy of a spell
    leaving the stack, 707.10a / 704.5e). Cards go to their owner's library, hand, graveyard or exile;
    `offspring_paid` goes with a permanent spell whose offspring cost was paid onto the battlefield."""
    old = state.obj(oid)
    from_zone = old.zone
    was_creature = from_zone == "battlefield" and "Creature" in old.chars.types  # the vocabulary sets no type
    _detach(state, old)
    if old.spell is not None and old.spell.is_copy:
        state.emit(TokenCeased(old.name, from_zone))
        return None
    chars = card_characteristics(old.chars.card) if old.chars.card and not old.is_token else old.chars
    new = GameObject(
        oid=state.new_id(), chars=chars, owner=old.owner, controller=controller or old.owner, zone=to,
        is_token=old.is_token,
    )
    state.objects[new.oid] = new
    if to not in ("library", "hand"):  # a public zone: the moving effect can find it there (400.7)
        state.successors[old.oid] = new.oid
    new.offspring_paid = offspring_paid and to == "battlefield"
    if to == "battlefield":
        _enter(state, new, tapped, promised, gift_recipient, attached_to, counters)
    elif to == "stack":
        state.stack.append(new.oid)
    else:
        zone = state.players[new.owner].zone(to)
        if to == "library" and top:
            zone.insert(0, new.oid)
        else:
            zone.append(new.oid)
    state.emit(ZoneChanged(new.name, new.owner, from_zone, to))
    if "battlefield" in (from_zone, to):
        note_control(state)  # a control effect may have begun or ended with it
    if to == "battlefield":
        triggers.object_entered(state, new)
    elif was_creature and to == "graveyard":  # it died (700.4), under the control of its controller then
        state.players[old.controller].creatures_died_this_turn += 1
        triggers.object_died(state, old)
    if from_zone == "battlefield":
        _changed(state, old, from_zone, to)
    if to == "battlefield":
        _changed(state, new, from_zone, to)
    if from_zone == "battlefield":
        _return_exiled(state, old.oid)
    return new


def sacrifice(state: GameState, oid: int, player: str) -> GameObject | None:
    """`player` sacrifices their permanent `oid` (701.21a): logged (`sacrificed`), moved from the battlefield to
    its owner's graveyard, and its "when you sacrifice it" abilities trigger from it as it last existed there
    (603.10a). Returns the object in the graveyard (None: a token that ceased to exist)."""
    old = state.obj(oid)
    state.emit(Sacrificed(old.name, player))
    new = move(state, oid, "graveyard")
    triggers.object_sacrificed(state, old, player)
    return new
@contextmanager
def at_once(state: GameState) -> Iterator[None]:
    """The moves made inside are one event (603.2c: an effect's, a round of state-based actions'): the
    abilities that look at the event as a whole ("whenever one or more ... enter", "... leave", and the
    leaving as the others see it, looking back at the permanents that left with it, 603.10a) trigger once
    it is over. Nested, the outermost is the event."""
    if state.zone_batch is not None:
        yield
        return
    state.zone_batch = []
    try:
        yield
    finally:
        changes, state.zone_batch = state.zone_batch, None
        if changes:
            triggers.zone_changes(state, changes)


def _changed(state: GameState, obj: GameObject, from_zone: str, to: str) -> None:
    """A permanent entered (`obj` the new object) or left the battlefield (`obj` the one that left): part of
    the event happening now, or an event of its own."""
    if state.zone_batch is not None:
        state.zone_batch.append((obj, from_zone, to))
    else:
        triggers.zone_changes(state, [(obj, from_zone, to)])


def exile_until_leaves(state: GameState, source: int, exiled: list[int]) -> None:
    """Link objects just exiled to the permanent `source`: they return to the battlefield when it leaves
    (610.3)."""
    state.exiled_until_leaves.setdefault(source, []).extend(exiled)


def _return_exiled(state: GameState, source: int) -> None:
    """The permanent `source` has left the battlefield: what it exiled "until it leaves" returns at once
    (610.3a, not a trigger), under its owner's control (610.3c), each a new object (400.7). An object that
    has left exile since (or a token, which ceased to exist) stays where it is."""
    for oid in state.exiled_until_leaves.pop(source, []):
        obj = state.live(oid)
        if obj is not None and obj.zone == "exile":
            move(state, oid, "battlefield", controller=obj.owner)


def _enter(
    state: GameState,
    obj: GameObject,
    tapped: bool,
    promised: bool,
    gift_recipient: str | None,
    attached_to: int | None,
    counters: Mapping[str, int] | None,
) -> None:
    # "enters tapped" modifies how it enters (614.1c), so it is tapped as it enters, before any trigger (614.12)
    obj.tapped = tapped or any(type(ability) in state.enters_tapped for ability in obj.chars.abilities)
    obj.timestamp = state.new_timestamp()
    obj.entered_turn = state.turn_number
    obj.controlled_since = state.turn_number
    obj.promised = promised
    obj.gift_recipient = gift_recipient if promised else None
    obj.attached_to = attached_to
    obj.counters = dict(counters or {})
    obj.chosen = {}
    for ability in obj.chars.abilities:  # its choices as it enters, before it is on the battlefield (614.12a)
        as_enters = state.as_enters.get(type(ability))
        if as_enters is not None:
            as_enters(state, obj, ability, obj.controller)
    state.battlefield.append(obj.oid)


def create_token(
    state: GameState, chars: Characteristics, controller: str, *, tapped: bool = False,
    promised: bool = False, gift_recipient: str | None = None, attached_to: int | None = None,
    offspring_paid: bool = False,
) -> GameObject:
    """Create a token (111.1): the creator is its owner and controller. Only a resolving copy of a
    promised permanent spell passes `promised` (the copy keeps the promise, 702.174 ruling)."""
    token = GameObject(oid=state.new_id(), chars=replace(chars), owner=controller, controller=controller,
                       zone="battlefield", is_token=True, offspring_paid=offspring_paid)
    state.objects[token.oid] = token
    _enter(state, token, tapped, promised, gift_recipient, attached_to, None)
    state.emit(TokenCreated(controller, token.name, tapped))
    note_control(state)
    triggers.object_entered(state, token)
    _changed(state, token, "none", "battlefield")
    return token


def cease(state: GameState, obj: GameObject) -> None:
    """A token outside the battlefield or a spell copy outside the stack ceases to exist (704.5d, e)."""
    _detach(state, obj)
    state.emit(TokenCeased(obj.name, obj.zone))


def draw(state: GameState, player: str, amount: int = 1) -> list[GameObject]:
    """Draw one card at a time (121.2); drawing from an empty library marks the player for 704.5b."""
    drawn: list[GameObject] = []
    for _ in range(amount):
        library = state.players[player].library
        if not library:
            state.players[player].drew_from_empty = True
            state.emit(DrewFromEmpty(player))
            continue
        new = move(state, library[0], "hand")
        if new is not None:
            drawn.append(new)
            state.emit(Drew(player, new.name))
    return drawn
