"""XMage's ready-made filters are one table (`filters.STATIC_FILTERS`, keyed by the selector they select)
that the writer picks a field from and the reader reads a field back with (`STATIC_FILTER_FIELDS`)."""

from __future__ import annotations

import pytest

from cardgen.engines.xmage.data import static_filters
from cardgen.engines.xmage.filters import (
    READ_ONLY_STATIC_FILTERS,
    STATIC_FILTER_FIELDS,
    STATIC_FILTERS,
    key_fields,
    static_filter,
)
from cardgen.model.card import ObjectFilter


@pytest.mark.parametrize(("kind", "key"), list(STATIC_FILTERS), ids=lambda value: str(value))
def test_the_field_written_for_a_selector_reads_back_as_it(kind: str, key: str) -> None:
    fields = key_fields(kind, key)
    owner = {"owner": "you"} if "owner=you" in key.split("|") else {}
    selector = ObjectFilter.model_validate({**fields, **owner})
    singular, plural = STATIC_FILTERS[(kind, key)]
    assert static_filter(selector, owner_in_target=bool(owner)) == singular
    assert static_filter(selector, owner_in_target=bool(owner), plural=True) == (plural or singular)
    assert STATIC_FILTER_FIELDS[singular] == fields


def test_every_static_filter_read_or_written_is_one_xmage_has() -> None:
    names = set(STATIC_FILTER_FIELDS) | {n for names in READ_ONLY_STATIC_FILTERS.values() for n in names}
    assert names - static_filters() == set()
