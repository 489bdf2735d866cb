"""Benchmarks for validate, export and check, against the floor of bare jinja2 rendering plus writes.

Run by hand (never in the test suite):

    python benchmarks/run.py                       # N = 1k, 10k, 100k (100k takes a few minutes)
    python benchmarks/run.py --sizes 1000 10000 --runs 3 --markdown

For each corpus size N it builds N renamed copies of the shipped specs (deterministic, see `corpus.py`)
and times, over several runs (min / median / max):

- validate: load + schema + gift-rules checks, in process;
- export: `cardgen export --engine all` in process, into an empty folder (every file written);
- re-export: the same, unchanged (nothing rewritten) and after editing one spec (one card rewritten);
- check: `cardgen check` over the shipped scenarios (independent of N; run once per invocation);
- floor: the same templates rendered with bare jinja2 from the contexts the backends prebuilt, and the
  same files written with plain `open().write()`; export is reported as a ratio to it.
- start-up: `cardgen --help` against `python -c "import pydantic, jinja2, click"`.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jinja2

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from corpus import build_corpus  # noqa: E402
from timing import Timing, time_calls, time_command  # noqa: E402


def run_cli(args: list[str]) -> None:
    """Invoke a cardgen command in process; raise if it did not exit 0."""
    from cardgen.cli import cli

    try:
        cli.main(args, prog_name="cardgen", standalone_mode=False)
    except SystemExit as exit_:
        if exit_.code not in (0, None):
            raise RuntimeError(f"cardgen {' '.join(args)} exited {exit_.code}") from None


def validate_once(corpus: Path) -> None:
    from cardgen.spec.loader import load_catalog
    from cardgen.validate import validate_catalog

    catalog = load_catalog([corpus])
    problems = [d for d in [*catalog.diagnostics, *validate_catalog(catalog)] if d.severity == "error"]
    if problems:
        raise RuntimeError(f"corpus does not validate: {problems[:3]}")


Jobs = list[tuple[str, str, str, dict[str, Any]]]


def capture_template_jobs(corpus: Path) -> tuple[Jobs, dict[str, dict[str, Any]]]:
    """Render the corpus once through the backends, recording every (engine, template, output path,
    context) they hand to jinja2 — the prebuilt inputs of the floor — and each engine's template filters
    (escaping belongs to the template language, so the floor keeps it)."""
    from cardgen.engines import load_backend
    from cardgen.spec.loader import load_catalog

    catalog = load_catalog([corpus])
    jobs: list[tuple[str, str, str, dict[str, Any]]] = []
    filters: dict[str, dict[str, Any]] = {}
    original = jinja2.Template.render

    for engine in ("forge", "xmage"):
        recorded: list[tuple[str, dict[str, Any], str]] = []

        def recording(self: jinja2.Template, *args: Any, _recorded: list = recorded, _engine: str = engine,
                      **kwargs: Any) -> str:
            text = original(self, *args, **kwargs)
            _recorded.append((self.name, dict(*args, **kwargs), text))
            filters[_engine] = dict(self.environment.filters)
            return text

        jinja2.Template.render = recording  # type: ignore[method-assign]
        try:
            result = load_backend(engine).render(catalog)
        finally:
            jinja2.Template.render = original  # type: ignore[method-assign]
        by_text = {text: path for path, text in result.files.items()}
        for name, context, text in recorded:
            path = by_text.get(text)
            if path is not None:  # partial templates rendered inside others have no file of their own
                jobs.append((engine, name, path, context))
    return jobs, filters


def floor_once(jobs: Jobs, filters: dict[str, dict[str, Any]], out: Path) -> None:
    """Bare jinja2 from prebuilt contexts, plain writes: the least an export can cost."""
    from cardgen.templates_path import templates_dir

    environments = {}
    for engine in ("forge", "xmage"):
        environment = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir() / engine)),
                                         undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
                                         trim_blocks=True, lstrip_blocks=True)
        environment.filters.update(filters.get(engine, {}))
        environments[engine] = environment
    made: set[Path] = set()
    for engine, template, relative, context in jobs:
        text = environments[engine].get_template(template).render(context)
        target = out / engine / relative
        if target.parent not in made:
            target.parent.mkdir(parents=True, exist_ok=True)
            made.add(target.parent)
        with open(target, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)


def fresh(path: Path) -> Callable[[], None]:
    def reset() -> None:
        shutil.rmtree(path, ignore_errors=True)
    return reset


def bench_size(count: int, runs: int, workspace: Path, jobs_option: list[str]) -> list[Timing]:
    corpus_root = workspace / f"corpus-{count}"
    corpus = build_corpus(ROOT / "card_specs", corpus_root, count)
    out = workspace / f"out-{count}"
    floor_out = workspace / f"floor-{count}"
    timings = [time_calls(f"validate N={count}", lambda: validate_once(corpus), runs=runs, items=count)]
    export_args = ["export", "--engine", "all", "--quiet", "--out", str(out), *jobs_option, str(corpus)]
    timings.append(time_calls(f"export N={count}", lambda: run_cli(export_args), runs=runs, items=count,
                              before_each=fresh(out)))
    timings.append(time_calls(f"re-export unchanged N={count}", lambda: run_cli(export_args), runs=runs,
                              items=count))
    jobs, filters = capture_template_jobs(corpus)
    timings.append(time_calls(f"floor N={count}", lambda: floor_once(jobs, filters, floor_out), runs=runs, items=count,
                              before_each=fresh(floor_out)))
    one = sorted(corpus.glob("*.yaml"))[1]
    original = one.read_text(encoding="utf-8")
    before = {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}
    one.write_text(original.replace("rarity: common", "rarity: uncommon").replace("rarity: rare", "rarity: mythic"),
                   encoding="utf-8")
    run_cli(export_args)
    rewritten = sorted(str(p.relative_to(out)) for p in out.rglob("*")
                       if p.is_file() and p.stat().st_mtime_ns != before.get(p))
    one.write_text(original, encoding="utf-8")
    print(f"  after editing {one.name}: {len(rewritten)} file(s) rewritten: {', '.join(rewritten[:6])}")
    shutil.rmtree(corpus_root, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(floor_out, ignore_errors=True)
    return timings


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} cores, {cpu}, Python {platform.python_version()}, {platform.system()}"


def print_table(timings: list[Timing], markdown: bool) -> None:
    floors = {t.label.split("N=")[1]: t for t in timings if t.label.startswith("floor")}
    if markdown:
        print("| measurement | runs | min s | median s | max s | cards/s | vs floor |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
    for timing in timings:
        ratio = ""
        size = timing.label.split("N=")[1] if "N=" in timing.label else None
        if timing.label.startswith("export") and size in floors:
            ratio = f"{timing.median / floors[size].median:.2f}x"
        cells = [timing.label, str(len(timing.runs)), f"{timing.minimum:.3f}", f"{timing.median:.3f}",
                 f"{timing.maximum:.3f}", f"{timing.rate:,.0f}" if timing.items > 1 else "", ratio]
        print("| " + " | ".join(cells) + " |" if markdown else "  ".join(f"{cell:>14}" for cell in cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=None, help="pass --jobs N to export (if supported)")
    parser.add_argument("--markdown", action="store_true", help="print a table for the README")
    arguments = parser.parse_args()
    os.chdir(ROOT)
    jobs_option = ["--jobs", str(arguments.jobs)] if arguments.jobs else []
    print(f"machine: {machine()}")
    timings: list[Timing] = []
    with tempfile.TemporaryDirectory(prefix="cardgen-bench-") as workspace:
        for size in arguments.sizes:
            print(f"N={size} ...", flush=True)
            timings.extend(bench_size(size, arguments.runs, Path(workspace), jobs_option))
    timings.append(time_calls("check (shipped scenarios)", lambda: run_cli(["check"]), runs=arguments.runs))
    python = sys.executable
    startup = time_command("start-up: cardgen --help", [python, "-m", "cardgen", "--help"], runs=10)
    imports = time_command("start-up: import pydantic, jinja2, click",
                           [python, "-c", "import pydantic, jinja2, click"], runs=10)
    timings.extend([startup, imports])
    print_table(timings, arguments.markdown)
    print(f"start-up ratio: {startup.median / imports.median:.2f}x (target <= 1.3x)")
    per_card = {t.label.split("N=")[1]: t.median / t.items for t in timings if t.label.startswith("export N=")}
    if len(per_card) > 1:
        smallest, largest = min(per_card, key=int), max(per_card, key=int)
        print(f"per-card export cost N={largest} vs N={smallest}: {per_card[largest] / per_card[smallest]:.2f}x "
              "(target <= 1.2x)")


if __name__ == "__main__":
    main()
