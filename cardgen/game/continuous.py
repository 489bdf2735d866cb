"""Continuous effects and the characteristics they produce (rule 613, reduced to the layers the
vocabulary touches).

Layer 2 (who controls what), layer 6 (keywords gained and lost, in timestamp order; a keyword counter's
keyword, 122.1b, at its permanent's timestamp, which is when a permanent entering with it got it), layer
7c (+N/+N from spells and statics), layer 7d (counters). Static abilities of permanents are read from the
battlefield every time, each applied by the `StaticRule` of its effect kind that the game's builder put in
`GameState.statics` (the kinds themselves live in `cardgen.vocab`, above this kit); effects of resolved
spells live in `GameState.effects` until their duration ends. Phased-out permanents apply no static
abilities.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from cardgen.game.objects import ContinuousEffect, GameObject
from cardgen.game.state import GameState, StaticRule
from cardgen.model.parts import KEYWORD_COUNTERS


@dataclass(frozen=True, slots=True)
class View:
    """An object's current characteristics after continuous effects."""

    controller: str
    power: int | None
    toughness: int | None
    keywords: frozenset[str]
    protection: bool


@dataclass(slots=True)
class Layers:
    """What the static abilities that apply to one object contribute, layer by layer (613.1), before the
    game applies them: a static applier (`GameState.statics`) adds to these and decides nothing else."""

    controller: str
    """Layer 2: the object's controller so far; a static that changes who controls it sets it (the latest wins)."""
    keywords: list[tuple[int, tuple[str, ...], tuple[str, ...]]] = field(default_factory=list)
    """Layer 6: (timestamp, keywords gained, keywords lost), applied in timestamp order."""
    boosts: list[tuple[int, int]] = field(default_factory=list)
    """Layer 7c: (+power, +toughness)."""


_steady: dict[int, dict[object, Any]] = {}
"""id(state) -> what was computed from it during a pass that changes nothing (`steady`)."""


@contextmanager
def steady(state: GameState) -> Iterator[None]:
    """A pass that reads the game and changes nothing (the views state-based actions look at, a snapshot,
    one object's view): the static effects in play and each object's controller are computed once for the
    whole pass, not again for every object and every static that looks at it. Without it, a battlefield of
    N permanents with statics cost N views of N statics, each asking each affected object's controller
    from the N permanents again. Nested passes share the outer one's results."""
    key = id(state)
    if key in _steady:
        yield
        return
    _steady[key] = {}
    try:
        yield
    finally:
        del _steady[key]


def _statics(state: GameState, layer2: bool) -> list[tuple[GameObject, Any, StaticRule]]:
    """The static effects in play of layer 2 (`layer2`) or of the later layers, with their rule."""
    memo = _steady.get(id(state))
    if memo is not None:
        known = memo.get(("statics", layer2))
        if known is None:
            known = memo[("statics", layer2)] = _find_statics(state, layer2)
        return list(known)
    return _find_statics(state, layer2)


def _find_statics(state: GameState, layer2: bool) -> list[tuple[GameObject, Any, StaticRule]]:
    found: list[tuple[GameObject, Any, StaticRule]] = []
    for source in state.permanents():
        levels = source.chars.card.ability_levels() if source.chars.card else {}
        for ability in source.chars.card.static_abilities() if source.chars.card else ():
            if levels.get(id(ability), 1) > source.class_level:  # of a level the Class hasn't reached (716.2b)
                continue
            for effect in ability.effects:
                rule = state.statics.get(type(effect))
                if rule is not None and (rule.layer == 2) == layer2 and _applies(state, source, effect):
                    found.append((source, effect, rule))
    return found


def _applies(state: GameState, source: GameObject, effect: object) -> bool:
    """A static effect that depends on the promise applies only while the permanent's gift was (or
    wasn't) promised (702.174k)."""
    condition = getattr(effect, "condition", None)
    return condition is None or state.holds(condition, source.promised, controller_of(state, source))


def controller_of(state: GameState, obj: GameObject, *, ending_for: str | None = None) -> str:
    """Layer 2: the latest static changing who controls `obj` that applies wins; otherwise the base controller.
    `ending_for`: leave out the control effects that give that player control (they end as the player
    leaves the game, 800.4a): a control static gives control to its source's controller."""
    if obj.zone != "battlefield":
        return obj.controller
    memo = _steady.get(id(state))
    if memo is None:
        return _controller(state, obj, ending_for)
    key = ("controller", obj.oid, ending_for)
    if key not in memo:
        memo[key] = _controller(state, obj, ending_for)
    found: str = memo[key]
    return found


def _controller(state: GameState, obj: GameObject, ending_for: str | None) -> str:
    layers = Layers(obj.controller)
    for source, effect, rule in sorted(_statics(state, layer2=True), key=lambda found: found[0].timestamp):
        if source.oid == obj.oid:
            continue
        if ending_for is not None and controller_of(state, source) == ending_for:
            continue
        rule.apply(state, source, effect, obj, layers)
    return layers.controller


def note_control(state: GameState) -> None:
    """Notice the permanents whose controller changed since last looked at (a control effect began or
    ended): from this turn on they have not been under their new controller's control continuously
    (302.6). Called wherever control can change: a permanent entering or leaving, an effect resolving,
    phasing, a priority point. Phased-out permanents are skipped (phasing changes no controller)."""
    from cardgen.game.events import ControlChanged

    with steady(state):
        controllers = [(obj, controller_of(state, obj)) for obj in state.permanents()]
    for obj, now in controllers:
        if obj.seen_controller == now:
            continue
        if obj.seen_controller is not None:
            state.emit(ControlChanged(obj.name, now, obj.seen_controller))
            obj.controlled_since = state.turn_number
        obj.seen_controller = now


def controlled_since_turn_began(state: GameState, obj: GameObject, player: str) -> bool:
    """302.6: `player` has controlled `obj` continuously since their most recent turn began."""
    if obj.controlled_since is None:
        return True
    began = state.last_turn.get(player)
    return began is not None and obj.controlled_since < began


def _timed_effects(state: GameState, obj: GameObject, kind: str) -> list[ContinuousEffect]:
    return [e for e in state.effects if e.kind == kind and obj.oid in e.objects]


def view(state: GameState, obj: GameObject) -> View:
    with steady(state):
        return _view(state, obj)


def _view(state: GameState, obj: GameObject) -> View:
    chars = obj.chars
    keywords = set(chars.keywords)
    power, toughness = chars.power, chars.toughness
    protection = False
    if obj.zone == "battlefield" and not obj.gone:
        layers = Layers(obj.controller)
        for source, effect, rule in _statics(state, layer2=False):
            rule.apply(state, source, effect, obj, layers)
        layer6, layer7 = layers.keywords, layers.boosts
        for effect in _timed_effects(state, obj, "keywords"):
            layer6.append((effect.timestamp, effect.keywords, ()))
        for kind, number in obj.counters.items():  # a keyword counter gives its keyword (122.1b, 613.1f)
            if kind in KEYWORD_COUNTERS and number > 0:
                layer6.append((obj.timestamp, (kind,), ()))
        for effect in _timed_effects(state, obj, "pump"):
            layer7.append((effect.power, effect.toughness))
        protection = bool(_timed_effects(state, obj, "protection"))
        for _, added, removed in sorted(layer6, key=lambda item: item[0]):
            keywords.update(added)
            keywords.difference_update(removed)
        if power is not None and toughness is not None:
            for dp, dt in layer7:
                power += dp
                toughness += dt
            plus, minus = obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0)
            power += plus - minus
            toughness += plus - minus
    return View(controller_of(state, obj), power, toughness, frozenset(keywords), protection)


def player_has(state: GameState, player: str, kind: str, keyword: str | None = None) -> bool:
    """Whether a continuous effect gives `player` hexproof/shroud (`keywords` + keyword), protection,
    "life total can't change" or "can't cast spells"."""
    for effect in state.effects:
        if effect.kind != kind or player not in effect.players:
            continue
        if keyword is None or keyword in effect.keywords:
            return True
    return False


def add_effect(state: GameState, effect: ContinuousEffect) -> None:
    state.effects.append(effect)


def expire_end_of_turn(state: GameState) -> None:
    """Cleanup step (514.2): the effects of a duration that ends then ("until end of turn") end."""
    state.effects = [e for e in state.effects if state.durations.get(e.duration) != "cleanup"]


def expire_play_permissions(state: GameState) -> None:
    """Cleanup step (514.2): a permission to play an exiled card "until end of turn" ends, and one "until
    the end of your next turn" in the cleanup of its player's turn after the one it was given in."""
    state.play_permissions = {
        oid: granted for oid, granted in state.play_permissions.items()
        if not (granted.until == "end_of_turn"
                or (state.active == granted.player and state.turn_number > granted.granted))}


def expire_until_next_turn(state: GameState, player: str) -> None:
    """As `player`'s turn begins, their effects of a duration that ends then ("until your next turn") end
    (611.2b)."""
    state.effects = [e for e in state.effects
                     if not (state.durations.get(e.duration) == "controller_turn" and e.controller == player)]
