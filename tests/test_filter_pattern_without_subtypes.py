"""The filter pattern is compiled with only the subtype words a text names
(`cardgen.phrasing.nouns._subtypes_named`): on that text it matches as the whole pattern does, at every
position."""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.phrasing import nouns
from cardgen.phrasing.nouns import _filter_regex, _names_subtype, _subtypes_named

WORDS = ["xrabbit", "itself", "creature", "creatures", "artifact", "and/or", "or", "and", ",", "other", "nontoken",
         "non-", "card", "cards", "token", "tokens", "spell", "you", "control", "an", "opponent", "from", "your",
         "graveyard", "rabbit", "rabbits", "mice", "aura", "non-aura", "bird", "food", "x", "'", "-", "with", "mana",
         "value", "2", "less", "island", "squirrel's", "birdcall", "enchantment", "permanent", "nonland",
         "rabbit-bird", "non-rabbit", "otter", "otters", "lizard", "equipment"]


def test_subtype_words_are_made_of_the_runs_read() -> None:
    allowed = set(string.ascii_lowercase + "'-")
    assert all(set(word) <= allowed and word[:1].isalpha() for word in nouns._SUBTYPE_WORDS)


def test_which_texts_name_a_subtype() -> None:
    assert _names_subtype("target rabbit you control", 0)
    assert _names_subtype("non-aura enchantment", 0)
    assert _names_subtype("squirrel's", 0)  # the beginning of a run: a part matched on its own ends there
    assert _names_subtype("xrabbit", 1) and not _names_subtype("xrabbit", 0)  # from where the match starts
    assert not _names_subtype("target rabbit you control", 8)
    assert not _names_subtype("target creature card from your graveyard", 0)


def test_the_words_named() -> None:
    assert "rabbit" in _subtypes_named("target rabbit or bird you control", 0)
    assert "bird" in _subtypes_named("target rabbit or bird you control", 10)
    assert "rabbit" not in _subtypes_named("target rabbit or bird you control", 10)
    assert "aura" in _subtypes_named("non-aura enchantment", 0)
    assert not _subtypes_named("target creature card from your graveyard", 0)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8), st.sampled_from(["", " "]), st.booleans())
def test_same_matches_with_the_words_named(words: list[str], glue: str, plural: bool) -> None:
    text = (glue or " ").join(words)
    whole = _filter_regex(plural)
    for pos in range(len(text)):
        named = _filter_regex(plural, _subtypes_named(text, pos))
        first, second = whole.match(text, pos), named.match(text, pos)
        assert (first and (first.span(), first.groupdict())) == (second and (second.span(), second.groupdict()))
        for end in range(pos, len(text) + 1):
            full, bare = whole.fullmatch(text, pos, end), named.fullmatch(text, pos, end)
            assert (full and full.groupdict()) == (bare and bare.groupdict())
