"""The assertions of an XMage test: a scenario's `expect:` as `assertLife`, `assert<Zone>Count`,
`assertPowerToughness`, `assertAbility`, ... after `execute()`.

Counts include the fixtures the test added (lands, a `Twincast` in the graveyard, the card a
free-for-all's first player draws); where the scenario leaves open which player controls what it
selects, the resolver's final state says. What XMage's assertions cannot say is a problem of the scene.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardgen.diagnostics import NodePath
from cardgen.engines.xmage import data as xmage_data
from cardgen.engines.xmage.forms import COUNTER_TYPES, KEYWORD_CLASSES, NEW_INSTANCE_KEYWORDS
from cardgen.engines.xmage.harness import (
    AssertAbility,
    AssertActivePlayer,
    AssertAttached,
    AssertColor,
    AssertCount,
    AssertCounter,
    AssertDamage,
    AssertExtraTurns,
    AssertLibraryTop,
    AssertLife,
    AssertLost,
    AssertNotLost,
    AssertPlayerAbility,
    AssertPowerToughness,
    AssertPromised,
    AssertStackEmpty,
    AssertSubtype,
    AssertTapped,
    AssertTurn,
    AssertType,
    AssertUnattached,
    AssertWon,
    Statement,
    StopAt,
)
from cardgen.engines.xmage.scenario_events import observe
from cardgen.engines.xmage.scenario_scene import (
    ANONYMOUS_CARD,
    COUNTED_ZONES,
    LIBRARY_FILLER,
    STEPS,
    XMAGE_DECK_CARD,
    Fixtures,
    Scene,
)
from cardgen.resolver.scenario.model import ConcedeAction, ZoneQuery

COLORS = "WUBRG"
CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Kindred", "Land", "Planeswalker")
"""The card types a permanent's `types:` expectation is asserted with (XMage's `CardType` constants)."""
UNASSERTED_PLAYER = ("protection", "life_cant_change", "cant_cast", "mana_pool")
UNASSERTED_PERMANENT = ("phased_out", "protection")
UNASSERTED_GAME = ("stack", "turns", "active", "step", "turn", "game_over")


def assertions(scene: Scene, fixtures: Fixtures, stop: StopAt | None = None, refusing: str | None = None,
               state_asserted: bool = True) -> list[Statement]:
    """Every assertion of the scenario's `expect:`, players first, then permanents, then the game's (where
    the test stops, `stop`) and what its events changed: not of the `refusing` player's state (the caster
    whose refused cast stops the test), none when the test asserts no state (`state_asserted`)."""
    out: list[Statement] = []
    expect = scene.scenario.expect
    for name, checks in expect.players.items():
        out += _player(scene, fixtures, name, checks)
    for index, item in enumerate(expect.permanents):
        out += _permanent(scene, fixtures, index, item)
    if expect.winner is not None and expect.winner in scene.seats:
        out.append(AssertWon(player=scene.seat(expect.winner)))
    if expect.extra_turns is not None and all(name in scene.seats for name in expect.extra_turns):
        out.append(AssertExtraTurns(players=tuple(scene.seat(name) for name in expect.extra_turns)))
    elif expect.extra_turns is not None:
        scene.problem(("expect", "extra_turns"), "extra_turns", "an extra turn of a player not in the scenario")
    out += _game(scene, stop)
    for key in ("events", "no_events"):
        patterns = getattr(expect, key)
        if patterns:
            out += _events(scene, fixtures, key, patterns, out, refusing if state_asserted else "")
    if expect.events_between:
        scene.problem(("expect", "events_between"), "events_between", f"{len(expect.events_between)} window(s): "
                      "XMage's harness asserts the final state, not the event log")
    return out


def _events(scene: Scene, fixtures: Fixtures, key: str, patterns: list[Any], made: list[Statement],
            refusing: str | None) -> list[Statement]:
    """The assertions of what the patterns change (`scenario_events`), those of a quantity already asserted
    left out; what the final state cannot tell is reported: the patterns that change nothing XMage asserts
    (or only the `refusing` player's state; "": no state at all), and the order of an `events` list."""
    observed, left = observe(scene, fixtures, list(patterns), _fixture_count, refusing)
    asserted = {_key(statement) for statement in made}
    out = [statement for statement in observed if _key(statement) not in asserted]
    if left:
        scene.problem(("expect", key), key, f"{len(left)} of {len(patterns)} event pattern(s) "
                      f"({', '.join(dict.fromkeys(left))}): XMage's harness asserts the final state, not the event "
                      "log; the others by what they change in it" if len(left) < len(patterns) else
                      f"{len(patterns)} event pattern(s): XMage's harness asserts the final state, not the event log")
    elif key == "events" and len(patterns) > 1:
        scene.problem(("expect", key), key, f"the order of its {len(patterns)} event patterns: XMage's harness "
                      "asserts what they change in the final state, not in which order they happened")
    return out


def _key(statement: Statement) -> tuple[Any, ...]:
    """What an assertion is of (its form and the object or player), without the value it asserts."""
    fields = {name: getattr(statement, name) for name in getattr(statement, "__dataclass_fields__", {})}
    for value_field in ("count", "life", "tapped", "amount"):
        fields.pop(value_field, None)
    return (type(statement).__name__, *sorted(fields.items()))


# ------------------------------------------------------------------------------------------ the game
def _game(scene: Scene, stop: StopAt | None) -> list[Statement]:
    """The turn and whose it is (`turns`, `turn`, `active`) when the test stops in the turn the scenario ends
    in, an empty stack (`stack: []`); what else of the game XMage's state cannot tell is reported."""
    expect, snapshot = scene.scenario.expect, scene.snapshot
    begun = len(snapshot["turns"]) if snapshot is not None else 0
    in_last_turn = stop is not None and snapshot is not None and stop.turn == begun  # XMage's turn 1 is the first
    out: list[Statement] = []
    told: set[str] = set()
    if in_last_turn and snapshot is not None and snapshot["active"] in scene.seats:
        if expect.turns is not None or expect.turn is not None:
            out.append(AssertTurn(turn=begun))
            told.add("turn")
        if expect.turns is not None or expect.active is not None:
            out.append(AssertActivePlayer(player=scene.seat(snapshot["active"])))
            told.add("active")
        if expect.turns is not None:
            told.add("turns")
            if not _usual_order(scene, expect.turns):
                scene.problem(("expect", "turns"), "turns", "the turns before the last: XMage's state tells the turn "
                              "number and whose turn it is, not whose the earlier turns were or which were extra")
    if expect.stack == [] and snapshot is not None and not snapshot["stack"]:
        out.append(AssertStackEmpty())
        told.add("stack")
    for key in UNASSERTED_GAME:
        if getattr(expect, key) is not None and key not in told:
            scene.problem(("expect", key), key, f"`{key}` has no XMage test assertion at the end of a test")
    return out


def _usual_order(scene: Scene, turns: list[Any]) -> bool:
    """Whether the turns are the players' in turn order from the first, none of them extra (then the turn
    number and whose turn it is say them all)."""
    order = list(scene.scenario.players)
    names = [turn if isinstance(turn, str) else turn.player for turn in turns]
    if any(not isinstance(turn, str) and turn.extra for turn in turns) or not names or names[0] not in order:
        return False
    start = order.index(names[0])
    return all(name == order[(start + index) % len(order)] for index, name in enumerate(names))


# ---------------------------------------------------------------------------------------- players
def _player(scene: Scene, fixtures: Fixtures, name: str, checks: Any) -> list[Statement]:
    base = ("expect", "players", name)
    if name not in scene.seats:
        scene.problem(base, "players", f"{name} is not a player of the scenario")
        return []
    player = scene.seat(name)
    out: list[Statement] = []
    if checks.life is not None:
        out.append(AssertLife(player=player, life=checks.life))
    if checks.lost is not None:
        out.append(AssertLost(player=player) if checks.lost else AssertNotLost(player=player))
    for zone in COUNTED_ZONES:
        value = getattr(checks, zone)
        if value is not None:
            out += _zone(scene, fixtures, zone, name, value)
    for token, count in sorted((checks.tokens or {}).items()):
        out.append(AssertCount(zone="Token", player=player, name=scene.xmage_name(token), count=count))
    if checks.hexproof is not None:  # a player's hexproof is among the player's abilities in XMage
        out.append(AssertPlayerAbility(player=player, keyword_class=KEYWORD_CLASSES["hexproof"],
                                       has=checks.hexproof))
    if checks.library_top is not None:
        if ANONYMOUS_CARD in checks.library_top:
            scene.problem(base + ("library_top",), "library_top", "anonymous library cards have no name in XMage")
        elif _first_draw(scene, player) is not None:
            scene.problem(base + ("library_top",), "library_top", "XMage's first player of a free-for-all draws on "
                          "turn 1 (103.8c), a card the scenario has not drawn, so their library's top is not the "
                          "scenario's")
        else:
            out.append(AssertLibraryTop(player=player, names=tuple(checks.library_top)))
    for key in UNASSERTED_PLAYER:
        if getattr(checks, key) is not None:
            scene.problem(base + (key,), key, f"a player's `{key}` has no XMage test assertion")
    return out


def _zone(scene: Scene, fixtures: Fixtures, zone: str, who: str, value: Any) -> list[Statement]:
    """A zone's count (a number, a list of names, or a query: its count, what it contains and lacks)."""
    player = scene.seat(who)

    def count(name: str | None, number: int) -> Statement:
        named = None if name is None else scene.xmage_name(name)
        return AssertCount(zone=COUNTED_ZONES[zone], player=player, name=named,
                           count=number + _fixture_count(scene, fixtures, zone, player, name))

    if isinstance(value, int):
        return [count(None, value)]
    if isinstance(value, list):
        return [count(None, len(value))] + [count(name, number) for name, number in sorted(Counter(value).items())
                                            if name != ANONYMOUS_CARD]
    if not isinstance(value, ZoneQuery):
        return []
    out = [count(None, value.count)] if value.count is not None else []
    for name, number in sorted(Counter(value.contains).items()):
        if name == ANONYMOUS_CARD:
            scene.problem(("expect", "players", who, zone, "contains"), "contains",
                          "anonymous library cards have no name in XMage")
            continue
        found = _snapshot_count(scene, who, zone, name)
        out.append(count(name, found if found is not None and found >= number else number))
    return out + [count(name, 0) for name in sorted(set(value.lacks))]


def _snapshot_count(scene: Scene, who: str, zone: str, name: str) -> int | None:
    if scene.snapshot is None:
        return None
    if zone == "battlefield":
        return sum(1 for p in scene.snapshot["battlefield"] if p["controller"] == who and p["name"] == name)
    return list(scene.snapshot["players"][who].get(zone, [])).count(name)


def _fixture_count(scene: Scene, fixtures: Fixtures, zone: str, player: str, name: str | None) -> int:
    """How many of the objects counted are the test's own fixtures (or, -1, a card drawn from the library)."""
    drawn = _first_draw(scene, player) if zone in ("hand", "library") else None
    if drawn is not None and (name is None or name == drawn):
        return 1 if zone == "hand" else -1
    if zone == "battlefield":
        lands = fixtures.lands()[player]
        return sum(lands.values()) if name is None else lands.get(name, 0)
    if zone == "graveyard":
        extra = fixtures.graveyard[player]
        return sum(extra.values()) if name is None else extra.get(name, 0)
    return 0


def _first_draw(scene: Scene, player: str) -> str | None:
    """The card XMage's playerA draws in the draw step of turn 1 of a free-for-all (103.8c: only a
    two-player game skips it), which a scenario starting later in turn 1 has not drawn; None when
    there is none (a duel, a scenario starting before the draw step, an empty library)."""
    scenario = scene.scenario
    if len(scene.seats) <= 2 or player != "playerA" or STEPS.index(scenario.step) <= STEPS.index("draw"):
        return None
    name = next(who for who, seat in scene.seats.items() if seat == player)
    if any(isinstance(action, ConcedeAction) and action.concede == name for action in scenario.actions):
        return None  # what they drew left the game with them (800.4a)
    library = scenario.players[name].library
    if scene.draw_for_an_empty_library(name):
        return LIBRARY_FILLER
    if isinstance(library, list):
        return library[0].card if library else None
    return (LIBRARY_FILLER if scene.library_cleared(name) else XMAGE_DECK_CARD) if library else None


# ------------------------------------------------------------------------------------- permanents
class _Selection:
    """The permanents a `permanents:` item selects in the final state, and the players whose copies of it
    are asserted (its controller, else the players holding one at the end)."""

    def __init__(self, scene: Scene, item: Any) -> None:
        self.name = scene.xmage_name(item.name)
        snapshot = scene.snapshot
        self.selected = [p for p in snapshot["battlefield"] if p["name"] == item.name
                         and (item.owner is None or p["owner"] == item.owner)] if snapshot is not None else []
        self.controllers = Counter(p["controller"] for p in self.selected)
        default = sorted(self.controllers) or list(scene.scenario.players)[:1]
        self.holders = [item.controller] if item.controller is not None else default

    def held_by(self, who: str) -> int:
        return sum(1 for p in self.selected if p["controller"] == who)


def _permanent(scene: Scene, fixtures: Fixtures, index: int, item: Any) -> list[Statement]:
    base = ("expect", "permanents", index)
    if item.select is not None:
        select = item.select
        if select.token is not None or select.copy_ is not None or (
                select.controller is not None and item.controller not in (None, select.controller)):
            scene.problem(base + ("select",), "select", "XMage's assertions select permanents by name and "
                          "controller, not as tokens or copies")
            return []
        item = item.model_copy(update={"name": select.name, "owner": select.owner, "select": None,
                                       "controller": item.controller or select.controller})
    if item.phased_out:
        scene.problem(base + ("phased_out",), "phased_out", "XMage's assertions don't see phased-out permanents (they "
                      "are treated as though they don't exist), so nothing of them is asserted")
        return []
    chosen = _Selection(scene, item)
    out = _permanent_counts(scene, fixtures, item, chosen)
    if item.owner is not None and item.controller is None and len(chosen.controllers) > 1:
        scene.problem(base + ("owner",), "owner", "XMage's assertions select permanents by name and controller, "
                      "not owner")
    if item.tapped is not None:
        out.append(AssertTapped(name=chosen.name, tapped=item.tapped))
    if item.counters is not None:
        out += _counters(scene, item, chosen)
    if item.power is not None or item.toughness is not None:
        out += _power_toughness(scene, base, item, chosen)
    out += _keywords(scene, item, chosen)
    if item.attached_to is not None:
        host = [p for p in (scene.snapshot or {}).get("battlefield", []) if p["name"] == item.attached_to]
        owner = host[0]["controller"] if host else chosen.holders[0]
        out.append(AssertAttached(player=scene.seat(owner), name=chosen.name,
                                  host=scene.xmage_name(item.attached_to)))
    if item.damage is not None:
        out += [AssertDamage(player=scene.seat(who), name=chosen.name, amount=item.damage) for who in chosen.holders]
    out += _characteristics(scene, base, item, chosen)
    if item.promised is not None:
        out.append(AssertPromised(name=chosen.name, promised=item.promised))
    if item.unattached is not None:
        out.append(AssertUnattached(name=chosen.name, unattached=item.unattached))
    for key in UNASSERTED_PERMANENT:
        if getattr(item, key) is not None:
            scene.problem(base + (key,), key, f"a permanent's `{key}` has no XMage test assertion")
    if item.token is not None and item.token != scene.is_token_name(item.name):
        scene.problem(base + ("token",), "token", "XMage tells tokens by name (\" Token\")")
    return out


def _permanent_counts(scene: Scene, fixtures: Fixtures, item: Any, chosen: _Selection) -> list[Statement]:
    """`assertPermanentCount` of the item's permanents: under its controller, under every player when
    there must be none, else under each player who controls some at the end."""

    def count(who: str, number: int) -> Statement:
        return AssertCount(zone="Permanent", player=scene.seat(who), name=chosen.name, count=number)

    def fixture(who: str) -> int:
        return _fixture_count(scene, fixtures, "battlefield", scene.seat(who), item.name)

    if item.count is None:
        if item.controller is None:
            return []
        # the lands the test adds to pay with are counted here as in every other count of the battlefield
        return [count(item.controller, max(1, chosen.controllers.get(item.controller, 1)) + fixture(item.controller))]
    if item.controller is not None:
        return [count(item.controller, item.count + fixture(item.controller))]
    if item.count == 0:
        return [count(who, fixture(who)) for who in scene.scenario.players]
    return [count(who, chosen.controllers.get(who, item.count) + fixture(who)) for who in chosen.holders]


def _counters(scene: Scene, item: Any, chosen: _Selection) -> list[Statement]:
    """Exact: the kinds listed, and none of the kinds the card under test puts that are not listed."""
    wanted = {**{kind: 0 for kind in counter_kinds(scene.card)}, **item.counters}
    return [AssertCounter(player=scene.seat(who), name=chosen.name, counter_type=COUNTER_TYPES[kind], count=amount)
            for kind, amount in sorted(wanted.items()) for who in chosen.holders]


def _power_toughness(scene: Scene, base: NodePath, item: Any, chosen: _Selection) -> list[Statement]:
    """Power and toughness together (the one not given as the resolver's final state has it)."""
    power, toughness = item.power, item.toughness
    if (power is None or toughness is None) and chosen.selected:
        power = chosen.selected[0]["power"] if power is None else power
        toughness = chosen.selected[0]["toughness"] if toughness is None else toughness
    if power is None or toughness is None:
        scene.problem(base + ("power" if item.power is None else "toughness",), "power",
                      "XMage asserts power and toughness together")
        return []
    return [AssertPowerToughness(player=scene.seat(who), name=chosen.name, power=power, toughness=toughness,
                                 all_of_them=chosen.held_by(who) > 1) for who in chosen.holders]


def _keywords(scene: Scene, item: Any, chosen: _Selection) -> list[Statement]:
    """The keywords it must have, and those it must lack (an exact `keywords:` list: also the keywords in
    play here that are not listed)."""
    present = list(item.keywords or []) + list(item.has_keywords)
    absent = list(item.lacks_keywords)
    if item.keywords is not None:
        absent += [k for k in keywords_in_play(scene, item.name) if k not in item.keywords]
    out: list[Statement] = []
    for keyword, has in [(k, True) for k in dict.fromkeys(present)] + [(k, False) for k in dict.fromkeys(absent)]:
        for who in chosen.holders:
            many = chosen.held_by(who)
            out.append(AssertAbility(player=scene.seat(who), name=chosen.name, keyword_class=KEYWORD_CLASSES[keyword],
                                     new_instance=keyword in NEW_INSTANCE_KEYWORDS, has=has,
                                     count=many if many > 1 else None))
    return out


def _characteristics(scene: Scene, base: NodePath, item: Any, chosen: _Selection) -> list[Statement]:
    """Colours (`assertColor`: the listed ones present, the others absent), card types (`assertType`:
    the listed ones, and not the other types of permanents in play at the end), subtypes
    (`assertSubtype` for each listed one); rules lines are reported (XMG300)."""
    out: list[Statement] = []
    if item.colors is not None:
        present = "".join(c for c in COLORS if c in item.colors)
        absent = "".join(c for c in COLORS if c not in item.colors)
        out += [AssertColor(player=scene.seat(who), name=chosen.name, colors=letters, has=has)
                for who in chosen.holders for letters, has in ((present, True), (absent, False)) if letters]
    if item.types is not None:
        in_play = (scene.snapshot or {}).get("battlefield", [])
        others = {word for p in in_play for word in p["types"]}  # what else could be mistaken for it
        out += [AssertType(name=chosen.name, card_type=word.upper(), has=word in item.types)
                for word in CARD_TYPES if word in item.types or word in others]
    for printed in item.subtypes or []:  # the listed ones; that there are no others is the resolver's
        constant = xmage_data.subtypes().get(printed)
        if constant is None:
            scene.problem(base + ("subtypes",), "subtypes", f"XMage has no subtype {printed!r}")
            continue
        out.append(AssertSubtype(name=chosen.name, subtype=constant))
    for key in ("abilities", "has_abilities"):
        if getattr(item, key):
            scene.problem(base + (key,), key, "XMage asserts an ability by its object (`assertAbility`), not by its "
                          "rules text")
    return out


# -------------------------------------------------------------------- what the card under test does
def counter_kinds(card: Any) -> list[str]:
    """The kinds of counters `card` can put (`put_counters`, a return with counters)."""
    from cardgen.model.derive import all_effects

    kinds = set()
    for effect in all_effects(card):
        counter = getattr(effect, "counter", None)
        if isinstance(counter, str):
            kinds.add(counter)
        for spec in getattr(effect, "counters", None) or []:
            kinds.add(spec.counter)
    return sorted(kind for kind in kinds if kind in COUNTER_TYPES)


def keywords_in_play(scene: Scene, name: str) -> list[str]:
    """Keywords the permanent `name` could have here: its card's own and those the card under test
    grants or removes (what an exact `keywords:` list rules out)."""
    from cardgen.model.derive import all_effects, keywords_of

    found: set[str] = set()
    for card in (scene.pool.get(name), scene.card):
        if card is None:
            continue
        found.update(keywords_of(card.abilities))
        for effect in all_effects(card):
            for key in ("keywords", "add_keywords", "remove_keywords"):
                found.update(getattr(effect, key, None) or [])
    return sorted(k for k in found if k in KEYWORD_CLASSES)
