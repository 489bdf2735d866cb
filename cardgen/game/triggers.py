"""Noticing triggered abilities (rule 603): when an event happens, every ability that triggers on it
becomes a `PendingTrigger`; they go on the stack the next time a player would receive priority
(`cardgen.resolver.stack.put_pending_on_stack`). Noticing only records what triggered, in the game state,
and performs nothing, which is why it belongs to the game-state kit: moving an object onto the battlefield
(`zones`) notices "enters" abilities, giving a gift (its effect's handler) notices 702.174c's, and
declaring attackers (`cardgen.resolver.combat`) notices "whenever this creature attacks" (508.1m).

Which trigger event of the vocabulary each happening is, the event constructs declare
(`cardgen/vocab/events/<event>.py`, section resolver: their `happening`); the kit sits below the
registry, so the one builder of games hands the table to the state (`GameState.trigger_events`).
The intervening "if" (of the derived gift trigger too, 702.174b) is checked here and again on resolution
(603.4). Delayed "at the beginning of the next end step" triggers are the game's own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from cardgen.game.continuous import controller_of, view
from cardgen.game.happenings import (
    ATTACKED,
    ATTACKERS_DECLARED,
    CLASS_LEVEL_GAINED,
    DAMAGED_OPPONENT,
    DIED,
    END_STEP,
    ENTERED,
    ENTERED_TOGETHER,
    EXPENDED,
    FIRST_TARGETED,
    FORAGED,
    GIFT_GIVEN,
    LEFT_BATTLEFIELD,
    LEFT_TOGETHER,
    LIFE_CHANGED,
    PERMANENT_ENTERED,
    SACRIFICED,
    SPELL_CAST,
    STEP_BEGAN,
)
from cardgen.game.objects import Entity, GameObject, PendingTrigger
from cardgen.game.state import GameState

if TYPE_CHECKING:
    from cardgen.vocab.abilities.triggered import TriggeredAbility

__all__ = ["ATTACKED", "ATTACKERS_DECLARED", "CLASS_LEVEL_GAINED", "DAMAGED_OPPONENT", "DIED", "END_STEP", "ENTERED",
           "ENTERED_TOGETHER", "EXPENDED", "FIRST_TARGETED", "FORAGED", "GIFT_GIVEN", "LEFT_BATTLEFIELD",
           "LEFT_TOGETHER", "LIFE_CHANGED", "PERMANENT_ENTERED", "SACRIFICED", "SPELL_CAST", "STEP_BEGAN", "attacked",
           "attackers_declared", "became_target", "class_level_gained", "damaged_player", "end_step_began",
           "expended", "foraged", "gift_given", "life_changed", "object_died", "object_entered", "object_sacrificed",
           "spell_cast", "step_began", "zone_changes"]


def _abilities(state: GameState, obj: GameObject, happening: str,
               what: Mapping[str, Any] | None = None) -> list[tuple[int, TriggeredAbility]]:
    """The object's triggered abilities (with their index) that trigger on `happening`: those of an event
    that is it, and for an event with words of its own (its model), whose words `what` happened fits (the
    event's `rule.matches`, handed in with the table)."""
    events = state.trigger_events.get(happening, frozenset())
    abilities = obj.chars.card.triggered_abilities() if obj.chars.card else []
    if state.keyword_triggers and obj.zone == "battlefield":  # prowess, its own or granted (702.108a)
        keywords = view(state, obj).keywords
        abilities = [*abilities, *(ability for keyword, ability in sorted(state.keyword_triggers.items())
                                   if keyword in keywords)]
    found = []
    levels = obj.chars.card.ability_levels() if obj.chars.card else {}
    for index, ability in enumerate(abilities):
        if levels.get(id(ability), 1) > obj.class_level:  # a Class's ability of a level it hasn't reached (716.2b)
            continue
        event = ability.event
        if isinstance(event, str):
            if event in events:
                match = state.event_matches.get(event)
                if match is None or match(state, obj, event, what or {}):
                    found.append((index, ability))
            continue
        if type(event) not in events:
            continue
        match = state.event_matches.get(type(event))
        if match is None or match(state, obj, event, what or {}):
            found.append((index, ability))
    return [(index, ability) for index, ability in found if _within_limit(state, obj, index, ability)]


def _within_limit(state: GameState, obj: GameObject, index: int, ability: TriggeredAbility) -> bool:
    """An ability that "triggers only once each turn" triggers the first time its event happens in a turn and
    not again that turn (a new object after a zone change is another object with its own, 400.7)."""
    if not getattr(ability, "once_each_turn", False):
        return True
    if obj.triggered_turn.get(index) == state.turn_number:
        return False
    obj.triggered_turn[index] = state.turn_number
    return True


def _pending(obj: GameObject, ability: TriggeredAbility, index: int, controller: str) -> PendingTrigger:
    return PendingTrigger(
        controller=controller,
        source=obj.oid,
        source_name=obj.name,
        ability=ability,
        effects=list(ability.effects),
        text=ability.text,
        order=(obj.timestamp, index),
        promised=obj.promised,
        gift_recipient=obj.gift_recipient,
        gift=obj.chars.gift,
    )


def object_entered(state: GameState, obj: GameObject) -> None:
    """"When this enters" abilities of the object that just entered, then the "whenever another creature you
    control enters" abilities of every permanent whose filter selects it (its own too, unless `other`)."""
    offspring = obj.chars.card.offspring_trigger() if obj.offspring_paid and obj.chars.card else None
    if offspring is not None:  # 702.175a: only when its offspring cost was paid; first, as engines list it
        state.pending.append(_pending(obj, offspring, -1, controller_of(state, obj)))
    for index, ability in _abilities(state, obj, ENTERED):
        if state.holds(ability.intervening_if, obj.promised, controller_of(state, obj)):
            state.pending.append(_pending(obj, ability, index, controller_of(state, obj)))
    for watcher in state.permanents():
        for index, ability in _abilities(state, watcher, PERMANENT_ENTERED, {"object": obj}):
            if state.holds(ability.intervening_if, watcher.promised, controller_of(state, watcher)):
                state.pending.append(_pending(watcher, ability, index, controller_of(state, watcher)))


def object_died(state: GameState, obj: GameObject) -> None:
    """A creature was put into a graveyard from the battlefield (700.4): its "when this dies" abilities
    trigger from it as it last existed there, under its controller then (603.6c, 603.10a). `obj` is the
    object that left (gone, with its battlefield characteristics and controller)."""
    for index, ability in _abilities(state, obj, DIED):
        if state.holds(ability.intervening_if, obj.promised, obj.controller):
            state.pending.append(_pending(obj, ability, index, obj.controller))


def object_sacrificed(state: GameState, obj: GameObject, player: str) -> None:
    """A player sacrificed a permanent (701.21a): its "when you sacrifice it" abilities trigger from it as it
    last existed on the battlefield, under its controller then (a leaves-the-battlefield ability, 603.6c,
    603.10a). `obj` is the object that left; only its controller can sacrifice it."""
    for index, ability in _abilities(state, obj, SACRIFICED):
        if state.holds(ability.intervening_if, obj.promised, obj.controller):
            state.pending.append(_pending(obj, ability, index, obj.controller))
def zone_changes(state: GameState, changes: list[tuple[GameObject, str, str]]) -> None:
    """One event moved permanents onto or off the battlefield (603.2c): `changes` holds (object, from zone,
    to zone), the new object of one that entered, the one that left (gone, as it last existed) of one that
    left. Each leaving is noticed by every permanent and by each permanent that left in the same event, looking
    back (603.10a: "whenever this creature or another creature ... leaves", "... dies"); then the abilities
    that look at the event as a whole trigger once ("whenever one or more ... enter", "... leave",
    603.2c)."""
    left = [(obj, to) for obj, origin, to in changes if origin == "battlefield"]
    entered = [obj for obj, origin, to in changes if to == "battlefield" and origin != "battlefield"]
    watchers = [*state.permanents(), *(obj for obj, _ in left)]
    for obj, to in left:
        _notice_each(state, watchers, LEFT_BATTLEFIELD, {"object": obj, "to": to})
    if entered:
        _notice_each(state, watchers, ENTERED_TOGETHER, {"objects": entered})
    if left:
        _notice_each(state, watchers, LEFT_TOGETHER, {"left": left})


def _notice_each(state: GameState, watchers: list[GameObject], happening: str, what: Mapping[str, Any]) -> None:
    """`_notice_all` over `watchers`: permanents on the battlefield, and ones that just left (their controller
    as they last existed there, 603.10a)."""
    for obj in watchers:
        controller = obj.controller if obj.gone else controller_of(state, obj)
        for index, ability in _abilities(state, obj, happening, what):
            if state.holds(ability.intervening_if, obj.promised, controller):
                state.pending.append(_pending(obj, ability, index, controller))


def attacked(state: GameState, obj: GameObject) -> None:
    """"Whenever this creature attacks" abilities of a creature just declared as an attacker: they trigger
    once the declaration is complete (508.1m, 508.3a)."""
    for index, ability in _abilities(state, obj, ATTACKED):
        if state.holds(ability.intervening_if, obj.promised, controller_of(state, obj)):
            state.pending.append(_pending(obj, ability, index, controller_of(state, obj)))


def attackers_declared(state: GameState, player: str, attackers: list[GameObject]) -> None:
    """`player` declared `attackers`, one or more (508.1m): the "whenever you attack" abilities of their
    permanents trigger once, after each attacker's own "whenever this creature attacks" were noticed."""
    if attackers:
        _notice_all(state, ATTACKERS_DECLARED, {"player": player, "attackers": list(attackers)})


def expended(state: GameState, player: str, amount: int) -> None:
    """`player` spent `amount` mana to cast a spell: their turn's total goes up, and the "whenever you expend
    N" abilities of their permanents whose N it reaches or passes trigger (the event's `rule.matches`)."""
    if amount <= 0:
        return
    spender = state.players[player]
    what = {"player": player, "before": spender.spent_on_spells, "after": spender.spent_on_spells + amount}
    spender.spent_on_spells += amount
    for obj in state.permanents():
        for index, ability in _abilities(state, obj, EXPENDED, what):
            if state.holds(ability.intervening_if, obj.promised, controller_of(state, obj)):
                state.pending.append(_pending(obj, ability, index, controller_of(state, obj)))


def class_level_gained(state: GameState, obj: GameObject, level: int) -> None:
    """The level of the Class `obj` became `level` (716.2a): its "When this Class becomes level N" abilities
    of that level trigger (716.2c; the event's `rule.matches`)."""
    what = {"object": obj.oid, "level": level}
    for index, ability in _abilities(state, obj, CLASS_LEVEL_GAINED, what):
        if state.holds(ability.intervening_if, obj.promised, controller_of(state, obj)):
            state.pending.append(_pending(obj, ability, index, controller_of(state, obj)))


def spell_cast(state: GameState, player: str, spell: GameObject) -> None:
    """`player` cast `spell` (601.2i): the count of the spells they cast this turn goes up, and the "whenever
    you cast a ... spell" abilities of their permanents whose filter selects it trigger, and "whenever a player
    casts their second spell each turn" abilities of every permanent for the second (the event's
    `rule.matches`)."""
    state.players[player].spells_cast_this_turn += 1
    what = {"player": player, "spell": spell, "count": state.players[player].spells_cast_this_turn}
    for obj in state.permanents():
        for index, ability in _abilities(state, obj, SPELL_CAST, what):
            if state.holds(ability.intervening_if, obj.promised, controller_of(state, obj)):
                state.pending.append(_pending(obj, ability, index, controller_of(state, obj)))


def life_changed(state: GameState, player: str, delta: int) -> None:
    """`player` gained (`delta` > 0) or lost life (119.3; damage, 120.3a): the "whenever you gain life" and
    "whenever you gain or lose life during your turn" abilities of permanents whose event it fits (the events'
    `rule.matches`: whose life, which way, whose turn)."""
    _notice_all(state, LIFE_CHANGED, {"player": player, "delta": delta, "active": state.active})


def foraged(state: GameState, player: str) -> None:
    """`player` foraged (701.61a: exiled three cards from their graveyard or sacrificed a Food): the "whenever
    you forage" abilities of their permanents."""
    _notice_all(state, FORAGED, {"player": player})


def _notice_all(state: GameState, happening: str, what: Mapping[str, Any]) -> None:
    """Every permanent's abilities that trigger on `happening` as `what` says it happened (their events'
    `rule.matches`), their intervening "if" checked now (603.4)."""
    for obj in state.permanents():
        controller = controller_of(state, obj)
        for index, ability in _abilities(state, obj, happening, what):
            if state.holds(ability.intervening_if, obj.promised, controller):
                state.pending.append(_pending(obj, ability, index, controller))


def became_target(state: GameState, by: str, targets: Iterable[Entity], item: int | None = None) -> None:
    """A spell or ability `by` controls (id `item`) was just given its targets (601.2c, 603.3d, 602.2b): each
    permanent among them that `by` controls and that no spell or ability of theirs targeted before this turn
    notices its valiant abilities (the first time each turn); each permanent among them notices what its
    abilities do when it becomes a target (ward, 702.21a: `GameState.targeted`)."""
    seen: set[int] = set()
    for entity in targets:
        obj = state.live(entity) if isinstance(entity, int) else None
        if obj is None or obj.oid in seen or obj.zone != "battlefield":
            continue
        seen.add(obj.oid)
        if item is not None:
            _targeted(state, obj, by, item)
        first = obj.targeted_by.get(by) != state.turn_number
        obj.targeted_by[by] = state.turn_number
        if not first or controller_of(state, obj) != by:
            continue
        for index, ability in _abilities(state, obj, FIRST_TARGETED):
            if state.holds(ability.intervening_if, obj.promised, by):
                state.pending.append(_pending(obj, ability, index, by))


def _targeted(state: GameState, obj: GameObject, by: str, item: int) -> None:
    """The abilities of `obj` that trigger as it becomes the target of spell or ability `item` (ward)."""
    if not state.targeted or obj.phased_out:
        return
    abilities = obj.chars.card.abilities if obj.chars.card else []
    for ability in abilities:
        rule = state.targeted.get(type(ability))
        trigger = rule(state, obj, ability, by, item) if rule is not None else None
        if trigger is not None:
            state.pending.append(trigger)


def gift_given(state: GameState, giver: str) -> None:
    """"Whenever you give a gift" abilities of permanents the giver controls (702.174c)."""
    for obj in state.permanents():
        controller = controller_of(state, obj)
        if controller != giver:
            continue
        for index, ability in _abilities(state, obj, GIFT_GIVEN):
            if state.holds(ability.intervening_if, obj.promised, controller):
                state.pending.append(_pending(obj, ability, index, controller))


def step_began(state: GameState) -> None:
    """A step began (603.2): the "at the beginning of [step]" abilities of every permanent whose event names
    it (the event's `rule.matches`: the step, and for "your" step, whether the turn is its controller's).
    Their intervening "if" is checked now and again on resolution (603.4)."""
    what = {"step": state.step, "active": state.active}
    for obj in state.permanents():
        controller = controller_of(state, obj)
        for index, ability in _abilities(state, obj, STEP_BEGAN, what):
            if state.holds(ability.intervening_if, obj.promised, controller):
                state.pending.append(_pending(obj, ability, index, controller))


def end_step_began(state: GameState) -> None:
    """"At the beginning of each end step" abilities, then delayed triggers whose end step this is."""
    for obj in state.permanents():
        for index, ability in _abilities(state, obj, END_STEP):
            if state.holds(ability.intervening_if, obj.promised, controller_of(state, obj)):
                state.pending.append(_pending(obj, ability, index, controller_of(state, obj)))
    due = [d for d in state.delayed if d.not_before_turn <= state.turn_number]
    state.delayed = [d for d in state.delayed if d.not_before_turn > state.turn_number]
    for index, delayed in enumerate(due):
        state.pending.append(PendingTrigger(
            controller=delayed.controller,
            source=delayed.source,
            source_name=delayed.source_name,
            ability=None,
            effects=list(delayed.effects),
            text="delayed trigger: at the beginning of the next end step",
            order=(state.next_timestamp, index),
            promised=delayed.promised,
            gift_recipient=delayed.gift_recipient,
            refs=dict(delayed.refs),
        ))


def damaged_player(state: GameState, source: GameObject, player: str) -> None:
    """`source` dealt damage to `player`: its "whenever this creature deals damage to an opponent" abilities
    trigger when that player is an opponent of its controller (as it last was on the battlefield, 608.2h)."""
    if source.zone != "battlefield" and not source.gone:
        return
    controller = source.controller if source.gone else controller_of(state, source)
    if player not in state.opponents(controller):
        return
    for index, ability in _abilities(state, source, DAMAGED_OPPONENT):
        if state.holds(ability.intervening_if, source.promised, controller):
            state.pending.append(_pending(source, ability, index, controller))
