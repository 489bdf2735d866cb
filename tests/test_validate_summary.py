"""`cardgen validate` runs on per-file summaries (`cardgen.validate.summary`), in workers with `--jobs` and
from the cache with `--cache`: its findings must be exactly `load_catalog` + `validate_catalog`'s."""

from __future__ import annotations

import functools
import shutil
from pathlib import Path

import pytest
import yaml
from examples import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen import executor
from cardgen.cache import SpecCache
from cardgen.load.specs import load_catalog, spec_files
from cardgen.validate import validate_catalog
from cardgen.validate.summary import validate_files

ROOT = Path(__file__).resolve().parents[1]
SPECS = ROOT / "card_specs"
BAD = ROOT / "tests" / "bad_specs"

CASES = {
    "shipped": [SPECS],
    "bad": [BAD],
    "both": [SPECS, BAD],
    "bad-tst": [BAD / "tst"],
    "one card alone": [SPECS / "blb" / "wear_down.yaml"],
    "cards from two sets": [SPECS / "blb" / "kitnap.yaml", SPECS / "hob" / "bilbos_gambit.yaml"],
    "duplicate names": [BAD / "duplicate_names"],
    "set duplicate code": [BAD / "set_duplicate_code"],
    "set wrong folder": [BAD / "set_wrong_folder"],
}


def reference(paths: list[Path]) -> tuple[list[Path], list]:
    catalog = load_catalog(paths)
    return spec_files(paths), [*catalog.diagnostics, *validate_catalog(catalog)]


@functools.cache
def _case_reference(paths: tuple[Path, ...]) -> tuple[list[Path], list]:
    """`reference` for a shipped case, computed once per session: the three ways below compare with it and
    nothing changes those files."""
    return reference(list(paths))


def case_reference(paths: list[Path]) -> tuple[list[Path], list]:
    return _case_reference(tuple(paths))


@pytest.mark.parametrize("paths", list(CASES.values()), ids=list(CASES))
def test_summaries_give_the_same_report(paths: list[Path]) -> None:
    assert validate_files(paths) == case_reference(paths)


@pytest.mark.parametrize("paths", list(CASES.values()), ids=list(CASES))
def test_summaries_in_workers_give_the_same_report(paths: list[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    if not executor.can_fork():
        pytest.skip("--jobs needs fork")
    monkeypatch.setattr(executor, "MIN_ITEMS_PER_JOB", 1)
    assert validate_files(paths, jobs=3) == case_reference(paths)


@pytest.mark.parametrize("paths", list(CASES.values()), ids=list(CASES))
def test_summaries_from_the_cache_give_the_same_report(paths: list[Path], tmp_path: Path) -> None:
    expected = case_reference(paths)
    cold = SpecCache(tmp_path / "cache")
    assert validate_files(paths, cache=cold) == expected
    cold.close()
    warm = SpecCache(tmp_path / "cache")
    assert validate_files(paths, cache=warm) == expected
    assert warm.misses == 0  # every card file came from the cache
    warm.close()


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=12),
                 st.lists(st.integers(), max_size=2),
                 st.dictionaries(st.sampled_from(["effect", "kind", "target", "ref", "set", "x"]),
                                 st.text(max_size=8), max_size=2))


def _paths(data: object, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _paths(value, (*prefix, index))
    return out


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_specs_give_the_same_report(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    """Replace any node of a shipped spec with junk: summaries, workers and cache all agree. The mutated
    spec is validated with its set and the two specs after it (not the whole set: each example would
    validate every Bloomburrow card four times), enough for the cross-card checks to have others."""
    root = tmp_path_factory.mktemp("specs")
    (root / "blb").mkdir()
    shipped = sorted((SPECS / "blb").glob("[!s]*.yaml"))
    start = data.draw(st.integers(0, len(shipped) - 1))
    for spec in [SPECS / "blb" / "set.yaml", *(shipped * 2)[start:start + 3]]:
        shutil.copy(spec, root / "blb" / spec.name)
    target = root / "blb" / shipped[start].name
    document = yaml.safe_load(target.read_text(encoding="utf-8"))
    path = data.draw(st.sampled_from(_paths(document)[1:]))
    parent = document
    for element in path[:-1]:
        parent = parent[element]
    parent[path[-1]] = data.draw(JUNK)
    target.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    expected = reference([root])
    assert validate_files([root]) == expected
    cache = SpecCache(root / ".cache")
    assert validate_files([root], cache=cache) == expected
    cache.save()
    assert validate_files([root], cache=cache) == expected
    assert cache.hits > 0
