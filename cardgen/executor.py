"""The one executor of per-card work: `--jobs N` and `--cache` for every command, in one place.

Everything the commands share out or reuse is a pure stage of one card — read and parse a spec file,
summarise it, run its per-card checks, render it for an engine — plus the scenarios `check` plays. A
stage is a plain function of one item; `per_card` runs it over the items in order: results stored in the
cache (`cardgen.cache`, keyed by the file's bytes and the code) are taken from it, the others computed by
forked workers (`--jobs`) or here, and stored. Set-level work (catalog assembly, cross-card checks, set
files) stays with its caller, which gets the per-card results exactly as the serial code would have
produced them: output is byte-identical to `--jobs 1` without a cache (tests/test_jobs.py,
tests/test_cache.py). Nothing is swapped at run time: a caller that wants precomputed results passes
them on (the engines' `render_files(..., rendered=...)`).

Workers are forked, so they see the parent's data (the loaded catalog) without pickling it; only their
results (texts, diagnostics, plain data) travel back. Where `fork` does not exist (Windows, macOS
defaults aside) or the work is too small to pay for a fork, the work runs in-process.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from cardgen import progress

T = TypeVar("T")
R = TypeVar("R")


class StageCache(Protocol):
    """What the executor needs of a cache (`cardgen.cache.SpecCache`): plain values by stage and key."""

    def get_many(self, kind: str, keys: Iterable[bytes]) -> dict[bytes, Any]: ...

    def put(self, kind: str, key: bytes, value: Any) -> None: ...

    def reject(self, kind: str, key: bytes) -> None:
        """A value found under `key` that its stage could not restore (ignored, computed again)."""
        ...


class FileCache(StageCache, Protocol):
    """A cache that also reads the spec files, keying each by its bytes (`cardgen.cache.SpecCache`)."""

    def read(self, files: list[Any]) -> list[tuple[bytes | None, bytes | None]]:
        """(bytes, key) of each file; (None, None) for one that cannot be read plainly."""
        ...

    def key_of(self, path: Any) -> bytes | None:
        """The key of a file `read` read (None: not read through this cache)."""
        ...

MIN_ITEMS_PER_JOB = 64
"""Below this many items per worker a fork costs more than it saves; the work runs in-process."""

_shared: Any = None
"""What the forked workers read: set just before the pool forks, cleared after."""


def default_jobs() -> int:
    """The number of CPUs this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - platforms without sched_getaffinity
        return max(1, os.cpu_count() or 1)


def can_fork() -> bool:
    import multiprocessing  # here, not at import: a one-job command never needs it

    return "fork" in multiprocessing.get_all_start_methods()


def effective_jobs(jobs: int, items: int) -> int:
    """How many workers to use for `items` items: 1 (in-process) when forking is impossible or the work
    is too small to share."""
    if jobs <= 1 or not can_fork():
        return 1
    return max(1, min(jobs, items // MIN_ITEMS_PER_JOB))


def ranges(count: int, pieces: int) -> list[tuple[int, int]]:
    """`count` items cut into `pieces` contiguous (start, stop) ranges of nearly equal size, in order."""
    pieces = max(1, min(pieces, count)) if count else 1
    size, extra = divmod(count, pieces)
    out = []
    start = 0
    for index in range(pieces):
        stop = start + size + (1 if index < extra else 0)
        out.append((start, stop))
        start = stop
    return out


def _run(task: tuple[Callable[[Any, int, int], Any], int, int]) -> Any:
    function, start, stop = task
    return function(_shared, start, stop)


def map_ranges(function: Callable[[Any, int, int], T], shared: Any, count: int, jobs: int,
               *, chunks_per_job: int = 4) -> Iterator[T]:
    """`function(shared, start, stop)` over contiguous ranges covering `range(count)`, yielded in order.

    With more than one effective job the ranges run in forked workers (several ranges per worker, so a
    slow range does not leave a core idle) and results stream back as they complete, in order; the
    caller can consume them while the workers go on. `function` must be a module-level function.
    """
    workers = effective_jobs(jobs, count)
    if workers <= 1:
        yield function(shared, 0, count)
        return
    global _shared
    _shared = shared
    try:
        import multiprocessing

        context = multiprocessing.get_context("fork")
        tasks = [(function, start, stop) for start, stop in ranges(count, workers * chunks_per_job)]
        with context.Pool(workers) as pool:
            yield from pool.imap(_run, tasks)
    finally:
        _shared = None


# ------------------------------------------------------------------------------------- one stage


def _same(value: Any) -> Any:
    return value


def _restored(_item: Any, value: Any) -> Any:
    return value


def _apply_range(shared: tuple[Callable[[Any], Any], Sequence[Any]], start: int, stop: int) -> list[Any]:
    function, items = shared
    return [function(item) for item in items[start:stop]]


def per_card(stage: str, function: Callable[[T], R], items: Sequence[T], *, jobs: int = 1,
             cache: StageCache | None = None, keys: Sequence[bytes | None] | None = None,
             store: Callable[[R], Any] = _same, restore: Callable[[T, Any], R] = _restored) -> Iterator[R]:
    """`function(item)` for each item, yielded in order.

    With a `cache`, an item whose key (`keys[i]`, None: not cacheable) holds a value under `stage` is
    answered by `restore(item, value)`; every other result is stored as `store(result)`, which must be
    plain data (`marshal`). The results not in the cache are computed by `jobs` forked workers (the
    function and items are inherited through the fork, only results travel back), or here, one by one
    as they are asked for, when the work is too small to share or `jobs` is 1: nothing is held then.
    """
    found: Mapping[bytes, Any] = {}
    restored: dict[int, R] = {}
    if cache is not None and keys is not None:
        found = cache.get_many(stage, [key for key in keys if key is not None])
        for index, key in enumerate(keys):
            if key is not None and key in found:
                try:  # a value of another shape than the stage stores is computed again, not trusted
                    restored[index] = restore(items[index], found[key])
                except Exception:  # noqa: BLE001 - any failure to restore is a miss
                    cache.reject(stage, key)
    todo = [index for index in range(len(items)) if index not in restored]
    computed: Iterator[R]
    if effective_jobs(jobs, len(todo)) > 1:
        pending = [items[index] for index in todo]
        computed = (result for chunk in map_ranges(_apply_range, (function, pending), len(pending), jobs)
                    for result in chunk)
    else:
        computed = (function(items[index]) for index in todo)
    try:
        with progress.phase(stage, len(items)) as advance:
            for index in range(len(items)):
                advance(1)
                key = keys[index] if keys is not None else None
                if index in restored:
                    yield restored.pop(index)
                    continue
                result = next(computed)
                if cache is not None and key is not None:
                    cache.put(stage, key, store(result))
                yield result
    finally:
        close = getattr(computed, "close", None)
        if close is not None:
            close()  # stop any workers now, not whenever the generator is collected


# ------------------------------------------------------------------------------------- rendering


def rendered_cards(catalog: Any, backends: Mapping[str, Any], set_codes: frozenset[str] | None, jobs: int,
                   cache: Any = None,
                   known: Mapping[str, Mapping[int, str]] | None = None) -> dict[str, dict[int, str | None]]:
    """For each engine's backend (engine -> backend, from `cardgen.engines.load_backend`; passed in so
    that this executor sits below the engines), `render_card` of each card of `catalog` (restricted to
    `set_codes`) by identity, computed by `jobs` workers and/or taken from `cache` (the `SpecCache` the
    catalog was loaded with). None where rendering raised: the backend's own `render_files` renders that
    card again and raises the same error in the same place.

    `known`: texts already written by someone else (engine -> card identity -> text: the XMage classes
    validation checked), taken as they are instead of rendered again.

    With one job and no cache, only the known texts: a backend then renders each other card as it reaches
    it, so no text is held (here each is held until the backend writes it)."""
    known = known or {}
    loaded_cards = [loaded for loaded in catalog.cards
                    if set_codes is None or any(printing.set in set_codes for printing in loaded.card.printings)]
    if cache is None and effective_jobs(jobs, len(loaded_cards)) <= 1:
        return {engine: dict(known[engine]) for engine in backends if known.get(engine)}
    cards = [loaded.card for loaded in loaded_cards]
    keys = [cache.key_of(loaded.path) for loaded in loaded_cards] if cache is not None else None
    out: dict[str, dict[int, str | None]] = {}
    for engine, backend in backends.items():
        render = _known_or(known.get(engine) or {}, backend.render_card)
        if effective_jobs(jobs, len(cards)) > 1:  # compile the templates once, before the fork
            with contextlib.suppress(Exception):
                backend.render_card(cards[0])
        texts = per_card(f"render:{engine}", _or_none(render), cards, jobs=jobs, cache=cache, keys=keys,
                         store=_one_text, restore=_text_of)
        out[engine] = {id(card): text for card, text in zip(cards, texts, strict=True)}
    return out


class _known_or:  # noqa: N801 - reads as a function
    """The card's text from `known` (by identity), else `render(card)`."""

    __slots__ = ("known", "render")

    def __init__(self, known: Mapping[int, str], render: Callable[[Any], str]) -> None:
        self.known = known
        self.render = render

    def __call__(self, card: Any) -> str:
        text = self.known.get(id(card))
        return text if text is not None else self.render(card)


class _or_none:  # noqa: N801 - reads as a function
    """`render(card)`, or None where it raised."""

    __slots__ = ("render",)

    def __init__(self, render: Callable[[Any], str]) -> None:
        self.render = render

    def __call__(self, card: Any) -> str | None:
        try:
            return self.render(card)
        except Exception:  # noqa: BLE001 - re-raised by the backend's own render
            return None


def _one_text(text: str | None) -> tuple[str | None]:
    return (text,)


def _text_of(_card: Any, stored: tuple[str | None]) -> str | None:
    (text,) = stored
    if not isinstance(text, (str, type(None))):
        raise TypeError("not a rendered text")
    return text
