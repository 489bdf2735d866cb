"""Subject kinds of the spec, declared once: what every consumer needs to know about each way an effect
names who or what it acts on.

A subject (`cardgen.model.card.Subject`) is a word (`you`, `each_player`, `each_opponent`,
`gift_recipient`, `self`, `enchanted`, `equipped`), `{target: ...}`, `{ref: ...}` or `{all: filter}`. Each
kind has one module under `cardgen/vocab/subject_kinds/` (found by listing the package) declaring a
`SubjectConstruct` (`cardgen.vocab.construct`: its text, Forge, XMage and resolver groups). Consumers ask
`of(subject)` for the construct of a subject value and read its groups instead of keeping their own
table per word or `isinstance` branch per shape.

(The package is not called `subjects` because `cardgen.vocab.subjects(effect)` already names an effect's
subject fields, and importing a subpackage of that name would replace the function.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from cardgen.vocab import subject_kinds as _kinds_package
from cardgen.vocab.construct import SubjectConstruct, discover

if TYPE_CHECKING:
    from cardgen.game.objects import GameObject
    from cardgen.game.state import GameState

T = TypeVar("T")

SUBJECTS: dict[str, SubjectConstruct] = discover(_kinds_package, "subject")
"""Every subject construct, by kind (the word, or `target`/`ref`/`all`)."""

_BY_MODEL: dict[type, SubjectConstruct] = {c.model: c for c in SUBJECTS.values() if c.model is not str}


def of(subject: object) -> SubjectConstruct | None:
    """The construct of a subject value (a word or a spec subject object); None for anything else."""
    if isinstance(subject, str):
        found = SUBJECTS.get(subject)
        return found if found is not None and found.model is str else None
    return _BY_MODEL.get(type(subject))


def words(names: str) -> tuple[str, ...]:
    """The subject words that name a `"player"` or an `"object"`, in sorted order."""
    return tuple(kind for kind, c in SUBJECTS.items() if c.model is str and c.names == names)


def table(read: Callable[[SubjectConstruct], T | None], names: str | None = None) -> dict[str, T]:
    """word -> what `read` finds in its construct, for every word where it finds something (and that
    names `names`, when given): `table(lambda c: c.forge.player_group)`."""
    return {kind: value for kind, c in SUBJECTS.items()
            if c.model is str and (names is None or c.names == names) and (value := read(c)) is not None}


def forge_word(construct: SubjectConstruct) -> str | None:
    """A word's `Defined$` value in Forge (None for a shape, which spells its own parameters)."""
    defined = construct.forge.defined
    return defined if isinstance(defined, str) else None


def static_affects(state: GameState, source: GameObject, subject: object, obj: GameObject, you: str) -> bool:
    """Whether a static ability of permanent `source` whose effect affects `subject` affects `obj` (its
    kind's `rule.static_affects`; `you` reads a filter); False for a kind a static can't name."""
    construct = of(subject)
    affects = construct.rule.static_affects if construct is not None else None
    return affects is not None and affects(state, source, subject, obj, you)


__all__ = ["SUBJECTS", "SubjectConstruct", "forge_word", "of", "static_affects", "table", "words"]
