"""The cross-backend behaviour check behind `cardgen check`.

Every scenario is played three ways: with the cards as specified, and with every card replaced by what
each engine's reader makes of the file the renderer wrote for it. A generated card is right when all
three runs end in the same state with the same event log; the spec run must also meet the scenario's
own expectations. Any difference names the card, scenario, engine and the first differing field or event.
"""

from __future__ import annotations

import functools
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen.canonical import meaning_diff
from cardgen.diagnostics import Diagnostic
from cardgen.engines import load_backend
from cardgen.engines.base import RenderResult
from cardgen.model.card import Card
from cardgen.model.catalog import Catalog
from cardgen.output import write_tree
from cardgen.resolver.scenario.build import build_game
from cardgen.resolver.scenario.loader import LoadedScenario
from cardgen.resolver.scenario.results import diff_outcomes
from cardgen.resolver.scenario.runner import load_scenarios, run_scenario

SPEC = "spec"


@dataclass(slots=True)
class Mismatch:
    """One scenario whose result differs between the spec and an engine's read-back (or fails outright)."""

    card: str
    scenario: str
    location: str
    engine: str
    details: list[str]

    def __str__(self) -> str:
        return f"{self.location}: {self.card} / {self.scenario} / {self.engine}: " + "; ".join(self.details)


@dataclass(slots=True)
class CheckReport:
    engines: list[str]
    cards: list[str] = field(default_factory=list)
    passed: dict[tuple[str, str], int] = field(default_factory=dict)
    """(card, engine or "spec") -> scenarios that passed."""
    totals: dict[str, int] = field(default_factory=dict)
    """card -> scenarios written for it."""
    mismatches: list[Mismatch] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    scenarios: list[LoadedScenario] = field(default_factory=list)
    """The scenarios played (read once; the command's deviation notes look at them too)."""
    skipped: int = 0
    """Scenarios not played because they break the scenario format (each has its diagnostics)."""

    @property
    def without_scenarios(self) -> list[str]:
        return [card for card in self.cards if not self.totals.get(card)]

    @property
    def ok(self) -> bool:
        return not self.mismatches and not any(d.severity == "error" for d in self.diagnostics)


def read_back_pool(catalog: Catalog, engine: str, workspace: Path,
                   rendered: RenderResult | None = None) -> tuple[dict[str, Card], list[Diagnostic]]:
    """Render every card for `engine` into `workspace` (unless `rendered` already is that rendering),
    then read each card's file back into a spec."""
    backend = load_backend(engine)
    if rendered is None:
        rendered = backend.render(catalog)
    problems = list(rendered.diagnostics)
    root = workspace / engine
    write_tree(root, rendered.files)
    refused = {d.location.file for d in rendered.diagnostics if d.severity == "error" and d.location}
    pool: dict[str, Card] = {}
    for loaded in catalog.cards:
        try:
            path = backend.card_path(loaded.card)
        except Exception:  # noqa: BLE001 - a backend that cannot name a card said so in its render diagnostics
            continue
        if path not in rendered.files and str(loaded.path) in refused:
            continue  # not rendered: its render diagnostic is in `problems`
        # (a card the engine's framework already has, such as XMage's basic lands, is read from its set line)
        result = backend.read_card(root / path)
        problems.extend(result.diagnostics)
        if result.card is not None:
            pool[loaded.card.name] = result.card
    return pool, problems


def check_catalog(catalog: Catalog, scenario_paths: Sequence[Path], engines: Sequence[str], *,
                  jobs: int = 1, cache: Any = None, focus: frozenset[str] | None = None) -> CheckReport:
    """Play every scenario with the spec pool and each engine's read-back pool; compare outcomes.

    `focus` limits the check to the scenarios of those cards (the rest of the catalog is still the card
    pool they play with). `jobs` > 1 renders the cards and plays the scenarios in that many worker
    processes (same report)."""
    from cardgen.executor import per_card, rendered_cards

    names = [loaded.card.name for loaded in catalog.cards]
    report = CheckReport(engines=list(engines), cards=[name for name in names if focus is None or name in focus])
    spec_pool = {loaded.card.name: loaded.card for loaded in catalog.cards}
    scenarios, scenario_problems, _, report.skipped = load_scenarios(scenario_paths, focus)
    if focus is not None:
        scenarios = [loaded for loaded in scenarios if loaded.card in focus]
    report.diagnostics.extend(scenario_problems)
    report.scenarios = scenarios
    pools: dict[str, Mapping[str, Card]] = {}
    backends = {name: load_backend(name) for name in engines}
    played = catalog if focus is None else _cards_played(catalog, scenarios, spec_pool, focus, backends)
    renderings = {engine: backends[engine].render(played, None, texts)
                  for engine, texts in rendered_cards(played, backends, None, jobs, cache).items()}
    with tempfile.TemporaryDirectory(prefix="cardgen-check-") as workspace:
        for engine in engines:
            pool, problems = read_back_pool(played, engine, Path(workspace), renderings.get(engine))
            pools[engine] = pool
            report.diagnostics.extend(problems)
            if getattr(load_backend(engine), "reads_as_engine", False):
                report.mismatches.extend(meaning_mismatches(catalog, pool, engine, focus))
    for result in per_card("play", functools.partial(_play, spec_pool=spec_pool, pools=pools), scenarios, jobs=jobs):
        _record(report, result)
    return report


class _Lookups(Mapping[str, Card]):
    """A card pool that notes the names a scenario looks up in it, and whether it was listed whole (a
    missing name's "did you mean" hint lists every card)."""

    def __init__(self, cards: Mapping[str, Card]) -> None:
        self.cards, self.names, self.whole = cards, set[str](), False

    def __getitem__(self, name: str) -> Card:
        self.names.add(name)
        if name not in self.cards:
            self.whole = True
        return self.cards[name]

    def __contains__(self, name: object) -> bool:
        if isinstance(name, str):
            self.names.add(name)
        found = name in self.cards
        self.whole = self.whole or not found
        return found

    def __iter__(self) -> Iterator[str]:
        self.whole = True
        return iter(self.cards)

    def __len__(self) -> int:
        self.whole = True
        return len(self.cards)


def _cards_played(catalog: Catalog, scenarios: Sequence[LoadedScenario], spec_pool: Mapping[str, Card],
                  focus: frozenset[str], backends: Mapping[str, Any]) -> Catalog:
    """The part of the catalog a focused check must render and read back: the focused cards and every card
    their scenarios put into the game. A scenario takes cards from its pool only while its starting
    position is built (`build_game`), by the names it gives, so those lookups are the same for every pool;
    where a scenario names a card the pool lacks, its message lists the whole pool, and all is rendered.
    A card whose file would have the same path as one of these is kept too (the engine refuses a clash)."""
    lookups = _Lookups(spec_pool)
    for loaded in scenarios:
        try:
            build_game(loaded, lookups)
        except Exception:  # noqa: BLE001 - the play reports it; here it only means "render everything"
            return catalog
    if lookups.whole:
        return catalog
    wanted = focus | lookups.names
    paths = {(engine, _path_of(backend, loaded.card)) for engine, backend in backends.items()
             for loaded in catalog.cards if loaded.card.name in wanted}
    cards = [loaded for loaded in catalog.cards if loaded.card.name in wanted
             or any((engine, _path_of(backend, loaded.card)) in paths for engine, backend in backends.items())]
    return Catalog(cards=cards, sets=catalog.sets, diagnostics=catalog.diagnostics)


def _path_of(backend: Any, card: Card) -> str | None:
    try:
        path: str | None = backend.card_path(card)
        return path
    except Exception:  # noqa: BLE001 - a card the backend cannot name is refused at render time
        return None


MEANING = "(meaning)"
"""The scenario column of a mismatch found by comparing a read-back card with its spec, not by play."""


def meaning_mismatches(catalog: Catalog, pool: Mapping[str, Card], engine: str,
                       focus: frozenset[str] | None = None) -> list[Mismatch]:
    """For a backend whose reader reads a file as the engine runs it (`reads_as_engine`), a read-back that
    means something else than its spec is wrong even where no scenario plays the difference (one damage
    event instead of two, a filter that also lets tokens through)."""
    out: list[Mismatch] = []
    for loaded in catalog.cards:
        name = loaded.card.name
        if (focus is not None and name not in focus) or name not in pool:
            continue
        differences = meaning_diff(loaded.card, pool[name], (SPEC, engine))
        if differences:
            out.append(Mismatch(name, MEANING, str(loaded.path), engine, differences[:3]))
    return out


@dataclass(slots=True)
class _Played:
    """What one scenario gave: its card, the runs that passed ("spec" or an engine), the mismatches."""

    card: str
    passed: list[str]
    mismatches: list[Mismatch]


def _record(report: CheckReport, played: _Played) -> None:
    report.totals[played.card] = report.totals.get(played.card, 0) + 1
    for column in played.passed:
        report.passed[(played.card, column)] = report.passed.get((played.card, column), 0) + 1
    report.mismatches.extend(played.mismatches)


def _play(loaded: LoadedScenario, spec_pool: Mapping[str, Card],
          pools: Mapping[str, Mapping[str, Card]]) -> _Played:
    card, name, where = loaded.card, loaded.scenario.name, str(loaded.location("name"))
    played = _Played(card, [], [])
    expected = run_scenario(loaded, spec_pool)
    if expected.ok:
        played.passed.append(SPEC)
    else:
        played.mismatches.append(Mismatch(card, name, where, SPEC, [str(f) for f in expected.failures[:3]]))
    for engine, pool in pools.items():
        if card not in pool:
            unreadable = [f"{engine} file of {card} could not be read"]
            played.mismatches.append(Mismatch(card, name, where, engine, unreadable))
            continue
        actual = run_scenario(loaded, pool)
        differences = diff_outcomes(expected, actual, limit=3)
        if differences:
            played.mismatches.append(Mismatch(card, name, where, engine, differences))
        elif expected.ok:
            played.passed.append(engine)
    return played
