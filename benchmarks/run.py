"""Benchmarks for validate, export and check, against the floor of bare jinja2 rendering plus writes.

Run by hand (never in the test suite):

    python benchmarks/run.py                              # N = 1k, 10k, 100k (100k takes a while)
    python benchmarks/run.py --sizes 1000 10000 --doc     # ... and write docs/performance.md from the run
    python benchmarks/run.py --sizes 1000 10000 --runs 5 --jobs 2 --markdown
    python benchmarks/run.py --sizes 1000 100000 --runs 1 --light       # per-card cost and memory at 100k
    python benchmarks/run.py --sizes --start-up-runs 30                  # only check and start-up

For each corpus size N it builds N renamed copies of the shipped specs (deterministic, see `corpus.py`)
and times, over several runs (min / median / max), everything in process through the real commands:

- validate: `cardgen validate CORPUS` (load, schema, gift-rules and naming checks; the report printed);
- export: `cardgen export --engine all` into a fresh empty folder (every file written);
- floor: the same templates rendered with bare jinja2 from the contexts the backends built (captured
  once, outside the timing), and the same files written with plain `open().write()`. Export and floor
  runs alternate, each after `sync`, so both meet the disk in the same state;
- full floor: the specs parsed and validated the way every command does (`load_validated`), then the
  floor's rendering and writes: what any export must at least cost. Export is reported as a ratio to
  both floors; the goal is stated against the full floor;
- peak memory: the maximum resident set of a `cardgen export` subprocess into an empty folder;
- re-export: the same export again, unchanged (nothing rewritten), and after editing one spec;
- check: `cardgen check` over the shipped specs and scenarios (independent of N; run once per size list);
- start-up: `cardgen --help`, a one-file `cardgen validate card_specs/blb/kitnap.yaml` and `cardgen check
  card_specs/blb/kitnap.yaml` against the import floor `python -c "import pydantic, jinja2, click, yaml"`
  (subprocesses, run in turn so that a busy machine slows all of them alike), each with its bytecode
  cached (in a temporary `PYTHONPYCACHEPREFIX`); where `PYTHONDONTWRITEBYTECODE` is set, the one-file
  validate also as it runs there, compiling every cardgen module from source.

The last lines state each goal with the measured ratio (one command prints floors, ratios and goals).
`--doc` writes the same table and goals, with the machine, its load and the command line, to
docs/performance.md (the project's only record of its numbers: rerun to refresh it, never edit it).

With `--jobs J`, validate, export and check are also timed with `--jobs J` (rows marked `jobs=J`).
Every row is cold (no cache of any kind) except those marked `--cache`.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jinja2

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import processes  # noqa: E402
from blb_corpus import DEFAULT_DATA, build_blb_corpus  # noqa: E402
from corpus import build_corpus  # noqa: E402
from processes import Pair, cardgen, floor, fresh_folder, measure  # noqa: E402
from timing import Timing  # noqa: E402


def run_cli(args: list[str]) -> None:
    """Invoke a cardgen command in process, its output swallowed; raise if it did not exit 0."""
    from cardgen.cli import cli

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
        try:
            cli.main(args, prog_name="cardgen", standalone_mode=False)
        except SystemExit as exit_:
            if exit_.code not in (0, None):
                raise RuntimeError(f"cardgen {' '.join(args)} exited {exit_.code}: {err.getvalue()[:500]}") from None


def settle() -> None:
    """Flush dirty pages so that no run pays for the writes of the one before."""
    os.sync()
    time.sleep(0.2)


Jobs = list[tuple[str, str, str, dict[str, Any]]]


def capture_template_jobs(corpus: Path) -> tuple[Jobs, dict[str, dict[str, Any]]]:
    """Render the corpus once through the backends, recording every (engine, template, output path,
    context) they hand to jinja2 — the prebuilt inputs of the floor — and each engine's template filters
    (escaping belongs to the template language, so the floor keeps it)."""
    from cardgen.engines import load_backend
    from cardgen.load.specs import load_catalog

    catalog = load_catalog([corpus])
    jobs: Jobs = []
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


def full_floor_once(corpus: Path, jobs: Jobs, filters: dict[str, dict[str, Any]], out: Path) -> None:
    """Parse and validate the specs as every command does, then the floor: the least an export can cost."""
    from cardgen.commands.common import load_validated
    from cardgen.commands.reporting import Reporter

    with contextlib.redirect_stderr(io.StringIO()):  # what it found is printed as every command prints it
        catalog, failed = load_validated([corpus], Reporter())
    assert not failed and catalog.cards
    del catalog
    floor_once(jobs, filters, out)


_PEAK_OF_COMMAND = """
import sys
from cardgen.cli import cli
try:
    cli.main(sys.argv[1:], prog_name="cardgen", standalone_mode=False)
except SystemExit as exit_:
    if exit_.code not in (0, None):
        raise
status = open("/proc/self/status", encoding="ascii").read()
print(int(status.split("VmHWM:")[1].split()[0]))
"""


def peak_memory_mb(args: list[str]) -> float:
    """The peak resident set (MB) of `cardgen ARGS` in a process of its own: the high-water mark of its
    own memory after `exec` (`VmHWM`), which the rusage of a child does not give (it counts the pages
    the child shared with this large process between `fork` and `exec`)."""
    result = subprocess.run([sys.executable, "-c", _PEAK_OF_COMMAND, *args], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    return int(result.stdout.split()[-1]) / 1024


def render_only(jobs: Jobs, filters: dict[str, dict[str, Any]]) -> None:
    """The floor without its writes: how much of it is the disk."""
    from cardgen.templates_path import templates_dir

    environments = {}
    for engine in ("forge", "xmage"):
        environment = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir() / engine)),
                                         undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
                                         trim_blocks=True, lstrip_blocks=True)
        environment.filters.update(filters.get(engine, {}))
        environments[engine] = environment
    for engine, template, _relative, context in jobs:
        environments[engine].get_template(template).render(context)


class Runs:
    """Samples per label, filled by interleaved runs."""

    def __init__(self) -> None:
        self.samples: dict[str, list[float]] = {}
        self.cpu: dict[str, list[float]] = {}
        self.items: dict[str, int] = {}

    def time(self, label: str, call: Callable[[], object], items: int = 1) -> None:
        settle()
        start, start_cpu = time.perf_counter(), time.process_time()
        call()
        self.samples.setdefault(label, []).append(time.perf_counter() - start)
        self.cpu.setdefault(label, []).append(time.process_time() - start_cpu)
        self.items[label] = items

    def timings(self) -> list[Timing]:
        return [Timing(label, tuple(samples), self.items[label], tuple(self.cpu[label]))
                for label, samples in self.samples.items()]


def _edited(text: str, how: str) -> str:
    """The spec text with one edit that keeps it valid: `cost` (a card-level change: the generic part of
    the mana cost) or `rarity` (a set-level change: the rarity of its printing)."""
    if how == "rarity":
        return text.replace("rarity: common", "rarity: uncommon", 1).replace("rarity: rare", "rarity: mythic", 1)
    edited, count = re.subn(r"mana_cost: '((?:\{X\})*)(?:\{\d+\})?", r"mana_cost: '\1{9}", text, count=1)
    assert count, "the edited spec has no mana cost"
    return edited


def bench_size(count: int, runs: int, workspace: Path, jobs: int | None,
               light: bool = False) -> tuple[list[Timing], list[str], float]:
    notes: list[str] = []
    corpus = build_corpus(ROOT / "card_specs", workspace / f"corpus-{count}", count)
    fresh = iter(range(10**6))
    outputs: list[Path] = []
    cache_dir = workspace / f"cache-{count}"
    os.environ["CARDGEN_CACHE_DIR"] = str(cache_dir)

    def new_out() -> Path:
        path = workspace / f"out-{count}-{next(fresh)}"
        outputs.append(path)
        return path

    def export_args(out: Path, extra: list[str]) -> list[str]:
        return ["export", "--engine", "all", "--quiet", "--out", str(out), *extra, str(corpus)]

    variants: list[tuple[str, list[str]]] = [("", [])]
    if jobs and jobs > 1:
        variants.append((f" jobs={jobs}", ["--jobs", str(jobs)]))
    template_jobs, filters = capture_template_jobs(corpus)
    recorded = Runs()
    if not light:
        # The cache's first use: every spec misses, every result is computed and stored.
        recorded.time(f"validate --cache, cold (fills it) N={count}",
                      lambda: run_cli(["validate", "--cache", str(corpus)]), count)
        fill_out = new_out()
        recorded.time(f"export --cache, cold (fills it) N={count}",
                      lambda: run_cli(export_args(fill_out, ["--cache"])), count)
        variants.append((" --cache, warm", ["--cache"]))
    last_out: Path | None = None
    for _ in range(runs):
        for name, extra in variants:
            args = ["validate", *extra, str(corpus)]
            recorded.time(f"validate{name} N={count}", lambda args=args: run_cli(args), count)
        for name, extra in variants:
            out = new_out()
            if not extra:
                last_out = out
            recorded.time(f"export{name} N={count}", lambda out=out, extra=extra: run_cli(export_args(out, extra)),
                          count)
        floor_out = new_out()
        recorded.time(f"floor N={count}", lambda out=floor_out: floor_once(template_jobs, filters, out), count)
        full_out = new_out()
        recorded.time(f"full floor (parse + validate + render + write) N={count}",
                      lambda out=full_out: full_floor_once(corpus, template_jobs, filters, out), count)
        if not light:
            recorded.time(f"floor, rendering only (no files) N={count}",
                          lambda: render_only(template_jobs, filters), count)
    assert last_out is not None
    memory_out = new_out()
    settle()
    peak = peak_memory_mb(export_args(memory_out, []))
    if light:
        _cleanup(corpus, cache_dir, outputs)
        return recorded.timings(), notes, peak
    unchanged_args = export_args(last_out, [])
    for _ in range(runs):
        recorded.time(f"re-export unchanged N={count}", lambda: run_cli(unchanged_args), count)

    one = sorted(corpus.rglob("*.yaml"))[1]
    original = one.read_text(encoding="utf-8")
    for how in ("cost", "rarity"):
        before = {p: p.stat().st_mtime_ns for p in last_out.rglob("*") if p.is_file()}
        time.sleep(0.01)
        one.write_text(_edited(original, how), encoding="utf-8")
        recorded.time(f"re-export, one spec's {how} edited N={count}", lambda: run_cli(unchanged_args), count)
        rewritten = sorted(str(p.relative_to(last_out)) for p in last_out.rglob("*")
                           if p.is_file() and p.stat().st_mtime_ns != before.get(p))
        one.write_text(original, encoding="utf-8")
        run_cli(unchanged_args)
        notes.append(f"N={count}: after editing the {how} of {one.relative_to(corpus)}, {len(rewritten)} file(s) "
                     f"rewritten: {', '.join(rewritten)}")

    _cleanup(corpus, cache_dir, outputs)
    return recorded.timings(), notes, peak


def _cleanup(corpus: Path, cache_dir: Path, outputs: list[Path]) -> None:
    os.environ.pop("CARDGEN_CACHE_DIR", None)
    shutil.rmtree(corpus, ignore_errors=True)
    shutil.rmtree(cache_dir, ignore_errors=True)
    for path in outputs:
        shutil.rmtree(path, ignore_errors=True)
    settle()


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                memory = f", {int(line.split()[1]) // (1024 * 1024)} GiB RAM"
                break
    except OSError:
        pass
    import pydantic
    import yaml

    return (f"{os.cpu_count()} cores, {cpu}{memory}, {platform.system()}, Python {platform.python_version()}, "
            f"pydantic {pydantic.VERSION}, PyYAML {yaml.__version__} (libyaml: {yaml.__with_libyaml__})")


def size_of(timing: Timing) -> str | None:
    return timing.label.split("N=")[1] if "N=" in timing.label else None


FULL_FLOOR = "full floor (parse + validate + render + write)"
IMPORT_FLOOR = "start-up floor: import pydantic, jinja2, click, yaml"
ONE_FILE_VALIDATE = "start-up: cardgen validate card_specs/blb/kitnap.yaml"
ONE_CARD_CHECK = "start-up: cardgen check card_specs/blb/kitnap.yaml"
HELP = "start-up: cardgen --help"
NO_BYTECODE = " (no bytecode: every module compiled)"


def table_lines(timings: list[Timing], markdown: bool) -> list[str]:
    """The table of every measurement, with its ratios to the floors (Markdown or aligned text)."""
    floors = {size_of(t): t for t in timings if t.label.startswith("floor N=")}
    full_floors = {size_of(t): t for t in timings if t.label.startswith(f"{FULL_FLOOR} N=")}
    imports = next((t for t in timings if t.label == IMPORT_FLOOR), None)
    header = ["measurement", "runs", "min s", "median s", "max s", "median CPU s", "cards/s", "vs floor",
              "vs full floor"]
    lines = []
    if markdown:
        lines.append("| " + " | ".join(header) + " |")
        lines.append("| " + " | ".join("---" for _ in header) + " |")
    else:
        lines.append("  ".join(f"{cell:>14}" for cell in header))
    for timing in timings:
        ratio = full_ratio = ""
        size = size_of(timing)
        if timing.label.startswith(("export", "re-export", FULL_FLOOR)) and size in floors:
            ratio = f"{timing.median / floors[size].median:.2f}x"
        if timing.label.startswith(("export", "re-export")) and size in full_floors:
            full_ratio = f"{timing.median / full_floors[size].median:.2f}x"
        if timing.label.startswith("start-up") and imports is not None:
            ratio = f"{timing.median / imports.median:.2f}x"
        cpu = timing.cpu_median
        cells = [timing.label, str(len(timing.runs)), f"{timing.minimum:.3f}", f"{timing.median:.3f}",
                 f"{timing.maximum:.3f}", "" if cpu is None else f"{cpu:.3f}",
                 f"{timing.rate:,.0f}" if timing.items > 1 else "", ratio, full_ratio]
        lines.append("| " + " | ".join(cells) + " |" if markdown else "  ".join(f"{cell:>14}" for cell in cells))
    return lines


def print_table(timings: list[Timing], markdown: bool) -> None:
    print("\n".join(table_lines(timings, markdown)))


DOC = ROOT / "docs" / "performance.md"
DOC_MARKER = "<!-- Generated by benchmarks/run.py --doc: do not edit; rerun the command to refresh it. -->"

DOC_INTRO = """\
How fast cardgen validates, exports and checks, measured by `python benchmarks/run.py` and written here
by its `--doc` option. The corpus is N renamed copies of the shipped specs. Every command runs in process
through the real command line, cold (no cache), and is set against a floor:

- **floor**: the same templates rendered with bare jinja2 from the contexts the backends built (captured
  beforehand) and the same files written with plain writes;
- **full floor**: the specs parsed and validated as every command does, then the floor: the least an
  export can cost. Export is judged against it;
- **import floor**: `python -c "import pydantic, jinja2, click, yaml"`, for start-up.

The whole commands, each a process of its own with its start-up, are also set against floors of the
same kind (`benchmarks/floors.py`), run in turn with them (A B A B ...), the ratio taken run by run:

- **import floor**, for a command with little to do: an export with nothing to write, `export --check`,
  a one-file `validate` (what a pre-commit hook pays), a one-card `check`;
- **validate floor**: the import floor, then every spec parsed with libyaml and validated by the card
  model, for `validate`;
- **export floor**: the validate floor, then one jinja2 render and one write per card, for `export`.

The corpora are N renamed copies of the shipped specs, and the Bloomburrow cards that `cardgen new`
drafts into a spec that validates clean (real, distinct cards; `benchmarks/blb_corpus.py`).

Wall times on a shared machine vary with its load (given below); each row also gives its CPU time, which
the load distorts far less, and each ratio is taken within one run, where the load hit both sides alike.
To measure again (a few minutes for 1k and 10k; add 100000 for the per-card cost at scale):

```sh
python benchmarks/run.py --sizes 1000 10000 --doc
python benchmarks/run.py --sizes 10000 100000 --only-processes --process-runs 3   # the whole commands only
```
"""


def performance_doc(timings: list[Timing], goals: list[str], *, command: str, machine_line: str,
                    load: tuple[float, float], date: str, pairs: list[Pair] | None = None) -> str:
    """docs/performance.md: what is measured, how to measure it again, and this run's tables and goals."""
    goal_lines = [f"- {line.removeprefix('goal: ')}" for line in goals]
    whole = ["### Whole commands against their floors", "", *processes.table_lines(pairs), ""] if pairs else []
    in_process = ["### In process", "", *table_lines(timings, markdown=True), ""] if timings else []
    return "\n".join([
        "# Performance", "", DOC_MARKER, "", DOC_INTRO,
        "## Latest measurement", "",
        f"- command: `{command}`",
        f"- machine: {machine_line}",
        f"- load average: {load[0]:.1f} at the start, {load[1]:.1f} at the end (1-minute, on "
        f"{os.cpu_count()} cores)",
        f"- date: {date}", "",
        *whole, *in_process,
        "## Goals", "",
        *(goal_lines or ["- (no goal measured by this run)"]), "",
    ])


def _verdict(value: float, target: float, *, at_most: bool = True) -> str:
    met = value <= target if at_most else value >= target
    return "met" if met else "NOT met"


def _cpu_ratio(timing: Timing, base: Timing, *, per_item: bool = False) -> str:
    """`timing` against `base` in CPU time, as a parenthesis (empty when either lacks CPU times)."""
    if timing.cpu_median is None or base.cpu_median is None or not base.cpu_median:
        return ""
    ratio = timing.cpu_median / base.cpu_median
    if per_item:
        ratio *= base.items / timing.items
    return f" ({ratio:.2f}x in CPU time)"


def summary(timings: list[Timing], peaks: dict[int, float]) -> list[str]:
    """The issue's goals, each with the measured number and whether it is met."""
    lines = []
    by_label = {t.label: t for t in timings}
    imports = by_label.get(IMPORT_FLOOR)
    for label, target in ((ONE_FILE_VALIDATE, 1.5), (ONE_FILE_VALIDATE + NO_BYTECODE, 1.5), (ONE_CARD_CHECK, 1.5),
                          (HELP, 1.3)):
        if label in by_label and imports:
            ratio = by_label[label].median / imports.median
            lines.append(f"goal: {label[len('start-up: '):]}: {ratio:.2f}x the import floor "
                         f"({by_label[label].median * 1000:.0f} ms vs {imports.median * 1000:.0f} ms"
                         f"{_cpu_ratio(by_label[label], imports)}; target <= {target}x): {_verdict(ratio, target)}")
    for size in sorted({size_of(t) for t in timings if size_of(t)}, key=int):
        full_floor = by_label.get(f"{FULL_FLOOR} N={size}")
        for label in (f"export N={size}", *(t.label for t in timings if t.label.startswith("export jobs=")
                                             and size_of(t) == size)):
            if label in by_label and full_floor:
                ratio = by_label[label].median / full_floor.median
                cpu = _cpu_ratio(by_label[label], full_floor)
                lines.append(f"goal: {label}: {ratio:.2f}x the full floor{cpu} (target <= 1.5x): "
                             f"{_verdict(ratio, 1.5)}")
        for timing in timings:
            if timing.label == f"validate N={size}":
                lines.append(f"goal: {timing.label}: {timing.rate:,.0f} specs/s cold (target >= 10,000): "
                             f"{_verdict(timing.rate, 10_000, at_most=False)}")
    exports = {int(size_of(t) or 0): t for t in timings if t.label.startswith("export N=")}
    if len(exports) > 1:
        smallest = min(exports)
        for largest in sorted(exports)[1:]:
            big, small = exports[largest], exports[smallest]
            ratio = (big.median / big.items) / (small.median / small.items)
            lines.append(f"goal: per-card export cost N={largest} vs N={smallest}: {big.median / big.items * 1000:.2f} "
                         f"ms vs {small.median / small.items * 1000:.2f} ms, {ratio:.2f}x"
                         f"{_cpu_ratio(big, small, per_item=True)} (target <= 1.1x): {_verdict(ratio, 1.1)}")
    if len(peaks) > 1:
        for size in sorted(peaks)[1:]:
            smallest = min(peaks)
            ratio = peaks[size] / peaks[smallest]
            lines.append(f"goal: peak memory of an export N={size} vs N={smallest}: {peaks[size]:.0f} MB vs "
                         f"{peaks[smallest]:.0f} MB, {ratio:.2f}x (target <= 1.5x at 10k): {_verdict(ratio, 1.5)}")
    return lines


def time_start_up(runs: int) -> list[Timing]:
    """The start-up commands and their import floor, run in turn (not each in a block of its own), so a
    machine that gets busier or quieter during the measurement affects all of them alike.

    Each runs with its bytecode cached, as an installed package (pip compiles it) or any run after the
    first has: the bytecode goes to a temporary `PYTHONPYCACHEPREFIX` (nothing is written into the tree)
    during a warm-up run, whatever `PYTHONDONTWRITEBYTECODE` says. Where the environment sets that
    variable, the one-file validate is also timed as it runs there, compiling cardgen from source."""
    python = sys.executable
    commands = {
        IMPORT_FLOOR: [python, "-c", "import pydantic, jinja2, click, yaml"],
        HELP: [python, "-m", "cardgen", "--help"],
        ONE_FILE_VALIDATE: [python, "-m", "cardgen", "validate", "card_specs/blb/kitnap.yaml"],
        ONE_CARD_CHECK: [python, "-m", "cardgen", "check", "card_specs/blb/kitnap.yaml"],
    }
    prefix = tempfile.mkdtemp(prefix="cardgen-bytecode-")
    cached = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    cached["PYTHONPYCACHEPREFIX"] = prefix
    environments = {label: cached for label in commands}
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        commands[ONE_FILE_VALIDATE + NO_BYTECODE] = commands[ONE_FILE_VALIDATE]
        environments[ONE_FILE_VALIDATE + NO_BYTECODE] = dict(os.environ)
    samples: dict[str, list[float]] = {label: [] for label in commands}
    cpu: dict[str, list[float]] = {label: [] for label in commands}
    try:
        for label, argv in commands.items():  # warm: bytecode and the stored spec schemas are written once
            subprocess.run(argv, check=True, capture_output=True, cwd=ROOT, env=environments[label])
        for _ in range(runs):
            for label, argv in commands.items():
                start = time.perf_counter()
                process = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                           env=environments[label])
                _pid, status, usage = os.wait4(process.pid, 0)
                samples[label].append(time.perf_counter() - start)
                cpu[label].append(usage.ru_utime + usage.ru_stime)
                if os.waitstatus_to_exitcode(status) != 0:
                    raise RuntimeError(f"{label} failed")
    finally:
        shutil.rmtree(prefix, ignore_errors=True)
    return [Timing(label, tuple(values), cpu=tuple(cpu[label])) for label, values in samples.items()]


def process_pairs(sizes: list[int], runs: int, workspace: Path, blb_data: Path | None) -> tuple[list[Pair], list[str]]:
    """Each command as a whole process against its floor (`benchmarks/processes.py`, `benchmarks/floors.py`):
    the start-up commands against the import floor, then validate and export of each corpus (N renamed
    copies of the shipped specs, and the Bloomburrow cards `cardgen new` drafts clean) against theirs."""
    pairs: list[Pair] = []
    notes: list[str] = []
    imports = ("import floor", lambda: floor("import"))
    noop_out = workspace / "noop-out"
    processes.run_once(cardgen("export", "--engine", "all", "--quiet", "--out", str(noop_out)),
                       processes.bytecode_env())
    start_up = [
        ("export with nothing to do (shipped specs)",
         lambda: cardgen("export", "--engine", "all", "--quiet", "--out", str(noop_out)), 2.0),
        ("export --check (shipped specs, fresh)",
         lambda: cardgen("export", "--engine", "all", "--check", "--out", str(noop_out)), 2.0),
        ("validate one file", lambda: cardgen("validate", "card_specs/blb/kitnap.yaml"), 1.5),
        ("check one card", lambda: cardgen("check", "card_specs/blb/kitnap.yaml"), 2.5),
    ]
    for label, command, goal in start_up:
        print(f"{label} ...", flush=True)
        pairs.append(measure(label, command, *imports, runs=runs, goal=goal))
    corpora: list[tuple[str, Path]] = []
    for size in sizes:
        corpora.append((f"N={size}", build_corpus(ROOT / "card_specs", workspace / f"corpus-{size}", size)))
    if blb_data is not None and blb_data.is_file():
        corpus, kept, tried = build_blb_corpus(blb_data, workspace / "blb")
        notes.append(f"Bloomburrow: {kept} of {tried} card names draft into a spec that validates clean; "
                     "those are the corpus")
        corpora.append((f"Bloomburrow ({kept} drafted cards)", corpus))
    for name, corpus in corpora:
        outputs = workspace / f"outputs-{len(pairs)}"
        outputs.mkdir()
        ours, theirs = fresh_folder(outputs / "cardgen"), fresh_folder(outputs / "floor")
        corpus_runs = 1 if name == "N=100000" else runs
        print(f"validate {name} ...", flush=True)
        pairs.append(measure(f"validate {name}", lambda c=corpus: cardgen("validate", str(c)), "validate floor",
                             lambda c=corpus: floor("validate", str(c)), runs=corpus_runs, goal=1.3,
                             memory_goal=1.5, warm=corpus_runs > 1))
        print(f"export {name} ...", flush=True)
        pairs.append(measure(
            f"export {name}",
            lambda c=corpus, o=ours: cardgen("export", "--engine", "all", "--quiet", "--out", str(o()), str(c)),
            "export floor", lambda c=corpus, o=theirs: floor("export", str(c), str(o())), runs=corpus_runs,
            goal=1.5, memory_goal=1.5, warm=corpus_runs > 1))
        shutil.rmtree(outputs, ignore_errors=True)
        settle()
    return pairs, notes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[1_000, 10_000, 100_000],
                        help="corpus sizes (none: only check and start-up)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--start-up-runs", type=int, default=20, help="runs of each start-up command")
    parser.add_argument("--jobs", type=int, default=None, help="also time validate/export/check with --jobs J")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--doc", action="store_true", help=f"write {DOC.relative_to(ROOT)} from this run")
    parser.add_argument("--light", action="store_true",
                        help="per size only validate, export and the floors (no cache, re-export or render-only rows)")
    parser.add_argument("--workspace", type=Path, default=None, help="where corpora and outputs go (default: tmp)")
    parser.add_argument("--process-runs", type=int, default=5,
                        help="runs of each whole command and of its floor, in turn (0: none)")
    parser.add_argument("--only-processes", action="store_true",
                        help="only the whole commands against their floors (no in-process rows)")
    parser.add_argument("--blb-data", type=Path, default=DEFAULT_DATA,
                        help="Scryfall-shaped JSON of Bloomburrow, for the corpus of real cards")
    arguments = parser.parse_args()
    if arguments.workspace is not None:  # a folder named for this run need not exist yet
        arguments.workspace.mkdir(parents=True, exist_ok=True)
    os.chdir(ROOT)
    load_at_start = os.getloadavg()[0]
    print(f"machine: {machine()}", flush=True)
    with tempfile.TemporaryDirectory(prefix="cardgen-warm-") as warm:  # imports are start-up's business
        run_cli(["validate"])
        run_cli(["export", "--engine", "all", "--quiet", "--out", warm])
    timings: list[Timing] = []
    notes: list[str] = []
    peaks: dict[int, float] = {}
    pairs: list[Pair] = []
    if arguments.process_runs:
        with tempfile.TemporaryDirectory(prefix="cardgen-processes-", dir=arguments.workspace) as workspace:
            pairs, said = process_pairs(arguments.sizes, arguments.process_runs, Path(workspace), arguments.blb_data)
            notes.extend(said)
        print("\n".join(processes.table_lines(pairs)), flush=True)
    sizes = [] if arguments.only_processes else arguments.sizes
    with tempfile.TemporaryDirectory(prefix="cardgen-bench-", dir=arguments.workspace) as workspace:
        for size in sizes:
            print(f"N={size} ...", flush=True)
            found, said, peak = bench_size(size, arguments.runs, Path(workspace), arguments.jobs, arguments.light)
            timings.extend(found)
            notes.extend(said)
            peaks[size] = peak
            print_table(found, markdown=False)
    if not arguments.only_processes:
        checks = Runs()
        variants = [None] + ([arguments.jobs] if arguments.jobs and arguments.jobs > 1 else [])
        for _ in range(arguments.runs):
            for variant in variants:
                label = "check (shipped specs and scenarios)" + (f" jobs={variant}" if variant else "")
                checks.time(label, lambda v=variant: run_cli(["check"] + (["--jobs", str(v)] if v else [])))
        timings.extend(checks.timings())
        timings.extend(time_start_up(arguments.start_up_runs))
    print()
    print(f"machine: {machine()}; load average at the end: {os.getloadavg()[0]:.1f}")
    if pairs:
        print("\n".join(processes.table_lines(pairs)))
    if timings:
        print_table(timings, arguments.markdown)
    print()
    goals = [*processes.goals(pairs), *summary(timings, peaks)]
    for line in [*goals, *notes]:
        print(line)
    if arguments.doc:
        import datetime

        command = "python benchmarks/run.py " + " ".join(sys.argv[1:])
        DOC.write_text(performance_doc(timings, [*goals, *notes], command=command.strip(), machine_line=machine(),
                                       load=(load_at_start, os.getloadavg()[0]),
                                       date=datetime.date.today().isoformat(), pairs=pairs),
                       encoding="utf-8", newline="\n")
        print(f"wrote {DOC.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
