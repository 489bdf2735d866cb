"""The tables the game-state kit is built with, taken from the registry.

`cardgen.game` sits below `cardgen.vocab` and can't ask it, so the one builder of games
(`cardgen.resolver.game.Game.new`) hands these to `GameState`: how each static effect kind applies
(`statics`), what each subject kind names as an effect resolves (`subjects`) and which trigger events
each happening of the game is (`trigger_events`).
"""

from __future__ import annotations

from typing import Any

from cardgen.game.state import StaticRule
from cardgen.vocab import EFFECTS, EVENTS
from cardgen.vocab import subject as vocab_subject


def static_rules() -> dict[type, StaticRule]:
    """Effect model -> how a static ability's effect of that kind applies, for every effect construct with
    an `apply_static` slot (and its `static_layer`: 2 for who controls what, decided before the later layers)."""
    return {construct.model: StaticRule(construct.hooks["static_layer"], construct.hooks["apply_static"])
            for construct in EFFECTS.values() if construct.has("apply_static")}


def subject_readers() -> dict[str | type, Any]:
    """Subject word or shape model -> its construct's `resolve` hook `(ctx, value, field_name) -> entities`."""
    return {construct.kind if construct.model is str else construct.model: construct.hooks["resolve"]
            for construct in vocab_subject.SUBJECTS.values() if construct.has("resolve")}


def trigger_events() -> dict[str, frozenset[str]]:
    """Happening of the game -> the trigger events that are it, from every event construct's `happening`."""
    table: dict[str, set[str]] = {}
    for construct in EVENTS.values():
        table.setdefault(construct.hooks["happening"], set()).add(construct.kind)
    return {happening: frozenset(events) for happening, events in sorted(table.items())}
