"""The filter pattern is compiled without its subtype alternations for a text that names no subtype
(`cardgen.phrasing.nouns._names_subtype`): on such a text both patterns match alike, at every position."""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.phrasing import nouns
from cardgen.phrasing.nouns import _filter_regex, _names_subtype

WORDS = ["xrabbit", "itself", "creature", "creatures", "artifact", "and/or", "or", "and", ",", "other", "nontoken",
         "non-", "card", "cards", "token", "tokens", "spell", "you", "control", "an", "opponent", "from", "your",
         "graveyard", "rabbit", "rabbits", "mice", "aura", "non-aura", "bird", "food", "x", "'", "-", "with", "mana",
         "value", "2", "less", "island", "squirrel's", "birdcall", "enchantment", "permanent", "nonland"]


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


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8), st.sampled_from(["", " "]), st.booleans())
def test_same_matches_on_a_text_without_subtypes(words: list[str], glue: str, plural: bool) -> None:
    text = (glue or " ").join(words)
    whole, without = _filter_regex(plural, True), _filter_regex(plural, False)
    for pos in range(len(text)):
        if _names_subtype(text, pos):
            continue
        first, second = whole.match(text, pos), without.match(text, pos)
        assert (first and (first.span(), first.groupdict())) == (second and (second.span(), second.groupdict()))
        for end in range(pos, len(text) + 1):
            full, bare = whole.fullmatch(text, pos, end), without.fullmatch(text, pos, end)
            assert (full and full.groupdict()) == (bare and bare.groupdict())
