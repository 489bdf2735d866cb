"""Subject kinds of the spec, declared once: what every consumer needs to know about each way an effect
names who or what it acts on.

A subject (`cardgen.model.card.Subject`) is a word (`you`, `each_player`, `each_opponent`,
`gift_recipient`, `self`, `enchanted`, `equipped`), `{target: ...}`, `{ref: ...}` or `{all: filter}`. Each
kind has one module under `cardgen/vocab/subject_kinds/` (found by listing the package) that builds a
`SubjectConstruct` and fills its slots, section by section, like an effect's construct. Consumers ask
`of(subject)` for the construct of a subject value and read its slots instead of keeping their own
table per word or `isinstance` branch per shape.

(The package is not called `subjects` because `cardgen.vocab.subjects(effect)` already names an effect's
subject fields, and importing a subpackage of that name would replace the function.)

Slots (each documented again where it is read):
- `names`: `"player"` or `"object"`, for a word: which it names (the model's `PlayerWord`/`ObjectWord`).
- Forge: `forge_defined` (a word's `Defined$` value, or for a shape a hook `(w, subject, player) -> Params`),
  `forge_default` (`"player"`/`"object"`: the word Forge assumes when `Defined$` is left out there),
  `forge_player_group` (`Caster$`/`ValidPlayer$` word), `forge_affected` (a static's `Affected$`: the
  value for a word, a hook `(b, subject) -> str` for a shape) and `forge_read_affected` (the `Affected$`
  values read back as the word).
- XMage: `xmage_unsupported` ((message, rule): no framework effect can name this subject).
- text: `phrasings` (rule name -> the word's forms, read by `cardgen.phrasing.forms`: `object_word`,
  `player_sg`, `subject_pl`) and `text_player_word` (how a rules-text clause names a group of players).
- resolver: `resolve` (`(ctx, value, field_name) -> list[Entity]`: what the subject names as the effect
  resolves; read by `cardgen.game.context.Context.subject` through `game_tables.subject_readers()`), `static_affects`
  (`(state, source, value, obj, you) -> bool`: whether a static ability's subject affects `obj`; read by
  the static effect constructs through `static_affects()`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardgen.vocab import subject_kinds as _kinds_package
from cardgen.vocab.construct import EffectConstruct, discover

if TYPE_CHECKING:
    from cardgen.game.objects import GameObject
    from cardgen.game.state import GameState


@dataclass(eq=False)
class SubjectConstruct(EffectConstruct):
    """The declaration of one subject kind: `kind` is the word itself (`each_opponent`) or the shape's key
    (`target`, `ref`, `all`), `model` the spec class of a shape (`str` for a word). Slots as an effect's
    (`slot`, `put`, `hook`); `subjects` stays empty."""


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
    return tuple(kind for kind, c in SUBJECTS.items() if c.model is str and c.hook("names") == names)


def table(slot: str, names: str | None = None) -> dict[str, str]:
    """word -> the data in `slot`, for every word that fills it (and names `names`, when given)."""
    return {kind: c.hooks[slot] for kind, c in SUBJECTS.items()
            if c.model is str and c.has(slot) and (names is None or c.hook("names") == names)}


def static_affects(state: GameState, source: GameObject, subject: object, obj: GameObject, you: str) -> bool:
    """Whether a static ability of permanent `source` whose effect affects `subject` affects `obj` (its
    kind's `static_affects` hook; `you` reads a filter); False for a kind a static can't name."""
    construct = of(subject)
    affects = construct.hook("static_affects") if construct is not None else None
    return affects is not None and affects(state, source, subject, obj, you)


__all__ = ["SUBJECTS", "SubjectConstruct", "of", "static_affects", "table", "words"]
