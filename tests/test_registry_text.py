"""What each effect construct declares for the subjects, the phrasing and the rules text (`cardgen.vocab`)
is consistent with its model and with itself, so every consumer reading it agrees."""

from __future__ import annotations

import typing
from typing import Any, get_args

import pytest

from cardgen import vocab
from cardgen.model.card import PlayerWord, Subject
from cardgen.model.parts import LATE_TYPES
from cardgen.vocab.pattern import Form

CONSTRUCTS = sorted(vocab.EFFECTS.values(), key=lambda construct: construct.kind)


def _names_object_or_player(annotation: Any) -> bool:
    """Whether a field's type is a subject (a word, target, ref or `all`) or a player word."""
    if annotation in (Subject, PlayerWord):
        return True
    return any(_names_object_or_player(arg) for arg in get_args(annotation) if arg is not type(None))


@pytest.mark.parametrize("construct", CONSTRUCTS, ids=lambda construct: construct.kind)
def test_subjects_are_every_field_that_names_an_object_or_player(construct: vocab.EffectConstruct[Any]) -> None:
    hints = typing.get_type_hints(construct.model, localns=LATE_TYPES, include_extras=True)
    naming = {name for name in construct.model.model_fields if _names_object_or_player(hints[name])}
    assert set(construct.subjects) == naming
    assert len(set(construct.subjects)) == len(construct.subjects)


@pytest.mark.parametrize("construct", CONSTRUCTS, ids=lambda construct: construct.kind)
def test_back_references_point_at_subjects(construct: vocab.EffectConstruct[Any]) -> None:
    assert set(construct.text.antecedents) <= set(construct.subjects)


def _effect_kinds(shape: Any) -> set[str]:
    if isinstance(shape, dict):
        own = {shape["effect"]} if isinstance(shape.get("effect"), str) else set()
        return own.union(*(_effect_kinds(value) for value in shape.values()))
    if isinstance(shape, list):
        return set().union(*(_effect_kinds(item) for item in shape))
    return set()


@pytest.mark.parametrize("construct", CONSTRUCTS, ids=lambda construct: construct.kind)
def test_a_construct_phrases_itself(construct: vocab.EffectConstruct[Any]) -> None:
    """A construct's forms say its own kind (a clause form may add a kind said with it, as "gets +1/+1
    and gains flying" does), and the first kind of each of its effect forms is its own."""
    for rule, forms in construct.text.phrasings.items():
        for form in forms:
            assert isinstance(form, Form)
            kinds = _effect_kinds(form.shape)
            assert not kinds or construct.kind in kinds, (rule, form.pattern)
            first = form.shape[0] if isinstance(form.shape, list) and form.shape else form.shape
            if isinstance(first, dict) and "effect" in first:
                assert first["effect"] == construct.kind, (rule, form.pattern)


def test_every_effect_kind_but_the_derived_gift_can_be_said() -> None:
    unsaid = [c.kind for c in CONSTRUCTS if not c.text.phrasings and not c.text.derived]
    assert unsaid == []
