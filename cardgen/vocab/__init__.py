"""The vocabulary registry: every effect kind of the spec, one module each under `cardgen/vocab/effects/`;
every ability kind, one module each under `cardgen/vocab/abilities/`; every trigger event, one module each
under `cardgen/vocab/events/`; every kind of amount, every condition and every duration, one module each under
`cardgen/vocab/amounts/`, `cardgen/vocab/conditions/` and `cardgen/vocab/durations/`. What
each module declares is the typed contract of `cardgen.vocab.construct`.

The modules are found by listing the packages, so a new kind needs no line here. The order is the sorted
module names, which keeps everything derived from the registry deterministic.
"""

from __future__ import annotations

from typing import Any

from cardgen.vocab import abilities as _abilities_package
from cardgen.vocab import amounts as _amounts_package
from cardgen.vocab import conditions as _conditions_package
from cardgen.vocab import durations as _durations_package
from cardgen.vocab import effects as _effects_package
from cardgen.vocab import events as _events_package
from cardgen.vocab.construct import (
    AbilityConstruct,
    AmountConstruct,
    ConditionConstruct,
    DurationConstruct,
    EffectConstruct,
    EventConstruct,
    discover,
)

DURATIONS: dict[str, DurationConstruct] = discover(_durations_package, "duration")
"""Every duration of a continuous effect, by kind."""

CONDITIONS: dict[str, ConditionConstruct] = discover(_conditions_package, "condition")
"""Every condition an effect, a trigger or a static effect may be gated on, by kind."""

CONDITION_BY_MODEL: dict[type, ConditionConstruct] = {c.model: c for c in CONDITIONS.values() if c.model is not None}
"""The conditions said with words of their own, by spec model class."""


def condition(value: object) -> ConditionConstruct:
    """The construct of one condition: a word (KeyError for a condition the vocabulary doesn't have) or a
    condition model's value."""
    return CONDITIONS[value] if isinstance(value, str) else CONDITION_BY_MODEL[type(value)]

AMOUNTS: dict[str, AmountConstruct[Any]] = discover(_amounts_package, "amount")
"""Every amount kind, by kind (`number`, and each `count:` word)."""

AMOUNT_BY_MODEL: dict[type, AmountConstruct[Any]] = {construct.model: construct for construct in AMOUNTS.values()}


def amount_of(value: object) -> AmountConstruct[Any]:
    """The construct of an amount of a spec effect (a number, or a counted amount's model)."""
    return AMOUNT_BY_MODEL[type(value)]


EFFECTS: dict[str, EffectConstruct[Any]] = discover(_effects_package, "effect")
"""Every effect construct, by kind."""

BY_MODEL: dict[type, EffectConstruct[Any]] = {construct.model: construct for construct in EFFECTS.values()}
"""The same constructs, by spec model class."""


def effect(kind: str) -> EffectConstruct[Any]:
    """The construct of one effect kind (KeyError for a kind the vocabulary doesn't have)."""
    return EFFECTS[kind]


def of(effect_model: object) -> EffectConstruct[Any]:
    """The construct of a spec effect object."""
    return BY_MODEL[type(effect_model)]


def subjects(effect_model: object) -> tuple[str, ...]:
    """The subject fields of a spec effect object, primary first."""
    return BY_MODEL[type(effect_model)].subjects


ABILITIES: dict[str, AbilityConstruct[Any]] = discover(_abilities_package, "ability")
"""Every ability construct, by kind."""

ABILITY_BY_MODEL: dict[type, AbilityConstruct[Any]] = {construct.model: construct for construct in ABILITIES.values()}
"""The same constructs, by spec model class."""

EVENTS: dict[str, EventConstruct] = discover(_events_package, "trigger event")
"""Every trigger event construct, by event."""


def ability(kind: str) -> AbilityConstruct[Any]:
    """The construct of one ability kind (KeyError for a kind the vocabulary doesn't have)."""
    return ABILITIES[kind]


def ability_of(ability_model: object) -> AbilityConstruct[Any]:
    """The construct of a spec ability object."""
    return ABILITY_BY_MODEL[type(ability_model)]


EVENT_BY_MODEL: dict[type, EventConstruct] = {c.model: c for c in EVENTS.values() if c.model is not None}
"""The events said with words of their own, by spec model class."""


def activated_view(ability_model: object) -> Any:
    """The activated ability an ability is: itself for a kind whose `rule.activated` says so, what its kind's
    `rule.activation` makes of it (a Class's level ability, 716.2a), None for any other."""
    rule = ability_of(ability_model).rule
    if rule.activated:
        return ability_model
    return rule.activation(ability_model) if rule.activation is not None else None


def event(value: object) -> EventConstruct:
    """The construct of one trigger event: a word (KeyError for an event the vocabulary doesn't have) or an
    event model's value."""
    return EVENTS[value] if isinstance(value, str) else EVENT_BY_MODEL[type(value)]


__all__ = [
    "ABILITIES", "ABILITY_BY_MODEL", "AMOUNTS", "AMOUNT_BY_MODEL", "BY_MODEL", "CONDITIONS", "CONDITION_BY_MODEL",
    "DURATIONS", "EFFECTS", "EVENTS", "EVENT_BY_MODEL",
    "AbilityConstruct", "AmountConstruct", "ConditionConstruct", "DurationConstruct", "EffectConstruct",
    "EventConstruct", "ability", "ability_of", "amount_of", "condition", "effect", "event", "of",
    "subjects",
]
