"""Checking a scenario's expectations against the final snapshot and the event log. Every failure
points at the expectation's own line."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardgen.diagnostics import NodePath
from cardgen.resolver.scenario.loader import LoadedScenario
from cardgen.resolver.scenario.model import (
    EventWindow,
    ObjectRef,
    PermanentExpect,
    PlayerExpect,
    TurnExpect,
    ZoneQuery,
)
from cardgen.resolver.scenario.names import describe
from cardgen.resolver.scenario.results import Failure


class _Checker:
    def __init__(self, loaded: LoadedScenario) -> None:
        self.loaded = loaded
        self.failures: list[Failure] = []

    def fail(self, path: NodePath, message: str, *values: Any) -> None:
        location = self.loaded.location("expect", *path)
        if values:
            self.failures.append(Failure(location, self.loaded.scenario.name, message, values[0], values[1]))
        else:
            self.failures.append(Failure(location, self.loaded.scenario.name, message))

    def equal(self, path: NodePath, what: str, expected: Any, actual: Any) -> None:
        if expected is not None and expected != actual:
            self.fail(path, what, expected, actual)


def _zone(checker: _Checker, path: NodePath, what: str, expected: Any, actual: list[str]) -> None:
    if expected is None:
        return
    if isinstance(expected, int):
        checker.equal(path, f"{what} count", expected, len(actual))
    elif isinstance(expected, list):
        checker.equal(path, what, sorted(expected), sorted(actual))
    elif isinstance(expected, ZoneQuery):
        if expected.count is not None:
            checker.equal(path + ("count",), f"{what} count", expected.count, len(actual))
        have = Counter(actual)
        missing = Counter(expected.contains) - have
        if missing:
            checker.fail(path + ("contains",), f"{what} lacks {sorted(missing.elements())}",
                         expected.contains, sorted(actual))
        present = sorted(name for name in set(expected.lacks) if name in have)
        if present:
            checker.fail(path + ("lacks",), f"{what} contains {present}", [], sorted(actual))


def _player(checker: _Checker, name: str, expected: PlayerExpect, snapshot: dict[str, Any]) -> None:
    base = ("players", name)
    data = snapshot["players"].get(name)
    if data is None:
        checker.fail(base, f"no player {name!r} in the game")
        return
    for field in ("life", "lost", "hexproof", "protection", "life_cant_change", "cant_cast", "mana_pool"):
        checker.equal(base + (field,), f"{name}'s {field}", getattr(expected, field), data[field])
    for zone in ("library", "hand", "graveyard", "exile"):
        _zone(checker, base + (zone,), f"{name}'s {zone}", getattr(expected, zone), data[zone])
    if expected.library_top is not None:
        top = data["library"][:len(expected.library_top)]
        checker.equal(base + ("library_top",), f"the top of {name}'s library (topmost first)",
                      expected.library_top, top)
    controlled = [p for p in snapshot["battlefield"] if p["controller"] == name]
    _zone(checker, base + ("battlefield",), f"permanents {name} controls", expected.battlefield,
          [p["name"] for p in controlled])
    if expected.tokens is not None:
        counts = Counter(p["name"] for p in controlled if p["token"])
        for token, count in expected.tokens.items():
            checker.equal(base + ("tokens", token), f"{token} tokens {name} controls", count, counts[token])


_PERMANENT_FIELDS = ("controller", "tapped", "power", "toughness", "phased_out", "token", "damage",
                     "protection", "promised")
_SET_FIELDS = ("colors", "types", "subtypes", "abilities")
"""Compared as sets (any order; each permanent's own list is in a fixed order in the snapshot)."""


def _permanent(checker: _Checker, index: int, expected: PermanentExpect, snapshot: dict[str, Any]) -> None:
    base = ("permanents", index)
    ref = expected.selector
    chosen = [p for p in snapshot["battlefield"] if selects(ref, p)]
    label = describe(ref)
    if expected.count is not None:
        checker.equal(base + ("count",), f"number of {label} on the battlefield", expected.count, len(chosen))
    elif not chosen:
        checker.fail(base + ("name" if expected.name is not None else "select",), f"no {label} on the battlefield",
                     label, sorted(p["name"] for p in snapshot["battlefield"]))
        return
    for field in _PERMANENT_FIELDS:
        wanted = getattr(expected, field)
        if wanted is not None and any(p[field] != wanted for p in chosen):
            checker.fail(base + (field,), f"{label} {field}", wanted, [p[field] for p in chosen])
    for field in _SET_FIELDS:
        wanted = getattr(expected, field)
        if wanted is not None and any(sorted(p[field]) != sorted(wanted) for p in chosen):
            checker.fail(base + (field,), f"{label} {field}", wanted, [p[field] for p in chosen])
    for line in expected.has_abilities:
        if any(line not in p["abilities"] for p in chosen):
            checker.fail(base + ("has_abilities",), f"{label} lacks the ability {line!r}", line,
                         [p["abilities"] for p in chosen])
    if expected.counters is not None:
        wanted_counters = {k: v for k, v in expected.counters.items() if v}
        if any(p["counters"] != wanted_counters for p in chosen):
            checker.fail(base + ("counters",), f"{label} counters", wanted_counters,
                         [p["counters"] for p in chosen])
    if expected.keywords is not None and any(p["keywords"] != sorted(expected.keywords) for p in chosen):
        checker.fail(base + ("keywords",), f"{label} keywords", sorted(expected.keywords),
                     [p["keywords"] for p in chosen])
    for keyword in expected.has_keywords:
        if any(keyword not in p["keywords"] for p in chosen):
            checker.fail(base + ("has_keywords",), f"{label} lacks {keyword}", keyword,
                         [p["keywords"] for p in chosen])
    for keyword in expected.lacks_keywords:
        if any(keyword in p["keywords"] for p in chosen):
            checker.fail(base + ("lacks_keywords",), f"{label} has {keyword}", f"no {keyword}",
                         [p["keywords"] for p in chosen])
    if expected.attached_to is not None and any(p["attached_to"] != expected.attached_to for p in chosen):
        checker.fail(base + ("attached_to",), f"{label} attached to", expected.attached_to,
                     [p["attached_to"] for p in chosen])
    if expected.unattached is not None and any((p["attached_to"] is None) != expected.unattached
                                               for p in chosen):
        checker.fail(base + ("unattached",), f"{label} unattached", expected.unattached,
                     [p["attached_to"] for p in chosen])


def selects(ref: ObjectRef, permanent: dict[str, Any]) -> bool:
    """Whether the reference selects this permanent of the final snapshot."""
    return (permanent["name"] == ref.name
            and all(value is None or permanent[key] == value
                    for key, value in (("owner", ref.owner), ("controller", ref.controller), ("token", ref.token),
                                       ("copy", ref.copy_))))


def _normal(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_normal(v) for v in value]
    return value


def event_matches(pattern: dict[str, Any], event: dict[str, Any]) -> bool:
    return all(key in event and _normal(event[key]) == _normal(value) for key, value in pattern.items())


def _events(checker: _Checker, patterns: list[dict[str, Any]], events: list[dict[str, Any]],
            path: NodePath = ("events",)) -> None:
    """`patterns` is an ordered subsequence of `events`; an item with `count: N` stands for exactly N
    matching events, all after the previous item's, the next item looked for after the last of them."""
    position = 0
    for index, item in enumerate(patterns):
        pattern = {key: value for key, value in item.items() if key != "count"}
        if "count" in item:
            hits = [at for at, event in enumerate(events) if event_matches(pattern, event)]
            if len(hits) != item["count"]:
                checker.fail((*path, index, "count"), f"number of events matching {pattern}", item["count"],
                             len(hits))
                return
            early = [events[at] for at in hits if at < position]
            if early:
                checker.fail((*path, index), "matching event(s) before the events matched before it",
                             "all after", early)
                return
            position = hits[-1] + 1 if hits else position
            continue
        while position < len(events) and not event_matches(pattern, events[position]):
            position += 1
        if position == len(events):
            same_kind = [e for e in events if e["event"] == pattern["event"]]
            checker.fail((*path, index), "event not found in order (after the events matched before it)",
                         pattern, same_kind or "no event of that kind")
            return
        position += 1


def _window(loaded: LoadedScenario, window: EventWindow, marks: list[int]) -> tuple[int, int]:
    """The log slice of the actions strictly between `after` and `before`; `marks[i]` is the log length
    before action i, the last one the length at the end."""
    scenario = loaded.scenario
    start = 0 if window.after is None else marks[scenario.action_index(window.after) + 1]
    end = marks[-1] if window.before is None else marks[scenario.action_index(window.before)]
    return start, end


def _between(checker: _Checker, loaded: LoadedScenario, events: list[dict[str, Any]],
             marks: list[int] | None) -> None:
    for index, window in enumerate(loaded.scenario.expect.events_between):
        if marks is None or len(marks) != len(loaded.scenario.actions) + 1:
            checker.fail(("events_between", index), "the actions did not all run, so there is no window")
            continue
        start, end = _window(loaded, window, marks)
        inside = events[start:end]
        for number, pattern in enumerate(window.none):
            hits = [e for e in inside if event_matches(pattern, e)]
            if hits:
                checker.fail(("events_between", index, "none", number), "unexpected event between the actions",
                             "none", hits)
        _events(checker, window.events, inside, ("events_between", index, "events"))


def _turns(checker: _Checker, expected: list[Any], snapshot: dict[str, Any]) -> None:
    actual = snapshot["turns"]
    players = [t["player"] for t in actual]
    wanted = [t.player if isinstance(t, TurnExpect) else t for t in expected]
    if wanted != players:
        checker.fail(("turns",), "turns taken", wanted, players)
        return
    for index, item in enumerate(expected):
        if isinstance(item, TurnExpect) and item.extra is not None and item.extra != actual[index]["extra"]:
            checker.fail(("turns", index), f"turn {index + 1} extra", item.extra, actual[index]["extra"])


def check(loaded: LoadedScenario, snapshot: dict[str, Any], events: list[dict[str, Any]],
          marks: list[int] | None = None) -> list[Failure]:
    """The failures of the scenario's expectations; `marks[i]` is the length of the log before action i,
    the last one its length at the end (needed by `events_between`)."""
    expect = loaded.scenario.expect
    checker = _Checker(loaded)
    for name, expected in expect.players.items():
        _player(checker, name, expected, snapshot)
    for index, permanent in enumerate(expect.permanents):
        _permanent(checker, index, permanent, snapshot)
    if expect.stack is not None:
        checker.equal(("stack",), "stack (top first)", expect.stack, [item["name"] for item in snapshot["stack"]])
    _events(checker, expect.events, events)
    _between(checker, loaded, events, marks)
    for index, pattern in enumerate(expect.no_events):
        hits = [e for e in events if event_matches(pattern, e)]
        if hits:
            checker.fail(("no_events", index), "unexpected event", "none", hits)
    if expect.turns is not None:
        _turns(checker, expect.turns, snapshot)
    checker.equal(("extra_turns",), "extra turns to come", expect.extra_turns, snapshot["extra_turns"])
    checker.equal(("active",), "active player", expect.active, snapshot["active"])
    checker.equal(("step",), "step", expect.step, snapshot["step"])
    checker.equal(("turn",), "turn number", expect.turn, snapshot["turn"])
    checker.equal(("game_over",), "game over", expect.game_over, snapshot["game_over"])
    checker.equal(("winner",), "winner", expect.winner, snapshot["winner"])
    return checker.failures
