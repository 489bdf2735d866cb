"""What XMage's final state can tell of a scenario's `events` and `no_events`: the assertions of what each
event pattern changes, at the values the reference resolver's final state has.

XMage's harness keeps no event log, but most events leave something its assertions see: a card drawn is
in its player's hand, life gained is in their life total, a gift given is the recipient's card or token, a
creature destroyed is off the battlefield and in a graveyard. An event pattern names what it changes
(`QUANTITIES`: its player or card, every player when it names none); the test asserts each of those at its
final value. That value says whether the event happened, so the same assertions serve a pattern that must
match (`events`) and one that must not (`no_events`). A pattern that changes nothing XMage asserts (a
trigger, a resolution, a spell cast) is reported, with the order of an `events` list (the final state
shows what happened, not in which order).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from cardgen.engines.xmage.forms import COUNTER_TYPES
from cardgen.engines.xmage.harness import (
    AssertCount,
    AssertCounter,
    AssertDamage,
    AssertLife,
    AssertLost,
    AssertNotLost,
    AssertTapped,
    Statement,
)
from cardgen.engines.xmage.scenario_scene import COUNTED_ZONES, LIBRARY_FILLER, XMAGE_DECK_CARD, Fixtures, Scene
from cardgen.model.gift import GIFT_KINDS

FixtureCount = Callable[[Scene, Fixtures, str, str, "str | None"], int]
"""How many of the objects a count sees are the test's own fixtures (`scenario_expect._fixture_count`)."""
Quantity = tuple[Any, ...]
"""What an event changes, one of: `("zone", zone, player, name | None)`, `("life", player)`,
`("lost", player)`, `("tapped", name)`, `("counter", name, kind)`, `("damage", name)`."""
ASSERTED_ZONES = ("hand", "graveyard", "exile", "battlefield")
"""The zones whose counts an event's change is asserted by (a library's count also holds the test's deck)."""


def observe(scene: Scene, fixtures: Fixtures, patterns: list[dict[str, Any]], fixture_count: FixtureCount,
            refusing: str | None = None) -> tuple[list[Statement], list[str]]:
    """The assertions of what `patterns` change, and the kinds of the patterns that change nothing XMage
    asserts (whose presence or absence the test leaves out). `refusing`: a player variable whose state the
    test does not assert (its refused cast stops the game); "" when the test asserts no state at all."""
    out: list[Statement] = []
    left: list[str] = []
    for pattern in patterns:
        quantities = QUANTITIES.get(pattern["event"], _nothing)(scene, pattern) if refusing != "" else []
        quantities = [quantity for quantity in quantities if not _stand_in(quantity)]
        made = [_statement(scene, fixtures, quantity, fixture_count) for quantity in quantities]
        made = [None if refusing is not None and getattr(statement, "player", None) == refusing else statement
                for statement in made]
        if not quantities or any(statement is None for statement in made):
            left.append(pattern["event"])
            continue
        out += [statement for statement in made if statement is not None and statement not in out]
    return out, left


# ------------------------------------------------------------------------- what each pattern changes
def _players(scene: Scene, pattern: dict[str, Any], *keys: str) -> list[str]:
    """The players a pattern names in the first of `keys` it has, else every player of the scenario; not
    those who left the game (what they had left with them, 800.4a)."""
    named = next(([pattern[key]] for key in keys if isinstance(pattern.get(key), str)), list(scene.scenario.players))
    return [name for name in named if name in scene.seats and not _left_game(scene, name)]


def _zones(scene: Scene, name: str, *zones: str) -> list[Quantity]:
    return [("zone", zone, who, name) for zone in zones for who in _players(scene, {})]


def _nothing(scene: Scene, pattern: dict[str, Any]) -> list[Quantity]:
    return []


def _drew(scene: Scene, pattern: dict[str, Any]) -> list[Quantity]:
    card = pattern.get("card")
    return [("zone", "hand", who, name) for who in _players(scene, pattern, "player")
            for name in (None, card) if name is None or isinstance(name, str)]


def _discarded(scene: Scene, pattern: dict[str, Any]) -> list[Quantity]:
    card = pattern.get("card")
    return [("zone", zone, who, name) for who in _players(scene, pattern, "player") for zone in ("hand", "graveyard")
            for name in (None, card) if name is None or isinstance(name, str)]


def _milled(scene: Scene, pattern: dict[str, Any]) -> list[Quantity]:
    card = pattern.get("card")
    return [("zone", "graveyard", who, name) for who in _players(scene, pattern, "player")
            for name in (None, card) if name is None or isinstance(name, str)]


def _life(scene: Scene, pattern: dict[str, Any]) -> list[Quantity]:
    return [("life", who) for who in _players(scene, pattern, "player")]


def _damage(scene: Scene, pattern: dict[str, Any]) -> list[Quantity]:
    to = pattern.get("to")
    if not isinstance(to, str):
        return []
    if to in scene.scenario.players:
        return [("life", to)] if to in scene.seats else []
    if any(p["name"] == to for p in _seen(scene)):
        return [("damage", to)]
    return _left_battlefield(scene, {"card": to})  # the damage destroyed it (704.5g)


def _token_created(scene: Scene, pattern: dict[str, Any]) -> list[Quantity]:
    token = pattern.get("token")
    name = token if isinstance(token, str) else None
    return [("zone", "battlefield", who, name) for who in _players(scene, pattern, "player")]


def _gift_given(scene: Scene, pattern: dict[str, Any]) -> list[Quantity]:
    kind = pattern.get("gift") if isinstance(pattern.get("gift"), str) else _gift_kind(scene, pattern.get("source"))
    info = GIFT_KINDS.get(kind) if isinstance(kind, str) else None  # type: ignore[call-overload]
    if info is None or info.extra_turn:
        return []  # an extra turn given and taken leaves nothing behind
    giver = pattern.get("player")
    recipients = [who for who in _players(scene, pattern, "to") if who != giver]
    if info.token is not None:
        return [("zone", "battlefield", who, info.token.capitalize()) for who in recipients]
    return [("zone", "hand", who, None) for who in recipients]


def _gift_kind(scene: Scene, source: Any) -> str | None:
    """The gift of the pattern's source, else the one gift of the cards the scenario has (None for several)."""
    if isinstance(source, str):
        return getattr(scene.pool.get(source), "gift", None)
    if scene.card.gift is not None:
        return scene.card.gift
    text = json.dumps(scene.scenario.model_dump(mode="json"))
    kinds = {card.gift for name, card in scene.pool.items() if card.gift is not None and json.dumps(name) in text}
    return kinds.pop() if len(kinds) == 1 else None


def _left_battlefield(scene: Scene, pattern: dict[str, Any]) -> list[Quantity]:
    """Sacrificed, destroyed, died: where the card is now (off the battlefield, in a graveyard)."""
    card = pattern.get("card")
    if not isinstance(card, str):
        return []
    zones = ("battlefield",) if scene.is_token_name(card) else ("battlefield", "graveyard")
    return _zones(scene, card, *zones)


def _countered(scene: Scene, pattern: dict[str, Any]) -> list[Quantity]:
    card = pattern.get("card")
    if not isinstance(card, str) or scene.is_token_name(card):
        return []
    return _zones(scene, card, "graveyard")


def _moved(scene: Scene, pattern: dict[str, Any]) -> list[Quantity]:
    card = pattern.get("card")
    if not isinstance(card, str):
        return []
    zones = [zone for zone in (pattern.get("from_zone"), pattern.get("to_zone")) if zone in ASSERTED_ZONES]
    return _zones(scene, card, *dict.fromkeys(zones)) if zones else []


def _counters_added(scene: Scene, pattern: dict[str, Any]) -> list[Quantity]:
    card, kind = pattern.get("card"), pattern.get("counter")
    if not isinstance(card, str) or not isinstance(kind, str) or kind not in COUNTER_TYPES:
        return []
    return [("counter", card, kind)]


def _control_changed(scene: Scene, pattern: dict[str, Any]) -> list[Quantity]:
    card = pattern.get("card")
    return _zones(scene, card, "battlefield") if isinstance(card, str) else []


def _player_lost(scene: Scene, pattern: dict[str, Any]) -> list[Quantity]:
    """Lost, or left the game (a player who leaves a multiplayer game has lost it, 800.4a; XMage's
    concession marks them lost too): whether each has, those who left included."""
    named = [pattern["player"]] if isinstance(pattern.get("player"), str) else list(scene.scenario.players)
    return [("lost", who) for who in named if who in scene.seats]


def _cast(scene: Scene, pattern: dict[str, Any]) -> list[Quantity]:
    """A spell cast: the card left the zone it was cast from for the stack, and is where it went from there."""
    card = pattern.get("card")
    if not isinstance(card, str) or scene.is_token_name(card):
        return []
    return _zones(scene, card, *ASSERTED_ZONES)


def _tapped(scene: Scene, pattern: dict[str, Any]) -> list[Quantity]:
    card = pattern.get("card")
    return [("tapped", card)] if isinstance(card, str) else []


QUANTITIES: dict[str, Callable[[Scene, dict[str, Any]], list[Quantity]]] = {
    "drew": _drew, "discarded": _discarded, "milled": _milled, "life_gained": _life, "life_lost": _life,
    "damage": _damage, "token_created": _token_created, "gift_given": _gift_given,
    "sacrificed": _left_battlefield, "destroyed": _left_battlefield, "died": _left_battlefield,
    "countered": _countered, "moved": _moved, "counters_added": _counters_added,
    "control_changed": _control_changed, "player_lost": _player_lost, "left_game": _player_lost,
    "tapped": _tapped, "untapped": _tapped, "cast": _cast,
}
"""What an event of each kind changes that XMage's assertions see (the kinds not listed change nothing)."""


# ---------------------------------------------------------------------------- the final value of each
def _stand_in(quantity: Quantity) -> bool:
    """A count by name off the battlefield of the card the test fills libraries with (or XMage's deck holds):
    a card drawn from a library the scenario leaves anonymous has that name in XMage, so only the zone's
    total is asserted."""
    return quantity[0] == "zone" and quantity[1] != "battlefield" and quantity[3] in (LIBRARY_FILLER, XMAGE_DECK_CARD)


def _seen(scene: Scene) -> list[dict[str, Any]]:
    """The permanents XMage's assertions see at the end (phased-out ones are treated as though they don't
    exist, 702.26b)."""
    return [p for p in (scene.snapshot or {}).get("battlefield", []) if not p["phased_out"]]


def _left_game(scene: Scene, who: str) -> bool:
    return bool(((scene.snapshot or {}).get("players", {}).get(who) or {}).get("lost"))


def _statement(scene: Scene, fixtures: Fixtures, quantity: Quantity, fixture_count: FixtureCount) -> Statement | None:
    """The assertion of one quantity at the resolver's final value; None when XMage cannot assert it."""
    snapshot = scene.snapshot
    if snapshot is None:
        return None
    kind = quantity[0]
    if kind == "zone":
        zone, who, name = quantity[1:]
        if _left_game(scene, who) or any(p["phased_out"] for p in snapshot["battlefield"]):
            return None  # what a player who left the game had, or a permanent XMage doesn't see
        seat = scene.seat(who)
        if zone == "battlefield":
            found = sum(1 for p in _seen(scene) if p["controller"] == who and (name is None or p["name"] == name))
        else:
            found = sum(1 for card in snapshot["players"][who][zone] if name is None or card == name)
        return AssertCount(zone=COUNTED_ZONES[zone], player=seat, name=None if name is None else scene.xmage_name(name),
                           count=found + fixture_count(scene, fixtures, zone, seat, name))
    if kind == "life":
        who = quantity[1]
        return None if _left_game(scene, who) else AssertLife(player=scene.seat(who),
                                                              life=snapshot["players"][who]["life"])
    if kind == "lost":
        who = quantity[1]
        return (AssertLost if snapshot["players"][who]["lost"] else AssertNotLost)(player=scene.seat(who))
    return _permanent_statement(scene, quantity)


def _permanent_statement(scene: Scene, quantity: Quantity) -> Statement | None:
    """Tapped, counters, damage: of the one permanent of that name (None for several, or none)."""
    kind, name = quantity[0], quantity[1]
    found = [p for p in _seen(scene) if p["name"] == name]
    if len(found) != 1 or not scene.seats.get(found[0]["controller"]):
        return None
    permanent = found[0]
    seat = scene.seat(permanent["controller"])
    if kind == "tapped":
        return AssertTapped(name=scene.xmage_name(name), tapped=permanent["tapped"])
    if kind == "counter":
        counter = quantity[2]
        return AssertCounter(player=seat, name=scene.xmage_name(name), counter_type=COUNTER_TYPES[counter],
                             count=permanent["counters"].get(counter, 0))
    return AssertDamage(player=seat, name=scene.xmage_name(name), amount=permanent["damage"])


__all__ = ["ASSERTED_ZONES", "QUANTITIES", "observe"]
