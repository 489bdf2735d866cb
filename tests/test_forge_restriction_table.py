"""Forge's restriction words are one table (`valid.RESTRICTIONS`) that the writer and the reader share:
every word the writer writes reads back as the filter field it came from."""

from __future__ import annotations

import pytest

from cardgen.engines.forge.valid import RESTRICTIONS, Restriction, read_valid, valid_expression
from cardgen.model.card import ObjectFilter

LISTS = {"not_types", "supertypes", "not_supertypes", "keywords", "not_keywords"}


@pytest.mark.parametrize("row", RESTRICTIONS, ids=[f"{r.field}-{r.value}" for r in RESTRICTIONS])
def test_each_restriction_is_written_as_its_word_and_read_back(row: Restriction) -> None:
    value = [row.value] if row.field in LISTS else row.value
    types = ["permanent"] if row.field == "not_types" else ["creature"]
    selector = ObjectFilter.model_validate({"types": types, row.field: value})
    written = valid_expression(selector)
    assert row.word in written.split(".", 1)[1].split("+")
    parsed = read_valid(written)
    assert parsed.error is None
    assert parsed.fields[row.field] == value


@pytest.mark.parametrize("row", [r for r in RESTRICTIONS if r.spellings], ids=lambda r: r.word)
def test_other_spellings_read_as_the_written_word(row: Restriction) -> None:
    for spelling in row.spellings:
        assert read_valid(f"Card.{spelling}").fields == read_valid(f"Card.{row.word}").fields
