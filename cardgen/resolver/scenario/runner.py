"""Running scenarios against a card pool.

`run_scenario(scenario, cards)` is the API other commands build on: `cardgen scenario run` uses the
specs, `cardgen check` runs the same scenario with cards read back from Forge and XMage files and
compares `Outcome.comparable()`. A scenario never raises: unknown cards, refused actions and engine
defects all become `Failure`s with a file:line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from cardgen.diagnostics import Diagnostic
from cardgen.game.errors import BudgetExceeded, GameError
from cardgen.model.card import Card
from cardgen.resolver.scenario import crash, expect
from cardgen.resolver.scenario.actions import perform
from cardgen.resolver.scenario.build import build_game
from cardgen.resolver.scenario.loader import LoadedScenario, find_scenario_files, load_file
from cardgen.resolver.scenario.results import Failure, Outcome
from cardgen.resolver.snapshot import snapshot


def run_scenario(scenario: LoadedScenario, cards: Mapping[str, Card]) -> Outcome:
    model = scenario.scenario
    outcome = Outcome(model.name, lambda: scenario.location("name"))
    try:
        game, failures = build_game(scenario, cards)
    except BudgetExceeded as error:
        game, failures = None, [Failure(scenario.location("players"), model.name, f"setting up the game: {error}")]
    outcome.failures.extend(failures)
    if game is None:
        return outcome
    stopped = False
    marks: list[int] = []
    for index, action in enumerate(model.actions):
        marks.append(len(game.state.log))
        try:
            unused = perform(game, action)
        except BudgetExceeded as error:
            outcome.failures.append(Failure(scenario.location("actions", index), model.name,
                                            f"in action {index} (`{crash.action_label(action)}`): {error}"))
            stopped = True
            break
        except GameError as error:
            outcome.errors.append(error.code)
            if action.error != error.code:
                outcome.failures.append(Failure(scenario.location("actions", index), model.name,
                                                f"action refused: {error}",
                                                action.error or "no error", error.code))
                stopped = True
                break
            continue
        except Exception as error:  # an engine defect must not hide the other scenarios
            message, detail = crash.describe(error, f"in action {index} (`{crash.action_label(action)}`)")
            outcome.failures.append(Failure(scenario.location("actions", index), model.name, message, detail=detail))
            stopped = True
            break
        if action.error is not None:
            outcome.failures.append(Failure(scenario.location("actions", index, "error"), model.name,
                                            "action was expected to fail", action.error, "no error"))
        if unused:
            outcome.failures.append(Failure(scenario.location("actions", index, "choices"), model.name,
                                            f"{len(unused)} scripted choice(s) were never asked for",
                                            [], unused))
    marks.append(len(game.state.log))
    outcome.snapshot = snapshot(game.state)
    outcome.events = [event.to_data() for event in game.state.log]
    if not stopped:
        try:
            outcome.failures.extend(expect.check(scenario, outcome.snapshot, outcome.events, marks))
        except Exception as error:  # a checker defect is reported, not raised
            message, detail = crash.describe(error, "checking the expectations")
            outcome.failures.append(Failure(scenario.location("expect"), model.name, message, detail=detail))
    return outcome


@dataclass(slots=True)
class RunReport:
    outcomes: list[Outcome] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: int = 0
    skipped: int = 0
    """Scenarios not run because they break the format (each has its diagnostics)."""

    @property
    def failures(self) -> list[Failure]:
        return [failure for outcome in self.outcomes for failure in outcome.failures]

    @property
    def ok(self) -> bool:
        return not self.diagnostics and not self.failures


class LoadedScenarios(NamedTuple):
    scenarios: list[LoadedScenario]
    diagnostics: list[Diagnostic]
    files: int
    skipped: int
    """Scenarios left out for breaking the format (a file's others are loaded)."""


def load_scenarios(paths: Sequence[Path], cards: frozenset[str] | None = None) -> LoadedScenarios:
    """The scenarios in the files under `paths`; with `cards`, at least those of these cards (a file that
    plainly names another card is not parsed: `loader.card_named`), the caller keeping only theirs."""
    scenarios: list[LoadedScenario] = []
    diagnostics: list[Diagnostic] = []
    files, not_read, roots = find_scenario_files(paths)
    diagnostics.extend(not_read)
    skipped = 0
    for file in files:
        loaded = load_file(file, roots, cards)
        scenarios.extend(loaded.scenarios)
        diagnostics.extend(loaded.diagnostics)
        skipped += loaded.skipped
    return LoadedScenarios(scenarios, diagnostics, len(files), skipped)


def run_paths(paths: Sequence[Path], cards: Mapping[str, Card], name_filter: str | None = None) -> RunReport:
    scenarios, diagnostics, files, skipped = load_scenarios(paths)
    report = RunReport(diagnostics=diagnostics, files=files, skipped=skipped)
    for loaded in scenarios:
        if name_filter and name_filter.lower() not in f"{loaded.card} {loaded.scenario.name}".lower():
            continue
        report.outcomes.append(run_scenario(loaded, cards))
    return report
