"""Continuous effects and the characteristics they produce (rule 613, reduced to the layers the
vocabulary touches).

Layer 2 (control: Kitnap's "You control enchanted creature"), layer 6 (keywords gained and lost, in
timestamp order), layer 7c (+N/+N from spells and statics), layer 7d (counters). Static abilities of
permanents are read from the battlefield every time; effects of resolved spells live in
`GameState.effects` until their duration ends. Phased-out permanents apply no static abilities.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.game.objects import ContinuousEffect, GameObject
from cardgen.game.state import GameState
from cardgen.spec.model import AllSubject, Control, Modify, StaticAbility


@dataclass(frozen=True, slots=True)
class View:
    """An object's current characteristics after continuous effects."""

    controller: str
    power: int | None
    toughness: int | None
    keywords: frozenset[str]
    protection: bool


def _statics(state: GameState) -> list[tuple[GameObject, Modify | Control]]:
    found: list[tuple[GameObject, Modify | Control]] = []
    for source in state.permanents():
        for ability in source.chars.abilities:
            if isinstance(ability, StaticAbility):
                found.extend((source, effect) for effect in ability.effects if _applies(source, effect))
    return found


def _applies(source: GameObject, effect: Modify | Control) -> bool:
    """A static effect that depends on the promise applies only while the permanent's gift was (or
    wasn't) promised (702.174k)."""
    condition = getattr(effect, "condition", None)
    return condition is None or source.promised == (condition == "promised")


def _word_affects(source: GameObject, word: str, obj: GameObject) -> bool:
    if word == "self":
        return source.oid == obj.oid
    if word in ("enchanted", "equipped"):
        return source.attached_to == obj.oid
    return False


def _affects(state: GameState, source: GameObject, affected: object, obj: GameObject) -> bool:
    if isinstance(affected, str):
        return _word_affects(source, affected, obj)
    if isinstance(affected, AllSubject):
        from cardgen.game import filters

        return filters.matches(state, obj, affected.all, controller_of(state, source), source.oid)
    return False


def controller_of(state: GameState, obj: GameObject) -> str:
    """Layer 2: the latest "you control ..." static that applies wins; otherwise the base controller."""
    if obj.zone != "battlefield":
        return obj.controller
    controller = obj.controller
    statics = [(s, e) for s, e in _statics(state) if isinstance(e, Control)]
    for source, effect in sorted(statics, key=lambda pair: pair[0].timestamp):
        if source.oid == obj.oid:
            continue
        if isinstance(effect.affected, str):
            hit = _word_affects(source, effect.affected, obj)
        elif isinstance(effect.affected, AllSubject):
            from cardgen.game import filters

            hit = filters.matches(state, obj, effect.affected.all, source.controller, source.oid)
        else:
            hit = False
        if hit:
            controller = source.controller
    return controller


def _timed_effects(state: GameState, obj: GameObject, kind: str) -> list[ContinuousEffect]:
    return [e for e in state.effects if e.kind == kind and obj.oid in e.objects]


def view(state: GameState, obj: GameObject) -> View:
    chars = obj.chars
    keywords = set(chars.keywords)
    power, toughness = chars.power, chars.toughness
    protection = False
    if obj.zone == "battlefield" and not obj.gone:
        layer6: list[tuple[int, tuple[str, ...], tuple[str, ...]]] = []
        layer7: list[tuple[int, int]] = []
        for source, effect in _statics(state):
            if isinstance(effect, Modify) and _affects(state, source, effect.affected, obj):
                layer6.append((source.timestamp, tuple(effect.add_keywords), tuple(effect.remove_keywords)))
                layer7.append((effect.power, effect.toughness))
        for effect in _timed_effects(state, obj, "keywords"):
            layer6.append((effect.timestamp, effect.keywords, ()))
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
    """Cleanup step (514.2): "until end of turn" effects end."""
    state.effects = [e for e in state.effects if e.duration != "end_of_turn"]


def expire_until_next_turn(state: GameState, player: str) -> None:
    """As `player`'s turn begins, their "until your next turn" effects end (611.2b)."""
    state.effects = [
        e for e in state.effects if not (e.duration == "until_your_next_turn" and e.controller == player)
    ]
