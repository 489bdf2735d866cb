"""`--jobs N`: split per-card work over forked worker processes, merge the results in input order.

Everything the commands parallelise is a pure function of one card (parse a spec file, run the per-card
checks, render a card for an engine, play a scenario), so the only rules are: workers get contiguous
ranges of the input, results come back in input order, and the parent merges them exactly as the serial
code would have produced them. Output is therefore byte-identical to `--jobs 1` (tests/test_jobs.py).

Workers are forked, so they see the parent's data (the loaded catalog) without pickling it; only their
results (texts, diagnostics, plain data) travel back. Where `fork` does not exist (Windows, macOS
defaults aside) or the work is too small to pay for a fork, the work runs in-process.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")

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


# ------------------------------------------------------------------------------------- rendering


def _render_range(shared: tuple[list[Any], list[Any]], start: int, stop: int) -> list[list[str | None]]:
    """`render_card` of each card in the range with each backend; None where it raised (the parent then
    renders that card itself, so the error surfaces exactly as it would without `--jobs`)."""
    cards, backends = shared
    out = []
    for card in cards[start:stop]:
        texts: list[str | None] = []
        for backend in backends:
            try:
                texts.append(backend.render_card(card))
            except Exception:  # noqa: BLE001 - re-raised by the parent's own render
                texts.append(None)
        out.append(texts)
    return out


def render_catalog(catalog: Any, backends: dict[str, Any], set_codes: frozenset[str] | None, jobs: int,
                   cache: Any = None) -> dict[str, Any]:
    """`backend.render(catalog, set_codes)` for each engine's backend, the per-card work shared as
    `prepared_backends` explains."""
    return {engine: backend.render(catalog, set_codes)
            for engine, backend in prepared_backends(catalog, backends, set_codes, jobs, cache).items()}


def prepared_backends(catalog: Any, backends: dict[str, Any], set_codes: frozenset[str] | None, jobs: int,
                      cache: Any = None) -> dict[str, Any]:
    """The backends (engine -> backend, from `cardgen.engines.load_backend`; passed in so that this
    executor sits below the engines), ready to render `catalog` (restricted to `set_codes`), with the per-card
    rendering (`render_card`, nearly all the work) done beforehand by `jobs` forked workers and/or taken
    from `cache` (the `SpecCache` the catalog was loaded with). With one job and no cache nothing is
    done beforehand: each card is rendered as the backend reaches it, so its text need not be held.

    Each backend's `render` (or `render_files`) still runs in the parent, unchanged — ordering,
    duplicate checks, set-level files, diagnostics — but its `render_card` answers from the precomputed
    results: the same texts, since `render_card` is a pure function of the card (and the cache key
    covers the card's file and the code). A card whose rendering raised is rendered again by the
    parent, which raises the same error in the same place.
    """
    loaded_cards = [loaded for loaded in catalog.cards
                    if set_codes is None or any(printing.set in set_codes for printing in loaded.card.printings)]
    cards = [loaded.card for loaded in loaded_cards]
    precomputable = [engine for engine, backend in backends.items() if callable(getattr(backend, "render_card", None))]
    texts: dict[str, dict[int, str | None]] = {engine: {} for engine in precomputable}
    keys = [cache.key_of(loaded.path) if cache is not None else None for loaded in loaded_cards]
    if cache is not None:
        for engine in precomputable:
            found = cache.get_many(f"render:{engine}", [key for key in keys if key is not None])
            for card, key in zip(cards, keys, strict=True):
                if key is not None and key in found:
                    texts[engine][id(card)] = found[key][0]
    missing = [index for index, card in enumerate(cards)
               if any(id(card) not in texts[engine] for engine in precomputable)]
    if precomputable and effective_jobs(jobs, len(missing)) > 1:
        for engine in precomputable:  # compile the templates once, before the fork, not in every worker
            with contextlib.suppress(Exception):
                backends[engine].render_card(cards[missing[0]])
        todo = [cards[index] for index in missing]
        shared = (todo, [backends[engine] for engine in precomputable])
        rows: list[list[str | None]] = []
        for chunk in map_ranges(_render_range, shared, len(todo), jobs):
            rows.extend(chunk)
        for card, row in zip(todo, rows, strict=True):
            for column, engine in enumerate(precomputable):
                texts[engine].setdefault(id(card), row[column])
    elif precomputable and cache is not None:
        for index in missing:
            for engine in precomputable:
                if id(cards[index]) not in texts[engine]:
                    texts[engine][id(cards[index])] = _try_render(backends[engine], cards[index])
    if cache is not None:
        for index in missing:
            if keys[index] is not None:
                for engine in precomputable:
                    cache.put(f"render:{engine}", keys[index], (texts[engine].get(id(cards[index])),))
    for engine in precomputable:
        if texts[engine]:
            _answer_from(backends[engine], texts[engine])
    return backends


def _try_render(backend: Any, card: Any) -> str | None:
    try:
        return backend.render_card(card)
    except Exception:  # noqa: BLE001 - re-raised by the parent's own render
        return None


def _answer_from(backend: Any, precomputed: dict[int, str | None]) -> None:
    """Make `backend.render_card(card)` return the precomputed text of `card` (by identity)."""
    original = backend.render_card

    def render_card(card: Any) -> str:
        text = precomputed.get(id(card))
        return text if text is not None else original(card)

    backend.render_card = render_card
