"""The tables the game-state kit is built with, taken from the registry.

`cardgen.game` sits below `cardgen.vocab` and can't ask it, so the one builder of games
(`cardgen.resolver.game.Game.new`) hands these to `GameState`: how each static effect kind applies
(`statics`), what each subject kind names as an effect resolves (`subjects`), which trigger events
each happening of the game is (`trigger_events`), what each amount kind counts (`amounts`), when
an effect of each duration ends (`durations`), whether each condition holds (`conditions`) and which
abilities make their permanent enter tapped (`enters_tapped`), what an ability does as its permanent
enters (`as_enters`) and which put a blocking restriction on it
(`restrictions`).
"""

from __future__ import annotations

from typing import Any

from cardgen.game.state import StaticRule
from cardgen.vocab import ABILITIES, AMOUNTS, CONDITIONS, DURATIONS, EFFECTS, EVENTS
from cardgen.vocab import subject as vocab_subject
from cardgen.vocab.construct import Continuous


def static_rules() -> dict[type, StaticRule]:
    """Effect model -> how a static ability's effect of that kind applies, for every effect construct whose
    rule is `Continuous` (its layer: 2 for who controls what, decided before the later layers)."""
    return {construct.model: StaticRule(construct.rule.layer, construct.rule.apply)
            for construct in EFFECTS.values() if isinstance(construct.rule, Continuous)}


def subject_readers() -> dict[str | type, Any]:
    """Subject word or shape model -> its construct's `rule.resolve` `(ctx, value, field_name) -> entities`."""
    return {construct.kind if construct.model is str else construct.model: construct.rule.resolve
            for construct in vocab_subject.SUBJECTS.values()}


def amount_rules() -> dict[type, Any]:
    """Amount model -> its construct's `rule.evaluate` `(ctx, amount) -> number`."""
    return {construct.model: construct.rule.evaluate for construct in AMOUNTS.values()}


def duration_ends() -> dict[str, str]:
    """Duration -> when an effect of it ends, from every duration construct's `rule.ends`."""
    return {kind: construct.rule.ends for kind, construct in DURATIONS.items()}


def condition_rules() -> dict[str | type, Any]:
    """Condition (a word, or a condition model's class) -> `(state, promised, you, condition) -> bool`: its
    construct's `rule.holds` of the promise, or its `rule.game` (`rule.game_of`, given the condition's value)
    of the game for the player `you` (who controls the ability or the source; None: nobody, it doesn't
    hold)."""
    return {construct.model or kind: _condition_reader(construct.rule) for kind, construct in CONDITIONS.items()}


def _condition_reader(rule: Any) -> Any:
    holds, game, game_of = rule.holds, rule.game, rule.game_of

    def read(state: Any, promised: bool, you: str | None, condition: Any) -> bool:
        if holds is not None:
            return bool(holds(promised))
        if game_of is not None:
            return you is not None and bool(game_of(state, you, condition))
        return you is not None and bool(game(state, you))

    return read


def trigger_events() -> dict[str, frozenset[str | type]]:
    """Happening of the game -> the trigger events that are it, from every event construct's `rule.happening`:
    an event's word, or for an event with words of its own its model (what a triggered ability's `event` is)."""
    table: dict[str, set[str | type]] = {}
    for construct in EVENTS.values():
        for happening in (construct.rule.happening, *construct.rule.also):
            table.setdefault(happening, set()).add(construct.model or construct.kind)
    return {happening: frozenset(events) for happening, events in sorted(table.items())}


def event_matches() -> dict[type | str, Any]:
    """Event model, or the word of an event without one -> its construct's `rule.matches` `(state, source,
    event, what happened) -> bool`."""
    return {c.model or c.kind: c.rule.matches for c in EVENTS.values() if c.rule.matches is not None}


def targeted_rules() -> dict[type, Any]:
    """Ability model -> its construct's `rule.targeted`, for every ability kind that has one (ward)."""
    return {construct.model: construct.rule.targeted for construct in ABILITIES.values()
            if construct.rule.targeted is not None}


def enters_tapped() -> frozenset[type]:
    """Ability models whose permanent enters tapped: every ability construct whose `rule.enters_tapped` says so."""
    return frozenset(construct.model for construct in ABILITIES.values() if construct.rule.enters_tapped)


def as_enters() -> dict[type, Any]:
    """Ability model -> `(state, permanent, ability, controller)`: what an ability of that kind does as its
    permanent enters (614.12), from every ability construct's `rule.as_enters`."""
    return {construct.model: construct.rule.as_enters for construct in ABILITIES.values()
            if construct.rule.as_enters is not None}


def keeps_tapped() -> dict[type, Any]:
    """Ability model -> `(state, permanent, ability) -> permanents`: what an ability of that kind keeps from
    untapping in its controller's untap step (502.3), from every ability construct's `rule.keeps_tapped`."""
    return {construct.model: construct.rule.keeps_tapped for construct in ABILITIES.values()
            if construct.rule.keeps_tapped is not None}


def restrictions() -> dict[type, Any]:
    """Ability model -> `(ability) -> (kind, number)`: the blocking restriction (509.1b) an ability of that kind
    puts on its permanent, from every ability construct's `rule.restriction`."""
    return {construct.model: construct.rule.restriction for construct in ABILITIES.values()
            if construct.rule.restriction is not None}
