"""The subject kinds of the vocabulary (`cardgen.vocab.subject`): every way the model lets an
effect name who or what it acts on has one construct, and what the Forge writer spells is what its reader
reads back."""

from __future__ import annotations

import typing

from cardgen.engines.forge import kit, read_model
from cardgen.model.card import AllSubject, ObjectWord, PlayerWord, RefSubject, TargetSubject
from cardgen.vocab import subject


def test_every_subject_form_of_the_model_has_one_construct() -> None:
    assert subject.words("player") == tuple(sorted(typing.get_args(PlayerWord)))
    assert subject.words("object") == tuple(sorted(typing.get_args(ObjectWord)))
    shapes = {subject.of(model.model_construct()).kind for model in (TargetSubject, RefSubject, AllSubject)}
    assert shapes == {"target", "ref", "all"}
    assert subject.of("not_a_word") is None and subject.of(3) is None


def test_every_subject_is_spelled_for_forge() -> None:
    assert [kind for kind, construct in subject.SUBJECTS.items() if construct.forge.defined is None] == []


def test_forge_spellings_read_back_to_the_word_they_were_written_for() -> None:
    """Two words with one `Defined$` (or `Affected$`) value would read back as one of them."""
    for written, read in ((kit.PLAYER_WORDS, read_model.PLAYER_DEFINED), (kit.OBJECT_WORDS, read_model.OBJECT_DEFINED),
                          (kit.PLAYER_GROUPS, read_model.PLAYER_GROUPS)):
        assert {word: read[spelled] for word, spelled in written.items()} == {word: word for word in written}
    for word, construct in subject.SUBJECTS.items():
        affected = construct.forge.affected
        if isinstance(affected, str):
            read = subject.table(lambda c: c.forge.read_affected or None)
            assert [w for w, spellings in read.items() if affected in spellings] == [word]
