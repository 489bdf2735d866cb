"""The executor (`cardgen.executor.per_card`) runs one per-card stage the same way whatever the jobs and
the cache: results in input order, cached results restored instead of recomputed, only plain values
stored, and nothing computed ahead of the caller with one job."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from cardgen import executor


class DictCache:
    """A cache in a dict, with the two methods the executor uses."""

    def __init__(self) -> None:
        self.entries: dict[tuple[str, bytes], Any] = {}

    def get_many(self, kind: str, keys: Iterable[bytes]) -> dict[bytes, Any]:
        return {key: self.entries[kind, key] for key in keys if (kind, key) in self.entries}

    def put(self, kind: str, key: bytes, value: Any) -> None:
        self.entries[kind, key] = value


def square(item: int) -> int:
    return item * item


def test_results_come_in_order_and_one_at_a_time_with_one_job() -> None:
    calls: list[int] = []

    def record(item: int) -> int:
        calls.append(item)
        return square(item)

    results = executor.per_card("square", record, [3, 1, 2])
    assert next(results) == 9 and calls == [3]  # nothing computed ahead of the caller
    assert list(results) == [1, 4]


def test_cached_results_are_restored_not_recomputed() -> None:
    cache = DictCache()
    items, keys = [1, 2, 3], [b"a", None, b"c"]
    first = list(executor.per_card("square", square, items, cache=cache, keys=keys,
                                   store=lambda value: [value], restore=lambda item, stored: stored[0]))
    assert first == [1, 4, 9]
    assert cache.entries == {("square", b"a"): [1], ("square", b"c"): [9]}  # a key of None is never cached

    calls: list[int] = []

    def record(item: int) -> int:
        calls.append(item)
        return square(item)

    again = list(executor.per_card("square", record, items, cache=cache, keys=keys,
                                   store=lambda value: [value], restore=lambda item, stored: stored[0] + 1000))
    assert again == [1001, 4, 1009] and calls == [2]


@pytest.mark.skipif(not executor.can_fork(), reason="--jobs needs fork")
def test_workers_give_what_one_job_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(executor, "MIN_ITEMS_PER_JOB", 1)
    items = list(range(50))
    cache = DictCache()
    cache.put("square", b"7", 0)  # answered from the cache, not by a worker
    keys = [str(item).encode() for item in items]
    found = list(executor.per_card("square", square, items, jobs=3, cache=cache, keys=keys))
    assert found == [0 if item == 7 else item * item for item in items]
    assert list(executor.per_card("square", square, items, jobs=3)) == [item * item for item in items]
