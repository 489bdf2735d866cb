"""Reading scenario files: through the one hardened YAML loader (`cardgen.load.yamlload`: bounded size,
depth and integers, no aliases or tags, duplicate keys refused) and `cardgen.inputs` (no FIFOs, devices
or links out of the folders given), validated into `ScenarioFile`, each scenario kept with its file and
positions so that failures point at file:line."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from difflib import get_close_matches
from pathlib import Path as FsPath
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from cardgen.diagnostics import Diagnostic, Location
from cardgen.inputs import Refusal, find_files, read_limited
from cardgen.load import yamlload
from cardgen.load.schema_errors import TYPE_WORDS, kind_of, show_value
from cardgen.load.yamlload import FileText
from cardgen.resolver.scenario import yamlpos
from cardgen.resolver.scenario.model import Scenario, ScenarioFile


@dataclass(frozen=True, slots=True)
class LoadedScenario:
    """A scenario with where it came from. `base` is its path inside the file (`("scenarios", 3)`)."""

    scenario: Scenario
    file: str
    card: str
    positions: yamlpos.Positions = field(default_factory=dict)
    """Positions by data path; for a file read the fast way, computed when first asked for."""
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
    skipped: int = 0
    """Scenarios of the file left out for their schema errors (the file's other scenarios still run)."""


def scenario_files(paths: Sequence[FsPath]) -> list[FsPath]:
    """The scenario files under `paths` (`*.yaml`, `*.yml`), sorted; see `find_scenario_files`."""
    return find_scenario_files(paths)[0]


def find_scenario_files(paths: Sequence[FsPath]) -> tuple[list[FsPath], list[Diagnostic], tuple[str, ...]]:
    """The scenario files under `paths`, a diagnostic for each entry skipped (a link out of the folders
    given, a loop, a FIFO or device, a linked folder), and the roots links may lead into."""
    files, skipped, roots = find_files(list(paths), (".yaml", ".yml"))
    problems = [Diagnostic("SC001", f"not read: {why}", Location(str(path))) for path, why in skipped]
    return files, problems, roots


def _yaml_problem(problem: Diagnostic) -> Diagnostic:
    """A diagnostic of the YAML loader, as a scenario diagnostic (its code kept in the message)."""
    return Diagnostic("SC001", f"invalid YAML ({problem.code}): {problem.message}", problem.location)


def load_text(text: str, file: str, source: Callable[[], str | None] | None = None) -> LoadedFile:
    """Load a scenario file's text. A clean text is read the fast way and its positions computed only
    when a failure asks where something is (`source` gives the text again; default: this text)."""
    parsed = yamlload.parse(text, file, yamlload.SCENARIO, source)
    if parsed.diagnostics:
        return LoadedFile(file, None, [], [_yaml_problem(problem) for problem in parsed.diagnostics])
    data, positions = parsed.data, parsed.positions
    if isinstance(data, dict) and "scenarios" not in data and {"name", "types"} <= set(data):
        return LoadedFile(file, None, [], [Diagnostic(
            "SC002", "this is a card spec, not a scenario file (which has `card:` and `scenarios:`); "
            "pass specs with --specs, scenario files as arguments", Location(file, 1, 1))])
    entries = data.get("scenarios") if isinstance(data, dict) else None
    if not isinstance(data, dict) or not isinstance(entries, list) or not entries:
        try:
            ScenarioFile.model_validate(data)
        except ValidationError as error:
            return LoadedFile(file, None, [], _diagnostics(error, positions, (), file))
        raise AssertionError("a scenario file without scenarios validated")  # min_length=1 refuses it
    if len(entries) > MAX_LIST_ITEMS:  # 20,000 scenarios of one line each took minutes to play
        line, column = _top_level_key(text, "scenarios") or yamlpos.locate(positions, ("scenarios",)) or (None, None)
        return LoadedFile(file, None, [], [Diagnostic(
            "SC002", f"scenarios: a file of {len(entries)} scenarios; a scenario file holds at most {MAX_LIST_ITEMS} "
            "(one card's): split it", Location(file, line, column))], skipped=len(entries))
    # each scenario on its own: a mistake in one leaves the file's others to run (they are counted as skipped)
    try:
        header = ScenarioFile.model_validate({**data, "scenarios": [_PLACEHOLDER]})
    except ValidationError as error:
        return LoadedFile(file, None, [], _diagnostics(error, positions, (), file), skipped=len(entries))
    scenarios: list[LoadedScenario] = []
    diagnostics: list[Diagnostic] = []
    for index, entry in enumerate(entries):
        too_long = _long_list(entry, ("scenarios", index))
        if too_long is not None:
            path, size = too_long
            line, column = yamlpos.locate(positions, path) or (None, None)
            diagnostics.append(Diagnostic("SC002", f"{'.'.join(str(part) for part in path)}: a list of {size} "
                                          f"items; a scenario's lists hold at most {MAX_LIST_ITEMS}",
                                          Location(file, line, column)))
            continue
        try:
            scenario = Scenario.model_validate(entry)
        except ValidationError as error:
            diagnostics += _diagnostics(error, positions, ("scenarios", index), file, entry)
            continue
        scenarios.append(LoadedScenario(scenario, file, header.card, positions, ("scenarios", index)))
    model = ScenarioFile.model_construct(card=header.card, scenarios=[loaded.scenario for loaded in scenarios])
    return LoadedFile(file, model if scenarios else None, scenarios, diagnostics, len(entries) - len(scenarios))


def _top_level_key(text: str, key: str) -> tuple[int, int] | None:
    """Where a top-level key of a block mapping is (line, column 1), found in the text: computing every
    node's position of a file too large to play would cost more than the refusal is worth."""
    found = re.search(rf"^{re.escape(key)}[ \t]*:", text, re.MULTILINE)
    return None if found is None else (text.count("\n", 0, found.start()) + 1, 1)


MAX_LIST_ITEMS = 200
"""Items of any list of a scenario (actions, a zone, expected events): every number in a scenario is
bounded, and so are its lists, so a scenario is always played quickly (50,000 actions took minutes)."""


def _long_list(value: Any, path: tuple[str | int, ...], depth: int = 0) -> tuple[tuple[str | int, ...], int] | None:
    """The path and size of the first list longer than `MAX_LIST_ITEMS` in a scenario's data."""
    if depth > 64:
        return None
    if isinstance(value, list):
        if len(value) > MAX_LIST_ITEMS:
            return path, len(value)
        items: Any = enumerate(value)
    elif isinstance(value, dict):
        items = value.items()
    else:
        return None
    for key, item in items:
        found = _long_list(item, (*path, key), depth + 1)
        if found is not None:
            return found
    return None


_PLACEHOLDER = {"name": "-", "players": {"a": {}, "b": {}}}
"""A valid scenario standing in for the file's own while its header (`card:`) is checked."""


def _diagnostics(error: ValidationError, positions: yamlpos.Positions, base: yamlpos.Path,
                 file: str, data: Any = None) -> list[Diagnostic]:
    """One SC002 per problem, at its line, named by its path in the file (`scenarios.1.players`). A union's
    branches each report: the ones that got furthest into the data are kept, and the type errors of one
    value become one message saying what the key takes and what it found."""
    found = [(yamlpos.pydantic_path(positions, base, problem["loc"]), problem) for problem in error.errors()]
    kept = [(path, problem) for path, problem in found
            if not any(len(other) > len(path) and other[:len(path)] == path for other, _ in found)]
    grouped: dict[yamlpos.Path, list[ErrorDetails]] = {}
    for path, problem in kept:
        grouped.setdefault(path, []).append(problem)
    diagnostics = []
    for path, problems in grouped.items():
        line, column = yamlpos.locate(positions, path) or (None, None)
        location = Location(file, line, column)
        wanted = [TYPE_WORDS[problem["type"]] for problem in problems if problem["type"] in TYPE_WORDS]
        if wanted and len(wanted) == len(problems):
            value = _value_at(data, path[len(base):]) if data is not None else problems[0].get("input")
            diagnostics.append(Diagnostic("SC002", _type_message(path, wanted, value), location))
            continue
        for problem in problems:
            where = ".".join(str(part) for part in (*base, *problem["loc"]))
            diagnostics.append(Diagnostic("SC002", f"{where}: {_message(problem)}", location))
    return diagnostics


_KEY_HINTS = {
    "mana_pool": "the amount of mana in the pool, e.g. `mana_pool: 2`",
    "life": "a life total, e.g. `life: 18`",
    "count": "how many, e.g. `count: 2`",
    "library": "a count, a list of card names, or `{count, contains, lacks}`",
    "hand": "a count, a list of card names, or `{count, contains, lacks}`",
    "graveyard": "a count, a list of card names, or `{count, contains, lacks}`",
    "exile": "a count, a list of card names, or `{count, contains, lacks}`",
    "battlefield": "a count, a list of card names, or `{count, contains, lacks}`",
}
"""What a key takes, said with an example, for the keys a type mistake is most often made in."""


def _type_message(path: yamlpos.Path, wanted: list[str], value: Any) -> str:
    """`scenarios.0.expect.players.alice.mana_pool`: takes a whole number (...), found a mapping."""
    key = next((str(part) for part in reversed(path) if isinstance(part, str)), "")
    hint = f" ({_KEY_HINTS[key]})" if key in _KEY_HINTS else ""
    shown = f" {show_value(value)}" if isinstance(value, str | int | float) and not isinstance(value, bool) else ""
    fix = " (write the number without quotes)" if isinstance(value, str) and value.strip().lstrip("-").isdigit() \
        and "a whole number" in wanted else ""
    takes = " or ".join(dict.fromkeys(wanted))
    dotted = ".".join(str(part) for part in path)
    return f"{dotted}: `{key}` takes {takes}{hint}, found {kind_of(value)}{shown}{fix}; see docs/scenario-format.md"


def _value_at(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _known_keys() -> list[str]:
    """Every key the scenario format knows (field names and aliases of all its models)."""
    from cardgen.resolver.scenario import model as scenario_model

    keys: set[str] = set()
    for value in vars(scenario_model).values():
        if isinstance(value, type) and issubclass(value, scenario_model.ScenarioModel):
            for name, info in value.model_fields.items():
                keys.add(info.alias or name)
    return sorted(keys)


def _message(problem: ErrorDetails) -> str:
    """Pydantic's message, said in the format's words where pydantic's own is unhelpful."""
    if problem.get("type") == "extra_forbidden" and problem["loc"]:
        key = str(problem["loc"][-1])
        close = get_close_matches(key, [known for known in _known_keys() if known != key], n=1)
        hint = f"did you mean `{close[0]}`? " if close else ""
        return f"unknown key `{key}`; {hint}the keys allowed here are listed in docs/scenario-format.md"
    if problem.get("type") == "string_unicode":
        return ("holds a lone surrogate (a \\uD800-\\uDFFF escape, half of a UTF-16 pair), which is no character; "
                "write the character itself")
    return str(problem["msg"]).removeprefix("Value error, ")  # the format's own checks say what is wrong


def load_file(path: FsPath, roots: Sequence[str] | None = None, cards: frozenset[str] | None = None) -> LoadedFile:
    """Load one scenario file, read through `cardgen.inputs` (bounded, no FIFOs or devices, links only
    into `roots` when given). With `cards`, a file whose text plainly names another card (`card_named`)
    is left unparsed: nothing loaded, nothing reported (a check of one card reads only its scenarios)."""
    name = str(path)
    raw = read_limited(path, yamlload.MAX_FILE_BYTES, roots)
    if isinstance(raw, Refusal):
        return LoadedFile(name, None, [], [Diagnostic("SC001", f"cannot read: {raw.message}", Location(name))])
    text, problems = yamlload.decode(raw, name)
    if text is None:
        return LoadedFile(name, None, [], [_yaml_problem(problem) for problem in problems])
    if cards is not None:
        named = card_named(text)
        if named is not None and named not in cards:
            return LoadedFile(name, None, [], [])
    return load_text(text, name, FileText(name, yamlload.digest(raw)))


_CARD_LINE = re.compile(r"^card[ \t]*:(.*)$", re.MULTILINE)


def card_named(text: str) -> str | None:
    """The card a scenario file is about, read from its one top-level `card:` line without parsing the
    file; None whenever that is not certain (no such line or several, a value that goes on to the next
    line, or one that is not a plain string), in which case only a full load can tell."""
    import yaml

    found = list(_CARD_LINE.finditer(text))
    if len(found) != 1:
        return None
    line = found[0]
    rest = text[line.end() + 1:]
    if rest[:1] in (" ", "\t"):  # a multi-line or block scalar continues on the next line
        return None
    try:
        value = yaml.load(line.group(0), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506 - safe
    except yaml.YAMLError:
        return None
    card = value.get("card") if isinstance(value, dict) else None
    return card if isinstance(card, str) and card else None
