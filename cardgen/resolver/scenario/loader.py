"""Reading scenario files: YAML with positions, validated into `ScenarioFile`, each scenario kept with
its file and positions so that failures point at file:line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from difflib import get_close_matches
from pathlib import Path as FsPath

from pydantic import ValidationError

from cardgen.diagnostics import Diagnostic, Location
from cardgen.resolver.scenario import yamlpos
from cardgen.resolver.scenario.model import Scenario, ScenarioFile


@dataclass(frozen=True, slots=True)
class LoadedScenario:
    """A scenario with where it came from. `base` is its path inside the file (`("scenarios", 3)`)."""

    scenario: Scenario
    file: str
    card: str
    positions: yamlpos.Positions = field(default_factory=dict)
    base: yamlpos.Path = ()

    def location(self, *path: str | int) -> Location:
        found = yamlpos.locate(self.positions, self.base + tuple(path))
        if found is None:
            return Location(self.file)
        return Location(self.file, found[0], found[1])


@dataclass(slots=True)
class LoadedFile:
    path: str
    model: ScenarioFile | None
    scenarios: list[LoadedScenario]
    diagnostics: list[Diagnostic]


def scenario_files(paths: Sequence[FsPath]) -> list[FsPath]:
    found: set[FsPath] = set()
    for path in paths:
        if path.is_dir():
            found.update(p for p in path.rglob("*.yaml") if p.is_file())
            found.update(p for p in path.rglob("*.yml") if p.is_file())
        else:
            found.add(path)
    return sorted(found)


def load_text(text: str, file: str) -> LoadedFile:
    try:
        data, positions = yamlpos.load(text)
    except yamlpos.YamlError as error:
        return LoadedFile(file, None, [], [Diagnostic("SC001", f"invalid YAML: {error.message}",
                                                      Location(file, error.line, error.column))])
    if isinstance(data, dict) and "scenarios" not in data and {"name", "types"} <= set(data):
        return LoadedFile(file, None, [], [Diagnostic(
            "SC002", "this is a card spec, not a scenario file (which has `card:` and `scenarios:`); "
            "pass specs with --specs, scenario files as arguments", Location(file, 1, 1))])
    try:
        model = ScenarioFile.model_validate(data)
    except ValidationError as error:
        diagnostics = []
        for problem in error.errors():
            path = yamlpos.pydantic_path(positions, (), problem["loc"])
            line, column = yamlpos.locate(positions, path) or (None, None)
            where = ".".join(str(part) for part in problem["loc"])
            diagnostics.append(Diagnostic("SC002", f"{where}: {_message(problem)}", Location(file, line, column)))
        return LoadedFile(file, None, [], diagnostics)
    scenarios = [LoadedScenario(scenario, file, model.card, positions, ("scenarios", index))
                 for index, scenario in enumerate(model.scenarios)]
    return LoadedFile(file, model, scenarios, [])


def _known_keys() -> list[str]:
    """Every key the scenario format knows (field names and aliases of all its models)."""
    from cardgen.resolver.scenario import model as scenario_model

    keys: set[str] = set()
    for value in vars(scenario_model).values():
        if isinstance(value, type) and issubclass(value, scenario_model.ScenarioModel):
            for name, info in value.model_fields.items():
                keys.add(info.alias or name)
    return sorted(keys)


def _message(problem: dict) -> str:
    """Pydantic's message, said in the format's words where pydantic's own is unhelpful."""
    if problem.get("type") == "extra_forbidden" and problem["loc"]:
        key = str(problem["loc"][-1])
        close = get_close_matches(key, [known for known in _known_keys() if known != key], n=1)
        hint = f"did you mean `{close[0]}`? " if close else ""
        return f"unknown key `{key}`; {hint}the keys allowed here are listed in scenarios/README.md"
    return str(problem["msg"])


def load_file(path: FsPath) -> LoadedFile:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return LoadedFile(str(path), None, [], [Diagnostic("SC001", f"cannot read: {error}", Location(str(path)))])
    return load_text(text, str(path))
