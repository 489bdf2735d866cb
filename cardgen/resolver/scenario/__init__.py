"""Behaviour scenarios: YAML tests that play cards through the resolver (see `model` for the format)."""

from cardgen.resolver.scenario.loader import LoadedScenario, load_file, load_text
from cardgen.resolver.scenario.results import Failure, Outcome, diff_outcomes
from cardgen.resolver.scenario.runner import RunReport, load_scenarios, run_paths, run_scenario

__all__ = [
    "Failure", "LoadedScenario", "Outcome", "RunReport", "diff_outcomes", "load_file", "load_scenarios",
    "load_text", "run_paths", "run_scenario",
]
