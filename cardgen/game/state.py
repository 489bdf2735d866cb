"""The whole game state in one place: players and their zones, the shared battlefield and stack, turn
and step, continuous effects, delayed and pending triggers, the event log, and the rules of the static
effect kinds and subject kinds it was built with.

Ids, timestamps and every list are assigned in a fixed order, so two runs of the same actions produce
identical states.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardgen.game.choices import Chooser, FirstChooser
from cardgen.game.errors import MAX_OBJECTS, BudgetExceeded
from cardgen.game.events import Event
from cardgen.game.objects import (
    ContinuousEffect,
    DelayedTrigger,
    Entity,
    GameObject,
    PendingTrigger,
    Player,
    StackAbility,
)

STEPS: tuple[str, ...] = ("untap", "upkeep", "draw", "main1", "combat", "main2", "end", "cleanup")
"""The steps this engine walks through. Combat is a single step: attackers are declared in it
(`cardgen.resolver.combat`), then blockers, and the combat damage is dealt as it ends; the rest
are the steps whose rules matter (untap with stun counters and phasing, draw, main-phase timing,
end-step triggers, cleanup)."""
MAIN_STEPS = frozenset({"main1", "main2"})


@dataclass(frozen=True, slots=True)
class StaticRule:
    """How one kind of static effect applies (`cardgen.game.continuous`): its layer (2, who controls what,
    is decided before every other layer because the others read it) and its applier
    `(state, source, effect, obj, layers: continuous.Layers) -> None`, which adds what the static `effect`
    of permanent `source` contributes to `obj`. The game's builder hands these in by effect model, so this
    kit never names an effect kind."""

    layer: int
    apply: Callable[..., None]


SubjectReader = Callable[..., list[Entity]]
AmountReader = Callable[..., int]
"""`(ctx: context.Context, subject, field_name) -> entities`: what one subject kind names as an effect
resolves (`cardgen.game.context.Context.subject`)."""


@dataclass(frozen=True, slots=True)
class PlayPermission:
    """A player may play an exiled card (cast it, or play it as a land) until `until` ends: `end_of_turn`
    (the cleanup step of this turn, 514.2) or `end_of_your_next_turn` (the cleanup step of `player`'s next
    turn after turn `granted`)."""

    player: str
    until: str
    granted: int


@dataclass(frozen=True, slots=True)
class TurnRecord:
    turn: int
    player: str
    extra: bool


@dataclass(slots=True)
class GameState:
    players: dict[str, Player]
    """In turn order."""
    statics: Mapping[type, StaticRule]
    """Effect model -> how a static ability's effect of that kind applies (`cardgen.game.continuous`).
    Handed in by the one builder of games (`cardgen.resolver.game.Game.new`, from `cardgen.vocab.game_tables`), since
    this kit sits below `cardgen.vocab` and can't ask it."""
    subjects: Mapping[str | type, SubjectReader]
    """Subject word or shape model -> what it names as an effect resolves (`cardgen.game.context`), handed
    in the same way."""
    trigger_events: Mapping[str, frozenset[str | type]]
    """Happening (`cardgen.game.triggers.ENTERED`, ...) -> the trigger events (`event:` of a triggered
    ability) it is (`cardgen.game.triggers`), handed in the same way."""
    event_matches: Mapping[type | str, Callable[..., bool]]
    """Event model (or the word of an event said in a word) -> whether what happened triggers an ability of a
    source on it (`(state, source, event, what) -> bool`: the mana expended, the spell cast, whose life
    changed), handed in the same way."""
    amounts: Mapping[type, AmountReader]
    """Counted amount model -> its value as an effect resolves (`Context.amount`), handed in the same way."""
    durations: Mapping[str, str]
    """Duration -> when an effect of it ends (`cleanup`, `controller_turn`: `cardgen.game.continuous`),
    handed in the same way."""
    conditions: Mapping[str | type, Callable[[GameState, bool, str | None, Any], bool]]
    """Condition (a word, or a condition model's class) -> whether it holds `(state, promised, you,
    condition)`: given whether the gift was promised, or the game and the player its "you" is (`rule.holds` /
    `rule.game` / `rule.game_of`), handed in the same way."""
    keyword_triggers: Mapping[str, Any] = field(default_factory=dict)
    """Keyword -> the triggered ability it is (prowess, 702.108a: a `TriggeredAbility`), which a permanent
    has while it has the keyword (`cardgen.game.triggers`), handed in the same way (`cardgen.model.derive`)."""
    enters_tapped: frozenset[type] = frozenset()
    as_enters: Mapping[type, Callable[..., None]] = field(default_factory=dict)
    """Ability model -> `(state, permanent, ability, controller)`: what an ability of that kind does as its
    permanent enters (614.12: a choice made as it enters), handed in the same way."""
    targeted: Mapping[type, Callable[..., Any]] = field(default_factory=dict)
    """Ability model -> `(state, permanent, ability, player, spell or ability id) -> trigger or None`: what an
    ability of that kind does when its permanent becomes the target of a spell or ability (ward, 702.21a:
    a trigger), handed in the same way."""
    """Ability models whose permanent enters the battlefield tapped ("This land enters tapped.": a replacement
    effect applied as it enters, 614.1c, 614.12), handed in the same way."""
    restrictions: Mapping[type, Callable[[Any], tuple[str, int]]] = field(default_factory=dict)
    """Ability model -> the blocking restriction (509.1b) an ability of that kind puts on its permanent
    (`(ability) -> (kind, number)`: `cant_block`, `cant_be_blocked`, `blocker_power_min`, `blocker_power_max`;
    `cardgen.resolver.combat`), handed in the same way."""
    keeps_tapped: Mapping[type, Callable[..., list[Any]]] = field(default_factory=dict)
    """Ability model -> `(state, permanent, ability) -> permanents` that an ability of that kind keeps from
    untapping in their controller's untap step (502.3: "doesn't untap during its controller's untap step";
    `cardgen.resolver.turns`), handed in the same way."""
    turn_number: int = 1
    active: str = ""
    step: str = "main1"
    normal_turn_player: str = ""
    """Whose last regular turn it was: turn order resumes after them once extra turns are over (500.7)."""
    extra_turns: list[str] = field(default_factory=list)
    """Pending extra turns; the last one created is taken first (500.7)."""
    turns: list[TurnRecord] = field(default_factory=list)
    battlefield: list[int] = field(default_factory=list)
    stack: list[int] = field(default_factory=list)
    """Bottom first: the top of the stack is the last item."""
    objects: dict[int, GameObject] = field(default_factory=dict)
    abilities: dict[int, StackAbility] = field(default_factory=dict)
    effects: list[ContinuousEffect] = field(default_factory=list)
    delayed: list[DelayedTrigger] = field(default_factory=list)
    pending: list[PendingTrigger] = field(default_factory=list)
    cast_permissions: dict[int, str] = field(default_factory=dict)
    """Exiled object id -> the player who may cast it (Cruelclaw's Heist)."""
    play_permissions: dict[int, PlayPermission] = field(default_factory=dict)
    """Exiled object id -> who may play it, and until when (an impulse draw)."""
    successors: dict[int, int] = field(default_factory=dict)
    """Object id -> the id of the new object it became by moving to a public zone (400.7: a new object, which
    the other parts of the effect that moved it can still find)."""
    exiled_until_leaves: dict[int, list[int]] = field(default_factory=dict)
    """Permanent id -> the ids of the objects exiled until it leaves the battlefield (610.3): they return
    as it leaves (`cardgen.game.zones.move`)."""
    log: list[Event] = field(default_factory=list)
    chooser: Chooser = field(default_factory=FirstChooser)
    trigger_order: list[str] = field(default_factory=list)
    """Scripted order for a player's simultaneous triggers (the running action's `trigger_order`):
    each entry, the start of an ability's text or its source's name, picks the next to go on the stack."""
    trigger_modes: list[tuple[int, ...]] = field(default_factory=list)
    """Scripted modes for the modal triggered abilities put on the stack during the running action
    (its `trigger_modes`, indexes from 0), one entry per ability in the order they go on the stack."""
    next_id: int = 1
    next_timestamp: int = 1
    resolutions: int = 0
    """Spells and abilities resolved so far (bounded: `cardgen.game.errors.MAX_RESOLUTIONS`)."""
    triggered: int = 0
    """Triggered abilities put on the stack so far (bounded: `MAX_TRIGGERS`)."""
    trigger_batches: int = 0
    """The times triggered abilities were put on the stack so far (603.3b: each time, those waiting)."""
    over: bool = False
    """The game has ended (104.2a: one player is left; 104.4a: none, a draw): nothing happens any more."""
    winner: str | None = None
    attacked_this_turn: bool = False
    """Attackers were declared in this turn's combat (508.1; the vocabulary has one combat a turn)."""
    activated_this_turn: set[tuple[int, str]] = field(default_factory=set)
    """(object id, ability text) of the activated abilities activated this turn, for "Activate only once each
    turn." (602.5b); an object that changed zones is a new object whose abilities weren't (400.7)."""
    blocked_this_turn: bool = False
    """Blockers were declared in this turn's combat (509.1: once, by the defending players)."""
    ability_resolutions: dict[tuple[int, str], tuple[int, int]] = field(default_factory=dict)
    """(source object id, ability text) -> (turn, the times that ability of that object resolved in it): "if this
    is the second time this ability has resolved this turn" (an ability removed or countered didn't resolve,
    608.2b; the object after a zone change is a new one whose abilities haven't, 400.7)."""
    zone_batch: list[tuple[GameObject, str, str]] | None = None
    """The zone changes of the one event happening now (603.2c: one event, several occurrences), as (object,
    from zone, to zone), while an effect or a round of state-based actions moves objects together
    (`cardgen.game.zones.at_once`); None between events, when each move is an event of its own."""
    last_turn: dict[str, int] = field(default_factory=dict)
    """Player -> the number of the most recent turn they began in this game (302.6); a player absent here
    began theirs before the scenario started."""

    # ----------------------------------------------------------------------------------- bookkeeping

    def holds(self, condition: Any, promised: bool, you: str | None = None) -> bool:
        """Whether something gated on `condition` applies (no condition: always), given whether the gift was
        promised, or the game now for the player `you` (the controller of the ability or the source): one
        reading for an effect's `condition` (608.2c), a trigger's intervening "if" (603.4, on triggering and
        on resolution) and a static's `condition` (702.174k)."""
        if condition is None:
            return True
        return self.conditions[condition if isinstance(condition, str) else type(condition)](
            self, promised, you, condition)

    def new_id(self) -> int:
        if self.next_id > MAX_OBJECTS:
            raise BudgetExceeded("objects made", MAX_OBJECTS)
        value = self.next_id
        self.next_id += 1
        return value

    def new_timestamp(self) -> int:
        value = self.next_timestamp
        self.next_timestamp += 1
        return value

    def emit(self, event: Event) -> None:
        self.log.append(event)

    def checkpoint(self) -> GameState:
        """A copy of the whole game to go back to when an action is refused as a whole ("nothing
        changes": its events and every move undone). What never changes is shared, not copied: the
        vocabulary's tables, characteristics and the spec models of effects, and logged events."""
        memo: dict[int, object] = {id(table): table for table in (self.statics, self.subjects, self.trigger_events,
                                                                  self.event_matches, self.keyword_triggers)}
        for obj in self.objects.values():
            memo[id(obj.chars)] = obj.chars
        holders: list[StackAbility | PendingTrigger | DelayedTrigger] = [*self.abilities.values(), *self.pending,
                                                                           *self.delayed]
        for holder in holders:
            for effect in holder.effects:
                memo[id(effect)] = effect
            ability = getattr(holder, "ability", None)
            if ability is not None:
                memo[id(ability)] = ability
        for event in self.log:
            memo[id(event)] = event
        return copy.deepcopy(self, memo)

    def exile_permission(self, oid: int) -> str | None:
        """The player who may cast (or play) the exiled object `oid`, if any."""
        granted = self.play_permissions.get(oid)
        return self.cast_permissions.get(oid) or (granted.player if granted is not None else None)

    def forget_permissions(self, oid: int) -> None:
        """The object left its zone: it is a new object no permission names (400.7)."""
        self.cast_permissions.pop(oid, None)
        self.play_permissions.pop(oid, None)

    # ---------------------------------------------------------------------------------------- players

    def player(self, name: str) -> Player:
        return self.players[name]

    def turn_order(self) -> list[str]:
        return list(self.players)

    def apnap(self) -> list[str]:
        """Players in active-player, non-active-player order (rule 101.4), skipping those who lost."""
        order = self.turn_order()
        start = order.index(self.active) if self.active in order else 0
        rotated = order[start:] + order[:start]
        return [name for name in rotated if not self.players[name].lost]

    def opponents(self, name: str) -> list[str]:
        return [other for other in self.apnap() if other != name]

    # ---------------------------------------------------------------------------------------- objects

    def obj(self, oid: int) -> GameObject:
        return self.objects[oid]

    def live(self, oid: int) -> GameObject | None:
        """The object if it still exists (has not changed zones since it was named)."""
        found = self.objects.get(oid)
        return None if found is None or found.gone else found

    def zone_list(self, obj: GameObject) -> list[int]:
        if obj.zone == "battlefield":
            return self.battlefield
        if obj.zone == "stack":
            return self.stack
        return self.players[obj.owner].zone(obj.zone)

    def permanents(self, include_phased_out: bool = False) -> list[GameObject]:
        """Permanents in timestamp order; phased-out ones are treated as though they don't exist (702.26b)."""
        found = [self.objects[oid] for oid in self.battlefield]
        return [obj for obj in found if include_phased_out or not obj.phased_out]

    def spells(self) -> list[GameObject]:
        return [self.objects[sid] for sid in self.stack if sid in self.objects]

    def cards_in(self, player: str, zone: str) -> list[GameObject]:
        return [self.objects[oid] for oid in self.players[player].zone(zone)]  # type: ignore[arg-type]

    def all_live_objects(self) -> list[GameObject]:
        found: list[GameObject] = []
        for player in self.players.values():
            for zone in ("library", "hand", "graveyard", "exile"):
                found.extend(self.objects[oid] for oid in player.zone(zone))
        found.extend(self.objects[oid] for oid in self.battlefield)
        found.extend(self.spells())
        return found

    def is_sorcery_time(self, player: str) -> bool:
        """Main phase of the player's own turn with an empty stack (rule 307.1)."""
        return self.active == player and self.step in MAIN_STEPS and not self.stack
