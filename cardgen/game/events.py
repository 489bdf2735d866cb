"""The event log: what happened, as structured, comparable records.

Events name objects by card name and players by their scenario name, never by internal ids, so two runs
of the same scenario with different card pools (the original spec, a spec read back from a Forge or XMage
file) produce logs that compare equal exactly when the cards behaved the same. `to_data` turns an event
into plain data (`{"event": kind, ...}`) for snapshots, JSON and scenario matching.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

EVENT_TYPES: dict[str, type[Event]] = {}


def _register(cls: type[Event]) -> type[Event]:
    EVENT_TYPES[cls.kind] = cls
    return cls


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event; `kind` is the name scenarios use (`event: gift_given`)."""

    kind: ClassVar[str] = "event"

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"event": self.kind}
        for item in fields(self):
            value = getattr(self, item.name)
            data[item.name] = list(value) if isinstance(value, tuple) else value
        return data


@_register
@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    kind: ClassVar[str] = "turn_began"
    turn: int
    player: str
    extra: bool


@_register
@dataclass(frozen=True, slots=True)
class StepBegan(Event):
    kind: ClassVar[str] = "step_began"
    step: str
    player: str


@_register
@dataclass(frozen=True, slots=True)
class SpellCast(Event):
    kind: ClassVar[str] = "cast"
    player: str
    card: str
    promised_to: str | None
    targets: tuple[str, ...]
    zone: str


@_register
@dataclass(frozen=True, slots=True)
class GiftPromised(Event):
    kind: ClassVar[str] = "promised"
    player: str
    to: str
    card: str


@_register
@dataclass(frozen=True, slots=True)
class SpellCopied(Event):
    kind: ClassVar[str] = "copied"
    player: str
    card: str
    promised_to: str | None
    targets: tuple[str, ...] = ()


@_register
@dataclass(frozen=True, slots=True)
class Discarded(Event):
    kind: ClassVar[str] = "discarded"
    player: str
    card: str


@_register
@dataclass(frozen=True, slots=True)
class Milled(Event):
    """A card put from the top of its owner's library into their graveyard by milling."""

    kind: ClassVar[str] = "milled"
    player: str
    card: str


@_register
@dataclass(frozen=True, slots=True)
class Scried(Event):
    """A player scried (701.22): `amount` cards looked at, `bottom` of them put on the bottom."""

    kind: ClassVar[str] = "scried"
    player: str
    amount: int
    bottom: int


@_register
@dataclass(frozen=True, slots=True)
class LookedAtTop(Event):
    """A player looked at the top `amount` cards of their library and put them back in an order."""

    kind: ClassVar[str] = "looked_at_top"
    player: str
    amount: int


@_register
@dataclass(frozen=True, slots=True)
class Shuffled(Event):
    """A player shuffled their library (701.24); the resulting order is unknown, so nothing may depend on
    it (the resolver keeps the order it had, which no scenario can tell from a random one)."""

    kind: ClassVar[str] = "shuffled"
    player: str


@_register
@dataclass(frozen=True, slots=True)
class AbilityTriggered(Event):
    kind: ClassVar[str] = "triggered"
    player: str
    source: str
    trigger: str
    targets: tuple[str, ...]
    batch: int = 0
    """Which time triggered abilities were put on the stack (603.3b), counted from 1 in the game: a
    player's abilities of one batch went on the stack together, in the order they chose; one that
    triggered while they were put (603.2, becoming a target) waits for the next batch."""


@_register
@dataclass(frozen=True, slots=True)
class AbilityActivated(Event):
    kind: ClassVar[str] = "activated"
    player: str
    source: str
    ability: str
    targets: tuple[str, ...]


@_register
@dataclass(frozen=True, slots=True)
class LandPlayed(Event):
    """A player played a land (305.1): a special action, not a spell (116.2a)."""

    kind: ClassVar[str] = "land_played"
    player: str
    card: str


@_register
@dataclass(frozen=True, slots=True)
class ManaAdded(Event):
    """A mana ability resolved (605.3b): `amount` mana of `color` (`any`: one of the player's choice) in
    the player's mana pool."""

    kind: ClassVar[str] = "mana_added"
    player: str
    source: str
    color: str
    amount: int


@_register
@dataclass(frozen=True, slots=True)
class ManaSpent(Event):
    """Mana left the player's pool to pay a cost (`paid_for`: the spell or ability it paid for)."""

    kind: ClassVar[str] = "mana_spent"
    player: str
    amount: int
    paid_for: str
    cost: str = ""
    """The mana cost paid, for a cost paid while a spell or ability resolves (ward's, 702.21a), which no
    cast or activation counts; empty otherwise."""


@_register
@dataclass(frozen=True, slots=True)
class TriggerRemoved(Event):
    """A triggered ability that could not be put on the stack or did nothing (603.3d, 603.4)."""

    kind: ClassVar[str] = "trigger_removed"
    player: str
    source: str
    reason: str
    trigger: str = ""
    """The ability's text."""
    batch: int = 0
    """For an ability removed as it would be put on the stack, the batch it was in (`AbilityTriggered`);
    0 when it was removed later."""


@_register
@dataclass(frozen=True, slots=True)
class Resolved(Event):
    kind: ClassVar[str] = "resolved"
    player: str
    source: str
    what: str  # spell | ability


@_register
@dataclass(frozen=True, slots=True)
class Fizzled(Event):
    """Every target became illegal: the spell or ability doesn't resolve (608.2b)."""

    kind: ClassVar[str] = "fizzled"
    player: str
    source: str
    what: str


@_register
@dataclass(frozen=True, slots=True)
class Countered(Event):
    kind: ClassVar[str] = "countered"
    card: str
    player: str
    by: str


@_register
@dataclass(frozen=True, slots=True)
class GiftGiven(Event):
    kind: ClassVar[str] = "gift_given"
    player: str
    to: str
    gift: str
    source: str


@_register
@dataclass(frozen=True, slots=True)
class Drew(Event):
    kind: ClassVar[str] = "drew"
    player: str
    card: str


@_register
@dataclass(frozen=True, slots=True)
class DrewFromEmpty(Event):
    kind: ClassVar[str] = "draw_from_empty"
    player: str


@_register
@dataclass(frozen=True, slots=True)
class TokenCreated(Event):
    kind: ClassVar[str] = "token_created"
    player: str
    token: str
    tapped: bool


@_register
@dataclass(frozen=True, slots=True)
class DamageDealt(Event):
    kind: ClassVar[str] = "damage"
    source: str
    to: str
    amount: int


@_register
@dataclass(frozen=True, slots=True)
class DamagePrevented(Event):
    kind: ClassVar[str] = "damage_prevented"
    source: str
    to: str
    amount: int


@_register
@dataclass(frozen=True, slots=True)
class LifeGained(Event):
    kind: ClassVar[str] = "life_gained"
    player: str
    amount: int


@_register
@dataclass(frozen=True, slots=True)
class LifeLost(Event):
    kind: ClassVar[str] = "life_lost"
    player: str
    amount: int


@_register
@dataclass(frozen=True, slots=True)
class LifeUnchanged(Event):
    """A gain or loss that didn't happen because the player's life total can't change."""

    kind: ClassVar[str] = "life_unchanged"
    player: str
    amount: int


@_register
@dataclass(frozen=True, slots=True)
class ZoneChanged(Event):
    kind: ClassVar[str] = "moved"
    card: str
    owner: str
    from_zone: str
    to_zone: str


@_register
@dataclass(frozen=True, slots=True)
class Destroyed(Event):
    kind: ClassVar[str] = "destroyed"
    card: str
    controller: str


@_register
@dataclass(frozen=True, slots=True)
class Sacrificed(Event):
    kind: ClassVar[str] = "sacrificed"
    card: str
    player: str


@_register
@dataclass(frozen=True, slots=True)
class Attacked(Event):
    """A creature was declared as an attacker (508.1), attacking `defender`."""

    kind: ClassVar[str] = "attacked"
    card: str
    player: str
    defender: str


@_register
@dataclass(frozen=True, slots=True)
class Blocked(Event):
    """A creature was declared as a blocker (509.1) by `player`, blocking `attacker`."""

    kind: ClassVar[str] = "blocked"
    card: str
    player: str
    attacker: str


@_register
@dataclass(frozen=True, slots=True)
class Died(Event):
    """A creature put into a graveyard by a state-based action (704.5f, g, h)."""

    kind: ClassVar[str] = "died"
    card: str
    controller: str
    reason: str


@_register
@dataclass(frozen=True, slots=True)
class TokenCeased(Event):
    kind: ClassVar[str] = "ceased"
    card: str
    zone: str


@_register
@dataclass(frozen=True, slots=True)
class Tapped(Event):
    kind: ClassVar[str] = "tapped"
    card: str
    controller: str


@_register
@dataclass(frozen=True, slots=True)
class ClassLevelGained(Event):
    """A Class's level became `level` (716.2a)."""

    kind: ClassVar[str] = "class_level_gained"
    card: str
    level: int


@_register
@dataclass(frozen=True, slots=True)
class Untapped(Event):
    kind: ClassVar[str] = "untapped"
    card: str
    controller: str


@_register
@dataclass(frozen=True, slots=True)
class CountersAdded(Event):
    kind: ClassVar[str] = "counters_added"
    card: str
    counter: str
    amount: int


@_register
@dataclass(frozen=True, slots=True)
class CountersRemoved(Event):
    kind: ClassVar[str] = "counters_removed"
    card: str
    counter: str
    amount: int


@_register
@dataclass(frozen=True, slots=True)
class LibrarySearched(Event):
    """A player searched their library (701.23) and found `found` (none: they found nothing, 701.23b)."""

    kind: ClassVar[str] = "searched"
    player: str
    found: tuple[str, ...]


@_register
@dataclass(frozen=True, slots=True)
class Revealed(Event):
    kind: ClassVar[str] = "revealed"
    player: str
    cards: tuple[str, ...]


@_register
@dataclass(frozen=True, slots=True)
class CastPermission(Event):
    kind: ClassVar[str] = "may_cast"
    player: str
    card: str


@_register
@dataclass(frozen=True, slots=True)
class Attached(Event):
    kind: ClassVar[str] = "attached"
    card: str
    to: str


@_register
@dataclass(frozen=True, slots=True)
class Unattached(Event):
    kind: ClassVar[str] = "unattached"
    card: str
    reason: str


@_register
@dataclass(frozen=True, slots=True)
class Fought(Event):
    kind: ClassVar[str] = "fought"
    card: str
    other: str


@_register
@dataclass(frozen=True, slots=True)
class PhasedOut(Event):
    kind: ClassVar[str] = "phased_out"
    card: str
    controller: str


@_register
@dataclass(frozen=True, slots=True)
class PhasedIn(Event):
    kind: ClassVar[str] = "phased_in"
    card: str
    controller: str


@_register
@dataclass(frozen=True, slots=True)
class EffectCreated(Event):
    """A continuous effect of a resolving spell or ability began: `effect` is its `ContinuousEffect.kind`."""

    kind: ClassVar[str] = "effect_created"
    effect: str
    affected: tuple[str, ...]
    detail: str
    duration: str


@_register
@dataclass(frozen=True, slots=True)
class DelayedTriggerCreated(Event):
    kind: ClassVar[str] = "delayed_trigger"
    player: str
    source: str
    at: str


@_register
@dataclass(frozen=True, slots=True)
class ExtraTurnAdded(Event):
    kind: ClassVar[str] = "extra_turn_added"
    player: str


@_register
@dataclass(frozen=True, slots=True)
class PlayerLost(Event):
    kind: ClassVar[str] = "player_lost"
    player: str
    reason: str


@_register
@dataclass(frozen=True, slots=True)
class LeftGame(Event):
    """800.4a: a player left a multiplayer game; `objects` are the cards and tokens they owned (gone with
    them), `exiled` the ones of other players they still controlled, `ceased` the sources of their
    abilities on the stack and their copies of spells (not represented by cards: they cease to exist)."""

    kind: ClassVar[str] = "left_game"
    player: str
    objects: tuple[str, ...]
    exiled: tuple[str, ...]
    ceased: tuple[str, ...] = ()
    """The sources of the abilities they controlled on the stack, and the spell copies, that ceased to exist."""


@_register
@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over (104.2a: the last player in it wins; 104.4a: no one is left, a draw)."""

    kind: ClassVar[str] = "game_ended"
    winner: str | None


@_register
@dataclass(frozen=True, slots=True)
class ControlChanged(Event):
    """A permanent came under another player's control (layer 2, 613.1b): from then on it has not been
    under its new controller's control continuously (302.6)."""

    kind: ClassVar[str] = "control_changed"
    card: str
    controller: str
    previous: str
