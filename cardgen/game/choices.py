"""Decisions players make while the game runs (which creature to sacrifice, which card to exile, which
target a trigger takes).

The engine asks a `Chooser`; the default picks the first legal options in a stable order, so every run is
deterministic. The scenario runner supplies a `ScriptedChooser` that takes scripted answers first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from cardgen.game.errors import GameError
from cardgen.game.objects import Entity


class Chooser(Protocol):
    def choose(self, player: str, options: Sequence[Entity], count: int, purpose: str) -> list[Entity]:
        """Pick `count` (or fewer, if fewer exist) of `options` for `player`; `purpose` explains why."""
        ...

    def decide(self, player: str, purpose: str) -> bool:
        """A yes/no question to `player` ("you may shuffle"): whether they do it."""
        ...


class FirstChooser:
    """Deterministic default: the first options in the order the engine lists them."""

    def choose(self, player: str, options: Sequence[Entity], count: int, purpose: str) -> list[Entity]:
        return list(options[:count])

    def decide(self, player: str, purpose: str) -> bool:
        """No: an optional action is not taken unless the scenario says so."""
        return False


Matcher = Callable[[object, Sequence[Entity]], list[Entity] | None]
"""Turns one scripted answer into entities among the options, or None when it names none of them."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision a player made: among how many options, how many were wanted, what was picked."""

    player: str
    purpose: str
    options: int
    count: int
    picked: tuple[Entity, ...]
    decided: bool | None = None
    """The answer to a yes/no question (`decide`); None for a choice among options."""
    among: tuple[Entity, ...] = ()
    """The options, in the order offered (what was not picked, and the rest of an order)."""
    seq: int | None = None
    """How many events the game had logged when it was made (None: not known): where it stands among them."""


@dataclass(slots=True)
class ScriptedChooser:
    """Takes scripted answers in order; falls back to the default when none are left.

    An answer that names no legal option is an error (a scenario typo must not be silently replaced by a
    default choice).
    """

    answers: list[object]
    match: Matcher
    used: int = 0
    fallback: Chooser = field(default_factory=FirstChooser)
    record: list[Decision] | None = None
    """When a list, every decision is appended to it (engine test generators script what was decided)."""
    clock: Callable[[], int] | None = None
    """How many events the game has logged now, for each recorded decision's `seq`."""

    def _seq(self) -> int | None:
        return self.clock() if self.clock is not None else None

    def choose(self, player: str, options: Sequence[Entity], count: int, purpose: str) -> list[Entity]:
        picked = self._choose(player, options, count, purpose)
        if self.record is not None:
            self.record.append(Decision(player, purpose, len(options), count, tuple(picked), among=tuple(options),
                                        seq=self._seq()))
        return picked

    def _choose(self, player: str, options: Sequence[Entity], count: int, purpose: str) -> list[Entity]:
        if self.used >= len(self.answers):
            return self.fallback.choose(player, options, count, purpose)
        answer = self.answers[self.used]
        if isinstance(answer, bool):
            raise GameError("bad_choice", f"the choice {answer!r} answers a yes/no question, but the decision is "
                            f"the {purpose}")
        decider = getattr(answer, "by", None)
        if decider is not None and decider != player:
            raise GameError("bad_choice", f"the choice {answer!r} is scripted for {decider}, but {player} decides "
                            f"the {purpose}")
        if getattr(answer, "target", None) is not None and not purpose.startswith("target"):
            raise GameError("bad_choice", f"the choice {answer!r} is scripted as a target, but the decision is "
                            f"the {purpose}")
        answer = getattr(answer, "answer", answer)
        picked = self.match(answer, options)
        if picked is None:
            raise GameError("bad_choice", f"choice {answer!r} is not among the options for {purpose}")
        self.used += 1
        return picked[:count] if count else picked

    def decide(self, player: str, purpose: str) -> bool:
        """A yes/no question: the next scripted answer must be `true` or `false` (or none left: no)."""
        if self.used >= len(self.answers):
            value = self.fallback.decide(player, purpose)
        else:
            answer = self.answers[self.used]
            if not isinstance(answer, bool):
                raise GameError("bad_choice", f"the choice {answer!r} answers a choice among options, but the "
                                f"decision is yes or no: {purpose} (answer true or false)")
            value = answer
            self.used += 1
        if self.record is not None:
            self.record.append(Decision(player, purpose, 2, 1, (), value, seq=self._seq()))
        return value

    @property
    def unused(self) -> list[object]:
        return self.answers[self.used:]


def _seq_of(chooser: Chooser) -> int | None:
    clock = getattr(chooser, "clock", None)
    return clock() if clock is not None else None


def note_forced(chooser: Chooser, player: str, options: Sequence[Entity], count: int, purpose: str) -> None:
    """Record a choice the rules leave no room in (no more options than wanted: all are taken) where the
    chooser keeps a record: an engine may still ask it (XMage's strict test mode wants it scripted)."""
    record = getattr(chooser, "record", None)
    if record is not None and options:
        record.append(Decision(player, purpose, len(options), count, tuple(options), seq=_seq_of(chooser)))


def note_decided(chooser: Chooser, player: str, purpose: str, picked: Sequence[Entity]) -> None:
    """Record, where the chooser keeps a record, a decision the player made as part of an earlier answer
    that an engine asks separately (the order of the cards a scry keeps on top, named with them)."""
    record = getattr(chooser, "record", None)
    if record is not None and picked:
        record.append(Decision(player, purpose, len(picked), len(picked), tuple(picked), among=tuple(picked),
                               seq=_seq_of(chooser)))


def named_first(cards: Sequence[int], named: Sequence[Entity]) -> list[int]:
    """An order a player chose: the named cards first, in the order named, then the others as they were
    (a scry's bottom, the cards put back after looking at the top of a library)."""
    first = [int(oid) for oid in named]
    return [*first, *(oid for oid in cards if oid not in first)]
