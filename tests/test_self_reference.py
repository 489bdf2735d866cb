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
