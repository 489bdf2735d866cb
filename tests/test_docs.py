"""The docs stay true: generated blocks match their data, links resolve, and no page is a log.

The tables of diagnostic codes and of engine deviations are generated (`python docs/refresh.py`);
docs/performance.md is written by `python benchmarks/run.py --doc`. The README and the docs are for the
people who use cardgen: they describe the tool, not the history of its making.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md")), *sorted(ROOT.glob("templates/*/README.md"))]


def _refresh():
    spec = importlib.util.spec_from_file_location("docs_refresh", DOCS / "refresh.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generated_blocks_are_fresh() -> None:
    refresh = _refresh()
    for (file, name), body in refresh.blocks().items():
        text = (DOCS / file).read_text(encoding="utf-8")
        assert refresh.refreshed(text, name, body) == text, f"docs/{file} ({name}) is stale: python docs/refresh.py"


def test_every_code_is_in_the_docs_table() -> None:
    from cardgen.load.codes import CHECK_CODES, CODES

    table = (DOCS / "spec-format.md").read_text(encoding="utf-8")
    assert all(f"| {code} |" in table for code in [*CODES, *CHECK_CODES])


def test_performance_doc_is_generated_by_the_benchmark() -> None:
    text = (DOCS / "performance.md").read_text(encoding="utf-8")
    spec = importlib.util.spec_from_file_location("bench_run", ROOT / "benchmarks" / "run.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert bench.DOC_MARKER in text and "- command: `python benchmarks/run.py" in text
    assert text.startswith("# Performance\n") and bench.DOC_INTRO in text


def test_the_benchmark_writes_its_doc_from_timings() -> None:
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        spec = importlib.util.spec_from_file_location("bench_run2", ROOT / "benchmarks" / "run.py")
        assert spec is not None and spec.loader is not None
        bench = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(bench)
        from timing import Timing
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    timings = [Timing("validate N=10", (1.0, 2.0), items=10, cpu=(0.5, 0.6)),
               Timing("floor N=10", (0.5,), items=10), Timing("export N=10", (1.5,), items=10)]
    doc = bench.performance_doc(timings, ["goal: something: met"], command="python benchmarks/run.py --doc",
                                machine_line="a machine", load=(0.5, 0.7), date="2026-01-01")
    assert "| validate N=10 | 2 | 1.000 | 1.500 | 2.000 | 0.550 | 7 |  |  |" in doc
    assert "| export N=10 | 1 | 1.500 | 1.500 | 1.500 |  | 7 | 3.00x |  |" in doc
    assert "- something: met" in doc and "load average: 0.5 at the start, 0.7 at the end" in doc


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_relative_links_resolve(page: Path) -> None:
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
        if "://" in target:
            continue
        assert (page.parent / target).exists(), f"{page.name} links to {target}, which does not exist"


DEVELOPMENT_LOG = re.compile(r"this round|\bissues? #?\d+|\bhelpers?\b(?! class)|\bsessions?\b|\bsubagents?\b",
                             re.I)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_no_page_is_a_development_log(page: Path) -> None:
    found = DEVELOPMENT_LOG.findall(page.read_text(encoding="utf-8"))
    assert not found, f"{page.name}: {found}"


ISSUE_NUMBER = re.compile(r"this round|\bissues? #?\d+", re.I)
SOURCES = sorted(path for folder in ("cardgen", "benchmarks", "tests", "templates")
                 for path in (ROOT / folder).rglob("*")
                 if path.suffix in (".py", ".j2", ".md", ".yaml", ".txt", ".tsv")
                 and path.parent.name != "data" and path != Path(__file__).resolve())


def test_no_source_file_names_a_development_round() -> None:
    """Comments and docstrings say why, not which round of work wrote them: the project's text names no
    issue number (a test's own data, under tests/data, is left alone)."""
    found = [f"{path.relative_to(ROOT)}: {match}" for path in SOURCES
             for match in ISSUE_NUMBER.findall(path.read_text(encoding="utf-8"))]
    assert not found, found


CONTRIBUTOR_PAGE = ROOT / "docs" / "constructs.md"
REPO_PATH = re.compile(r"`((?:cardgen|tests|card_specs|scenarios|schema|output|docs|templates)/[^`<>* ]+)`")


def test_the_files_the_contributor_page_names_exist() -> None:
    """The step-by-step page says which files each kind of construct touches: each path it names is there
    (a placeholder such as `<kind>.py` aside), so a rename shows up here rather than misleading a reader."""
    named = sorted(set(REPO_PATH.findall(CONTRIBUTOR_PAGE.read_text(encoding="utf-8"))))
    assert named, "the page names no files"
    assert [path for path in named if not (ROOT / path.rstrip("/")).exists()] == []
