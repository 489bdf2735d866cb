"""Known engine deviations from the rules: `cardgen/data/engine_deviations.yaml`, validated here.

An entry records what an engine does where the rules (the seeds) say otherwise, with the scenarios
that show it and the engine commit it was seen on. The scenarios stay as the rules say; the data lets
the XMage test export mark the matching tests as known failures (`@Ignore("<rule>: <reason>")`), lets
`cardgen check` and `cardgen export` say when a scenario touches a known deviation, and fills the
table in docs/engine-deviations.md. The format names the engine on every entry, so Forge and XMage
entries share the file.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from cardgen.diagnostics import Diagnostic
from cardgen.load.yamlload import read_packaged
from cardgen.model import prebuilt

DATA_FILE = Path(__file__).resolve().parent / "data" / "engine_deviations.yaml"

Engine = Literal["forge", "xmage"]
ENGINE_TITLES: dict[str, str] = {"forge": "Forge", "xmage": "XMage"}


class _Model(BaseModel):
    """Validators made on first use, from the core schema an earlier process stored when there is one
    (`cardgen.model.prebuilt`): building them at import was a tenth of a one-card `cardgen check`."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    @classmethod
    def model_rebuild(cls, *, force: bool = False, raise_errors: bool = True, _parent_namespace_depth: int = 2,
                      _types_namespace: Mapping[str, Any] | None = None) -> bool | None:
        if not force and not cls.__pydantic_complete__ and _types_namespace is None \
                and prebuilt.load(cls, (__name__,)):
            return True
        built = super().model_rebuild(force=force, raise_errors=raise_errors,
                                      _parent_namespace_depth=_parent_namespace_depth + 1,
                                      _types_namespace=_types_namespace)
        if built and not force and cls.__pydantic_complete__:
            prebuilt.store(cls, (__name__,))
        return built


class EngineChoice(_Model):
    """One answer the engine's test player must be given: by a scenario player, either a `choice` (the
    start of the text of the option picked, e.g. a trigger to put on the stack first) or a `target` (a
    name)."""

    by: Annotated[str, Field(min_length=1, max_length=40)]
    choice: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    target: Annotated[str, Field(min_length=1, max_length=200)] | None = None

    @model_validator(mode="after")
    def _one(self) -> EngineChoice:
        if (self.choice is None) == (self.target is None):
            raise ValueError("an engine choice has exactly one of `choice` and `target`")
        return self


class ScenarioRef(_Model):
    """One scenario that shows the deviation: its file (relative to the repository, `scenarios/...`)
    and its `name`."""

    file: Annotated[str, Field(pattern=r"^scenarios/[a-z0-9]+/[a-z0-9_]+\.yaml$")]
    name: Annotated[str, Field(min_length=1, max_length=200)]
    engine_choices: list[EngineChoice] = []
    """What the engine, deviating, asks that the rules never would (the order of triggers that should not
    exist, their targets): the generated test scripts these so it reaches its assertions, and fails there
    (on what the engine does), not on an unscripted choice."""


Commit = Annotated[str, Field(pattern=r"^[0-9a-f]{40}$")]


class SourceLine(_Model):
    """A line of the engine's source, or of its own card files, that shows the deviation, as read there."""

    repo: Annotated[str, Field(min_length=3, max_length=140)]
    path: Annotated[str, Field(min_length=1, max_length=300)]
    commit: Commit | None = None
    """The commit the line was read at; None for a copy whose commit was not recorded (said in `repo`)."""
    line: Annotated[str, Field(min_length=1, max_length=400)]
    """The line as written there."""


class Deviation(_Model):
    id: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]{2,60}$")]
    engine: Engine
    rule: Annotated[str, Field(min_length=1, max_length=40)]
    """The rule or ruling the engine breaks (`702.174c`, `ruling: ...`)."""
    requires: Annotated[str, Field(min_length=1)]
    """What the rules require, in a sentence."""
    engine_does: Annotated[str, Field(min_length=1)]
    """What the engine does instead, as seen."""
    scope: Literal["framework", "card_class", "card_script"]
    """`framework`: the engine's framework does it, so every class (ours too) shows it and the generated
    engine test is marked as a known failure; `card_class`: only the engine's own class of the card;
    `card_script`: only the engine's own script of the card (Forge's cardsfolder)."""
    scenarios: Annotated[list[ScenarioRef], Field(min_length=1)]
    established: Literal["probed", "read"]
    """How it is known: `probed` - the scenarios were run in the engine and it did this; `read` - read in
    the engine's source or its own card files (`source_lines`), not run."""
    source_lines: list[SourceLine] = []
    """The engine's lines that show it (required when `read`)."""
    seen_on: Commit | None
    """The engine commit the deviation was seen on; None only for one read in a copy of the engine's files
    whose commit was not recorded (its `source_lines` say which)."""
    fixed_on: Commit | None = None
    """An engine commit that no longer shows it, where one was read."""
    notes: str = ""

    @model_validator(mode="after")
    def _how_it_is_known(self) -> Deviation:
        if self.established == "read" and not self.source_lines:
            raise ValueError(f"{self.id}: a deviation read in the engine's source names the lines (source_lines)")
        if self.seen_on is None and self.established != "read":
            raise ValueError(f"{self.id}: a probed deviation names the engine commit it was seen on (seen_on)")
        return self

    @field_validator("requires", "engine_does", "notes")
    @classmethod
    def _one_line(cls, value: str) -> str:
        return " ".join(value.split())

    def reason(self) -> str:
        """`<rule>: <what the engine does>`, the text of an `@Ignore` and of a note line."""
        return f"{self.rule}: {self.engine_does}"


class DeviationFile(_Model):
    deviations: list[Deviation] = []

    @field_validator("deviations")
    @classmethod
    def _unique_ids(cls, value: list[Deviation]) -> list[Deviation]:
        ids = [entry.id for entry in value]
        repeated = sorted({name for name in ids if ids.count(name) > 1})
        if repeated:
            raise ValueError(f"deviation ids repeat: {', '.join(repeated)}")
        return value


@lru_cache(maxsize=4)
def load(path: Path = DATA_FILE) -> DeviationFile:
    """The deviations file, validated (a broken data file is a bug in cardgen: it raises)."""
    return DeviationFile.model_validate(read_packaged(path) or {})


def _scenario_key(file: str | Path) -> str:
    """`scenarios/blb/x.yaml` from any path to a scenario file (absolute or relative)."""
    parts = PurePosixPath(Path(file).as_posix()).parts
    return "/".join(("scenarios", *parts[-2:]))


def for_scenario(file: str | Path, name: str, engine: str | None = None,
                 deviations: DeviationFile | None = None) -> list[Deviation]:
    """The known deviations a scenario shows (of `engine`, or of every engine)."""
    data = deviations if deviations is not None else load()
    key = _scenario_key(file)
    return [entry for entry in data.deviations
            if (engine is None or entry.engine == engine)
            and any(ref.file == key and ref.name == name for ref in entry.scenarios)]


def engine_choices(file: str | Path, name: str, engine: str,
                   deviations: DeviationFile | None = None) -> list[EngineChoice]:
    """The choices the recorded deviations of `engine` make the engine ask in this scenario."""
    data = deviations if deviations is not None else load()
    key = _scenario_key(file)
    return [choice for entry in data.deviations if entry.engine == engine for ref in entry.scenarios
            if ref.file == key and ref.name == name for choice in ref.engine_choices]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


WHERE: dict[str, str] = {
    "framework": "framework (every class)", "card_class": "the engine's own card class",
    "card_script": "the engine's own card script",
}
"""A scope as the table says it."""


def _established(entry: Deviation) -> str:
    """`probed in the engine`, or `read in its source` with each line (`path` @ commit: `line`)."""
    head = "probed in the engine" if entry.established == "probed" else "read in its source, not run"
    lines = [f"`{line.path}` @ {f'`{line.commit[:10]}`' if line.commit else _cell(line.repo)}: "
             f"`{_cell(line.line)}`" for line in entry.source_lines]
    return "<br>".join([head, *lines])


def _seen(entry: Deviation) -> str:
    seen = f"`{entry.seen_on[:10]}`" if entry.seen_on else "a copy of unrecorded commit"
    return seen + (f"; not at `{entry.fixed_on[:10]}`" if entry.fixed_on else "")


def markdown_table(deviations: DeviationFile | None = None) -> str:
    """The body of docs/engine-deviations.md's generated block: one table per engine that has entries."""
    data = deviations if deviations is not None else load()
    out: list[str] = []
    for engine, title in ENGINE_TITLES.items():
        entries = sorted((e for e in data.deviations if e.engine == engine), key=lambda e: (e.rule, e.id))
        out.append(f"**{title}**" + ("" if entries else ": none recorded."))
        out.append("")
        if not entries:
            continue
        out.append("| rule | the rules require | the engine does | where | scenarios | established | seen on |")
        out.append("| --- | --- | --- | --- | --- | --- | --- |")
        for entry in entries:
            scenarios = "<br>".join(f"`{ref.file}`: {_cell(ref.name)}" for ref in entry.scenarios)
            out.append(f"| {_cell(entry.rule)} | {_cell(entry.requires)} | {_cell(entry.engine_does)} | "
                       f"{WHERE[entry.scope]} | {scenarios} | {_established(entry)} | {_seen(entry)} |")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


KNOWN_DEVIATION = "DEV001"
"""A scenario shows a recorded engine deviation (a note: the engine, not the scenario, is wrong)."""


def scenario_notes(scenarios: Iterable[Any], engines: Iterable[str] | None = None,
                   deviations: DeviationFile | None = None) -> list[Diagnostic]:
    """One note per (scenario, deviation) for the loaded scenarios that touch a known deviation of
    one of `engines` (all engines when None)."""
    wanted = set(engines) if engines is not None else None
    out = []
    for loaded in scenarios:
        for entry in for_scenario(loaded.file, loaded.scenario.name, None, deviations):
            if wanted is not None and entry.engine not in wanted:
                continue
            where = {"framework": "its framework", "card_class": "its own class of the card",
                     "card_script": "its own script of the card"}[entry.scope]
            out.append(Diagnostic(
                KNOWN_DEVIATION, f"[{loaded.scenario.name}] touches a known {ENGINE_TITLES[entry.engine]} deviation "
                f"in {where} ({entry.id}): {entry.reason()}", loaded.location("name"), entry.rule, "note"))
    return out
