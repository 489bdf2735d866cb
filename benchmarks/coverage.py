"""How much of a set cardgen covers: every card of a card data file taken along the whole chain.

    python benchmarks/coverage.py --data ../shared/reference/bloomburrow/blb-cards.json
    python benchmarks/coverage.py --data blb-cards.json --data blc-cards.json --record benchmarks/coverage.json
    python benchmarks/coverage.py --data blb-cards.json --xmage ~/src/mage --forge /tmp/forge-scripts

For each card of the data file (Scryfall bulk data: a JSON array of card objects; digital-only cards are
left out) it prints one row and, at the end, the totals of each column:

- drafted: `cardgen new` reads every line of its oracle text (no TODO left in the draft);
- validates: the card's spec passes `cardgen validate --strict` (no error, no warning). The spec is the
  project's own under `card_specs/` where there is one (it may carry hand edits, each saying why), else the
  fresh draft; the `spec` column says which;
- forge, xmage: the spec renders to that engine's file (`cardgen export`), without an error;
- same xmage, same forge: `cardgen diff` reads our file and the engine's own implementation of the card as
  the same meaning. Measured only against a folder given with `--xmage` (an XMage checkout) or `--forge`
  (a folder of Forge's card scripts); without it the column says "not measured";
- scenarios: the project's scenarios of the card (`scenarios/`), and how many of them pass all three runs
  of `cardgen check` (from the spec, and from the Forge and XMage files read back).

A column is "-" where the chain stopped before it. The lines the drafter could not read are listed under
the table with the words it stopped at, the most frequent first: what to teach it next.

`--record FILE` also writes the rows and totals as JSON (with `--xmage-from` / `--forge-from`, the words
saying where each engine folder came from, printed under the README's table). `benchmarks/coverage.json`
is the project's record, from which `python docs/refresh.py` writes the README's coverage table (rerun both
after a change that covers more cards; tests/test_coverage.py checks a sample of the record against a fresh
run).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "benchmarks" / "coverage.json"
ENGINES = ("forge", "xmage")
NOT_MEASURED = "not measured"


@dataclass
class CardRow:
    """How far one card gets. `validates`, `forge`, `xmage`: None where the chain stopped before them;
    `same_xmage`, `same_forge`: `cardgen diff`'s status (same, differs, missing, unreadable, unrendered),
    NOT_MEASURED without an engine folder, None where the chain stopped."""

    name: str
    set: str
    drafted: bool
    spec: str = "draft"
    """Which spec the rest of the chain ran on: "project" (card_specs/) or "draft"."""
    todo: list[str] = field(default_factory=list)
    """The oracle lines not drafted, each as `line :: why`."""
    validates: bool | None = None
    problem: str | None = None
    """The first error (or warning) that stopped it, as `CODE message`."""
    forge: bool | None = None
    xmage: bool | None = None
    same_xmage: str | None = None
    same_forge: str | None = None
    scenarios: int = 0
    scenarios_passed: int = 0


# ----------------------------------------------------------------------------------------- the corpus


def corpus_names(data_paths: Sequence[Path]) -> list[tuple[str, str, Path]]:
    """(name, set code, data file) of each card of the files, once per name, in file order."""
    seen: set[str] = set()
    out = []
    for path in data_paths:
        for obj in json.loads(path.read_text(encoding="utf-8")):
            name = obj.get("name")
            if not name or obj.get("digital") or name in seen:
                continue
            seen.add(name)
            out.append((name, str(obj.get("set", "")).upper(), path))
    return out


def _project_specs(specs_root: Path) -> dict[str, Path]:
    """Card name -> the project's spec file of that card."""
    import yaml

    out = {}
    for path in sorted(specs_root.rglob("*.yaml")):
        if path.name == "set.yaml":
            continue
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError:
            continue
        if isinstance(data, dict) and isinstance(data.get("name"), str):
            out[data["name"]] = path
    return out


# ------------------------------------------------------------------------------------------ the chain


def _draft(rows: list[CardRow], corpus: list[tuple[str, str, Path]], project: dict[str, Path], tree: Path) -> None:
    """Draft every card; write the spec the chain runs on (the project's, else the draft) into `tree`."""
    from cardgen.naming import slug
    from cardgen.scaffold import ScaffoldError, plan_new

    scratch = tree.parent / "drafts"
    for name, code, data in corpus:
        row = CardRow(name, code, drafted=False)
        rows.append(row)
        try:
            plan = plan_new(name, data, code or None, scratch, dry_run=True)
        except ScaffoldError as error:
            row.todo.append(f"(the whole card) :: {error}")
            plan = None
        if plan is not None:
            row.todo = [f"{line.text} :: {line.problem}" for line in plan.scaffold.todo]
            row.drafted = not row.todo
            set_file = tree / code.lower() / "set.yaml"
            if plan.set_text is not None and not set_file.exists():
                set_file.parent.mkdir(parents=True, exist_ok=True)
                set_file.write_text(plan.set_text, encoding="utf-8", newline="\n")
        own = project.get(name)
        if own is not None:
            row.spec = "project"
            target = tree / own.parent.name / own.name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(own, target)
        elif plan is not None:
            target = tree / code.lower() / f"{slug(name)}.yaml"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(plan.spec_text, encoding="utf-8", newline="\n")


def _validate(rows: list[CardRow], tree: Path) -> Any:
    """Validate the tree (`--strict`); returns the catalog of the cards that pass."""
    from cardgen.commands.common import load_checked

    catalog, found = load_checked([tree])
    by_file: dict[str, list[Any]] = {}
    for diagnostic in found:
        if diagnostic.location is not None and diagnostic.severity in ("error", "warning"):
            by_file.setdefault(str(Path(diagnostic.location.file).resolve()), []).append(diagnostic)
    by_name = {row.name: row for row in rows}
    kept = []
    for loaded in catalog.cards:
        row = by_name.get(loaded.card.name)
        if row is None:
            continue
        problems = by_file.get(str(Path(loaded.path).resolve()), [])
        row.validates = not problems
        if problems:
            row.problem = f"{problems[0].code} {problems[0].message}"
        else:
            kept.append(loaded)
    for row in rows:  # a spec that did not load at all is not in the catalog
        if row.validates is None and (row.drafted or row.spec == "project"):
            row.validates = False
            row.problem = row.problem or "the spec does not load"
    catalog.cards = kept
    return catalog


def _export(rows: list[CardRow], catalog: Any) -> dict[str, Any]:
    """Render the valid cards for each engine; returns each engine's rendering."""
    from cardgen.engines import load_backend

    by_name = {row.name: row for row in rows}
    renderings = {}
    for engine in ENGINES:
        backend = load_backend(engine)
        result = renderings[engine] = backend.render(catalog)
        failed = {str(Path(d.location.file).resolve()) for d in result.diagnostics
                  if d.severity == "error" and d.location is not None}
        for loaded in catalog.cards:
            row = by_name[loaded.card.name]
            where = str(Path(loaded.path).resolve())
            setattr(row, engine, where not in failed)
            if where in failed and row.problem is None:
                row.problem = next(f"{d.code} {d.message}" for d in result.diagnostics
                                   if d.location is not None and str(Path(d.location.file).resolve()) == where)
    return renderings


def _same(rows: list[CardRow], catalog: Any, renderings: dict[str, Any], against: dict[str, Path | None]) -> None:
    """`cardgen diff`'s verdict per card against each engine folder given."""
    from cardgen.commands.diff import CheckoutIndex, compare_card
    from cardgen.engines import load_backend
    from cardgen.engines.xmage.basics import framework_class

    by_name = {row.name: row for row in rows}
    for engine, folder in against.items():
        column = f"same_{engine}"
        for loaded in catalog.cards:
            setattr(by_name[loaded.card.name], column, NOT_MEASURED)
        if folder is None:
            continue
        backend = load_backend(engine)
        index = CheckoutIndex(backend, folder)
        with tempfile.TemporaryDirectory(prefix="cardgen-coverage-") as work:
            for loaded in catalog.cards:
                row = by_name[loaded.card.name]
                if engine == "xmage" and framework_class(loaded.card) is not None:
                    setattr(row, column, "same")  # the export names XMage's own class (a basic land)
                    continue
                text = renderings[engine].files.get(backend.card_path(loaded.card))
                if not getattr(row, engine) or text is None:
                    setattr(row, column, "unrendered")
                    continue
                setattr(row, column, compare_card(backend, loaded.card, text, index, Path(work)).status)


def _scenarios(rows: list[CardRow], catalog: Any, scenario_root: Path, specs_root: Path) -> None:
    """Play the project's scenarios of the valid cards three ways (`cardgen check`), with the project's other
    cards and cardgen's test cards in the pool, as `cardgen check` has them."""
    from cardgen.crosscheck import SPEC, check_catalog
    from cardgen.load.specs import load_catalog
    from cardgen.stand_ins import stand_in_folders

    if not scenario_root.is_dir() or not catalog.cards:
        return
    given = frozenset(loaded.card.name for loaded in catalog.cards)
    roots = [specs_root] if specs_root.is_dir() else []
    covered = {folder.resolve() for folder in roots}
    pool = load_catalog([*roots, *(folder for folder in stand_in_folders() if folder.resolve().parent not in covered)])
    catalog.cards = sorted([*catalog.cards, *(loaded for loaded in pool.cards if loaded.card.name not in given)],
                           key=lambda loaded: loaded.card.name)
    catalog.sets = {**pool.sets, **catalog.sets}
    report = check_catalog(catalog, [scenario_root], list(ENGINES), focus=given)
    for row in rows:
        total = report.totals.get(row.name, 0)
        row.scenarios = total
        if total:
            row.scenarios_passed = min(report.passed.get((row.name, column), 0) for column in (SPEC, *ENGINES))


def measure(data_paths: Sequence[Path], *, specs_root: Path = ROOT / "card_specs",
            scenario_root: Path = ROOT / "scenarios", xmage: Path | None = None,
            forge: Path | None = None) -> list[CardRow]:
    """The row of every card of the data files, along the whole chain."""
    rows: list[CardRow] = []
    project = _project_specs(specs_root) if specs_root.is_dir() else {}
    with tempfile.TemporaryDirectory(prefix="cardgen-coverage-") as temporary:
        tree = Path(temporary) / "card_specs"
        tree.mkdir()
        for set_file in sorted(specs_root.glob("*/set.yaml")):  # the sets a project spec may print in
            (tree / set_file.parent.name).mkdir(exist_ok=True)
            shutil.copyfile(set_file, tree / set_file.parent.name / "set.yaml")
        _draft(rows, corpus_names(data_paths), project, tree)
        catalog = _validate(rows, tree)
        renderings = _export(rows, catalog)
        _same(rows, catalog, renderings, {"xmage": xmage, "forge": forge})
        _scenarios(rows, catalog, scenario_root, specs_root)
    return rows


# ---------------------------------------------------------------------------------------------- output

STAGES = (("drafted", "drafted without a TODO"), ("validates", "validates (`validate --strict`)"),
          ("forge", "exports to Forge"), ("xmage", "exports to XMage"),
          ("same_forge", "same as Forge's own"), ("same_xmage", "same as XMage's own"),
          ("scenarios", "has scenarios, all passing"), ("chain", "whole chain (without the comparisons)"),
          ("chain_compared", "whole chain, and meaning-equal to both engines' own"))


def _passes(row: CardRow | dict[str, Any], stage: str) -> bool | None:
    """Whether the row passes `stage`; None for a comparison that was not measured."""
    get = row.get if isinstance(row, dict) else lambda key: getattr(row, key)
    if stage in ("same_forge", "same_xmage"):
        value = get(stage)
        return None if value == NOT_MEASURED else value == "same"
    if stage == "scenarios":
        return bool(get("scenarios")) and get("scenarios_passed") == get("scenarios")
    if stage == "chain":
        return all(_passes(row, part) for part in ("drafted", "validates", "forge", "xmage", "scenarios"))
    if stage == "chain_compared":
        # Forge's "hints" is the same meaning with other AI hints; a card an engine lacks, or whose own
        # implementation is unreadable or differs, doesn't count, even where the difference is a recorded
        # deviation of that engine
        forge, xmage = get("same_forge"), get("same_xmage")
        if NOT_MEASURED in (forge, xmage):
            return None
        return bool(_passes(row, "chain")) and xmage == "same" and forge in ("same", "hints")
    return bool(get(stage))


def totals(rows: Iterable[CardRow | dict[str, Any]]) -> dict[str, dict[str, int | None]]:
    """Set code -> stage -> how many cards pass it (None: not measured), plus "cards"."""
    out: dict[str, dict[str, int | None]] = {}
    for row in rows:
        code = row["set"] if isinstance(row, dict) else row.set
        counts = out.setdefault(code, {"cards": 0, **{stage: 0 for stage, _ in STAGES}})
        counts["cards"] = (counts["cards"] or 0) + 1
        for stage, _ in STAGES:
            passed = _passes(row, stage)
            if passed is None:
                counts[stage] = None
            elif counts[stage] is not None:
                counts[stage] = (counts[stage] or 0) + int(passed)
    return out


def markdown_table(record: dict[str, Any]) -> str:
    """The README's table: each stage, with how many cards of each set pass it (and, under it, what the
    engines' own implementations were read from)."""
    counts = record["totals"]
    codes = sorted(counts)
    head = "| of the corpus's cards | " + " | ".join(f"{code} ({counts[code]['cards']})" for code in codes) + " |"
    lines = [head, "| --- |" + " --- |" * len(codes)]
    for stage, label in STAGES:
        cells = [NOT_MEASURED if counts[code][stage] is None else
                 f"{counts[code][stage]} ({100 * counts[code][stage] // max(counts[code]['cards'], 1)}%)"
                 for code in codes]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    against = record.get("against") or {}
    if against:
        lines += ["", "Compared with " + "; ".join(f"{engine}: {where}" for engine, where in sorted(against.items()))
                  + "."]
    return "\n".join(lines)


def unread_words(rows: Iterable[CardRow]) -> list[tuple[str, int, int]]:
    """(the words the drafter stopped at, lines, cards that only those words keep from being drafted),
    most frequent first."""
    lines: Counter[str] = Counter()
    alone: Counter[str] = Counter()
    for row in rows:
        keys = [_words(item) for item in row.todo]
        lines.update(keys)
        if keys and len(set(keys)) == 1:
            alone[keys[0]] += 1
    return sorted(((key, count, alone[key]) for key, count in lines.items()),
                  key=lambda item: (-item[2], -item[1], item[0]))


def _words(todo: str) -> str:
    """The first words (up to six) the drafter did not understand."""
    why = todo.split(" :: ", 1)[-1]
    if "words from '" in why:
        quoted = why.split("words from '", 1)[1].split("'", 1)[0]
        return " ".join(quoted.split()[:6]) or "(an empty reading)"
    return why[:60]


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def print_rows(rows: list[CardRow], out: Any = None) -> None:
    out = out or sys.stdout
    width = max([len(row.name) for row in rows] + [4])
    columns = ("set", "spec", "drafted", "validates", "forge", "xmage", "same_xmage", "same_forge", "scenarios")
    print(f"{'card':<{width}}  " + "  ".join(f"{column:<12}" for column in columns), file=out)
    for row in rows:
        scenarios = f"{row.scenarios_passed}/{row.scenarios}" if row.scenarios else "none"
        cells = [row.set, row.spec, _cell(row.drafted), _cell(row.validates), _cell(row.forge), _cell(row.xmage),
                 _cell(row.same_xmage), _cell(row.same_forge), scenarios]
        print(f"{row.name:<{width}}  " + "  ".join(f"{cell:<12}" for cell in cells), file=out)
    print(file=out)
    for code, counts in sorted(totals(rows).items()):
        cards = counts["cards"] or 0
        print(f"{code}: {cards} cards", file=out)
        for stage, label in STAGES:
            value = counts[stage]
            print(f"  {label}: " + (NOT_MEASURED if value is None else f"{value} of {cards}"), file=out)
    words = unread_words(rows)
    if words:
        print("\nwords the drafter stopped at (lines, cards only they keep from being drafted):", file=out)
        for key, count, alone in words:
            print(f"  {count:>3} {alone:>3}  {key}", file=out)


def record_of(rows: list[CardRow], against: dict[str, str] | None = None) -> dict[str, Any]:
    """The record: totals, each card's row, and what the engine folders were (`--xmage-from`, `--forge-from`)."""
    return {"totals": totals(rows), **({"against": against} if against else {}), "cards": [asdict(row) for row in rows]}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--data", type=Path, action="append", required=True, metavar="FILE",
                        help="A card data file (Scryfall's card format, a JSON array); repeatable.")
    parser.add_argument("--specs", type=Path, default=ROOT / "card_specs", help="The project's specs.")
    parser.add_argument("--scenarios", type=Path, default=ROOT / "scenarios", help="The project's scenarios.")
    parser.add_argument("--xmage", type=Path, metavar="DIR", help="An XMage checkout to compare with.")
    parser.add_argument("--forge", type=Path, metavar="DIR", help="A folder of Forge's own card scripts.")
    parser.add_argument("--xmage-from", metavar="TEXT", help="Where the XMage folder came from, for the record.")
    parser.add_argument("--forge-from", metavar="TEXT", help="Where the Forge folder came from, for the record.")
    parser.add_argument("--record", type=Path, metavar="FILE", help="Also write the rows and totals as JSON.")
    args = parser.parse_args(argv)
    for path in [*args.data, args.xmage, args.forge]:
        if path is not None and not path.exists():
            parser.error(f"{path} does not exist")
    sys.path.insert(0, str(ROOT))
    rows = measure(args.data, specs_root=args.specs, scenario_root=args.scenarios, xmage=args.xmage,
                   forge=args.forge)
    print_rows(rows)
    if args.record is not None:
        against = {engine: text for engine, text, folder in (("xmage", args.xmage_from, args.xmage),
                                                             ("forge", args.forge_from, args.forge))
                   if folder is not None and text}
        text = json.dumps(record_of(rows, against), indent=1, ensure_ascii=False) + "\n"
        args.record.write_text(text, encoding="utf-8", newline="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
