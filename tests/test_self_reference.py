"""The card's own name written `{this}` (`cardgen.text.oracle.with_self_reference`): whole words only,
the same as the whole-word pattern of the name, without compiling a pattern per card."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from cardgen.text.oracle import with_self_reference


def _by_pattern(text: str, name: str) -> str:
    return re.sub(rf"(?<![\w']){re.escape(name)}(?![\w'])", "{this}", text) if name else text


def test_whole_words_only() -> None:
    name = "Kitnap"
    assert with_self_reference("When Kitnap enters, tap Kitnap's target.", name) == \
        "When {this} enters, tap Kitnap's target."
    assert with_self_reference("Kitnap", name) == "{this}"
    untouched = "Kitnaps and xKitnap, Kitnap_1, 'Kitnap"
    assert with_self_reference(untouched, name) == untouched
    assert with_self_reference("Kitnap, Kitnap.", name) == "{this}, {this}."
    assert with_self_reference("no name here", name) == "no name here"
    assert with_self_reference("Kitnap", "") == "Kitnap"


@given(st.text(alphabet="ab '_.é1", max_size=12), st.text(alphabet="ab '", min_size=0, max_size=3))
def test_as_the_pattern_does(text: str, name: str) -> None:
    assert with_self_reference(text, name) == _by_pattern(text, name)


def _by_alternatives(text: str, words: list[str]) -> str:
    """The pattern of every wording, longest first, then "This ..." for each "this ..." wording, outside
    quoted and reminder text."""
    ordered = sorted(set(words), key=len, reverse=True)
    alternatives = [re.escape(word) for word in ordered] + [re.escape("T" + word[1:]) for word in ordered
                                                            if word.startswith("this ")]
    pattern = re.compile(rf"(?<![\w'])(?:{'|'.join(alternatives)})(?![\w'])")
    parts = re.split(r'("[^"]*"|\([^()]*\))', text)  # odd places: the quoted and reminder texts
    return "".join(part if index % 2 else pattern.sub("{this}", part) for index, part in enumerate(parts))


@given(st.text(alphabet='ab tTihs\'."()', max_size=24), st.sampled_from(["a", "ab", "b a", "this a", "this"]),
       st.sampled_from(["this a", "this ab", "this b a", "ab"]))
def test_a_name_and_a_noun_as_one_pattern_of_both(text: str, name: str, noun: str) -> None:
    assert with_self_reference(text, name, noun) == _by_alternatives(text, [name, noun])
