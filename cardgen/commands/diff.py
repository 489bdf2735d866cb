"""`cardgen diff`: compare generated cards with an engine checkout, card by card, in meaning.

Each spec is rendered with the engine's backend, the generated file is read back with the same backend's
reader, and so is the checkout's file for the same card (found by file name, confirmed by card name,
else by reading the checkout). Both read cards are compared with `cardgen.canonical.meaning_diff`, so
layout, parameter order, SVar names and descriptions never count — only what the card does. The AI and
deck-building hints (Forge's `IsCurse$`, `DeckHas:`, AI SVars) change nothing the card does, so they are
compared apart: a card whose meaning is the same but whose hints are not is listed as "same meaning, other
hints", with each hint only one side has, and does not change the exit code.

Exit codes: 0 same meaning everywhere, 1 any difference (or a card missing from the checkout, unless
`--ignore-missing`, or a construct the reader could not understand), 2 usage error.
"""

from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cardgen.commands.common import load_validated, spec_paths_argument
from cardgen.commands.reporting import Reporter, report_options

if TYPE_CHECKING:
    from cardgen.engines.base import Backend, ReadResult
    from cardgen.model.card import Card
    from cardgen.model.catalog import Catalog


@dataclass
class CardReport:
    """The outcome for one card: `status` is same, hints (the same meaning, other AI or deck-building hints),
    differs, missing, unreadable or unrendered."""

    name: str
    status: str
    lines: list[str] = field(default_factory=list)
    checkout_file: Path | None = None


class CheckoutIndex:
    """The checkout's card files, looked up by file name first and by card name as a fallback; each file
    is read at most once."""

    def __init__(self, backend: Backend, root: Path) -> None:
        self.backend = backend
        self.files = backend.card_files(root)
        self.by_basename: dict[str, list[Path]] = {}
        for path in self.files:
            self.by_basename.setdefault(path.name.lower(), []).append(path)
        self.read_cache: dict[Path, ReadResult] = {}
        self.by_name: dict[str, Path] | None = None

    def read(self, path: Path) -> ReadResult:
        if path not in self.read_cache:
            self.read_cache[path] = self.backend.read_card(path)
        return self.read_cache[path]

    def find(self, name: str, basename: str) -> Path | None:
        for path in self.by_basename.get(basename.lower(), []):
            result = self.read(path)
            if result.card is not None and result.card.name == name:
                return path
        if self.by_name is None:
            self.by_name = {}
            quick = getattr(self.backend, "card_name", None)  # optional: a name without a full read
            for path in self.files:
                if quick is not None:
                    found_name = quick(path)
                else:
                    result = self.read(path)
                    found_name = result.card.name if result.card is not None else None
                if found_name is not None:
                    self.by_name.setdefault(found_name, path)
        return self.by_name.get(name)


def compare_card(backend: Backend, card: Card, generated_text: str, index: CheckoutIndex, workdir: Path
                 ) -> CardReport:
    """Read the generated text and the checkout's file for `card` and compare their meanings."""
    from cardgen.canonical import meaning_diff

    relative = backend.card_path(card)
    generated_path = workdir / relative
    generated_path.parent.mkdir(parents=True, exist_ok=True)
    generated_path.write_text(generated_text, encoding="utf-8", newline="\n")
    generated = backend.read_card(generated_path)
    if generated.card is None or any(d.severity == "error" for d in generated.diagnostics):
        problems = [f"{d.code} {d.message}" for d in generated.diagnostics]
        return CardReport(card.name, "unreadable", [f"the generated file does not read back: {p}" for p in problems])
    found = index.find(card.name, Path(relative).name)
    if found is None:
        return _not_found(card.name, Path(relative).name, index)
    checkout = index.read(found)
    errors = [d for d in checkout.diagnostics if d.severity == "error"]
    notes = [f"note: {d.code} {d.message}" for d in checkout.diagnostics if d.severity != "error"]
    if checkout.card is None or errors:
        lines = [f"the reader does not understand the checkout's file: {d.code} {d.message}" for d in errors]
        return CardReport(card.name, "unreadable", lines + notes, found)
    differences = meaning_diff(generated.card, checkout.card, labels=("generated", "checkout"))
    hints = _hint_differences(backend, generated_text, found)
    if differences:
        return CardReport(card.name, "differs", differences + hints + notes, found)
    if hints:
        return CardReport(card.name, "hints", hints + notes, found)
    return CardReport(card.name, "same", notes, found)


def _hint_differences(backend: Backend, generated_text: str, found: Path) -> list[str]:
    """The AI and deck-building hints only one side carries (`hint: only in checkout: Pump: IsCurse$ True`):
    they change nothing the card does, so they are no difference in meaning, but they are not "same"
    either. Empty for an engine whose files carry no such hints."""
    from cardgen.inputs import ENGINE_FILE_LIMIT, Refusal, read_text

    hint_lines = getattr(backend, "hint_lines", None)
    if hint_lines is None:
        return []
    text = read_text(found, ENGINE_FILE_LIMIT)
    if isinstance(text, Refusal):
        return []
    ours, theirs = set(hint_lines(generated_text)), set(hint_lines(text))
    return ([f"hint: only in generated: {line}" for line in sorted(ours - theirs)]
            + [f"hint: only in checkout: {line}" for line in sorted(theirs - ours)])


def _not_found(name: str, basename: str, index: CheckoutIndex) -> CardReport:
    """No checkout file reads back as `name`. A file with our file name that the reader cannot read is
    not a missing card but one we could not compare (say so, with why); one that reads as another name
    is named, so the user sees the near miss."""
    for path in index.by_basename.get(basename.lower(), []):
        result = index.read(path)
        errors = [d for d in result.diagnostics if d.severity == "error"]
        if result.card is None or errors:
            lines = [f"the reader does not understand the checkout's file: {d.code} {d.message}" for d in errors]
            return CardReport(name, "unreadable", lines or ["the reader could not read the checkout's file"], path)
        return CardReport(name, "missing", [f"missing in checkout ({path.name} names {result.card.name!r}, "
                                            f"not {name!r})"])
    return CardReport(name, "missing", [f"missing in checkout (no {basename} named {name!r})"])


def _note_known_deviations(reports: list[CardReport], catalog: Catalog, backend: Backend) -> None:
    """A card whose checkout file differs because of a recorded deviation of the engine's own script or
    class of it (`cardgen.deviations`, scope card_script or card_class) says so: the difference stays a
    difference, and the note names the record."""
    from cardgen import deviations

    stems: dict[str, str] = {}
    for entry in deviations.load().deviations:
        if entry.engine == backend.name and entry.scope != "framework":
            for ref in entry.scenarios:
                stems.setdefault(Path(ref.file).stem, entry.id)
    by_id = {entry.id: entry for entry in deviations.load().deviations}
    files = {loaded.card.name: Path(loaded.path).stem for loaded in catalog.cards}
    for report in reports:
        found = stems.get(files.get(report.name, ""))
        if found is not None and report.status in ("differs", "unreadable"):
            report.lines.append(f"note: a known deviation of the engine's own card ({found}): "
                                f"{by_id[found].reason()}")


@click.command("diff")
@spec_paths_argument
@click.option("--engine", type=click.Choice(["forge", "xmage"]), required=True, help="Which engine's files.")
@click.option("--against", "against", required=True,
              type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="An engine checkout (or any folder of that engine's card files).")
@click.option("--set", "set_codes", multiple=True, metavar="CODE",
              help="Only cards with a printing in this set (repeatable).")
@click.option("--ignore-missing", is_flag=True,
              help="Cards absent from the checkout are listed but do not make the exit code 1.")
@report_options(strict=False)
def diff(paths: tuple[Path, ...], engine: str, against: Path, set_codes: tuple[str, ...],
         ignore_missing: bool, reporter: Reporter) -> None:
    """Compare generated cards with an engine checkout, card by card, in meaning (not layout).

    Each card that differs, is missing or cannot be read is listed with why; -v lists the cards that
    mean the same too.

    \b
    Examples:
      cardgen diff --engine forge --against ~/forge
      cardgen diff --engine forge --against ../shared/reference/forge-scripts --ignore-missing -v
    """
    from cardgen.engines import load_backend

    catalog, failed = load_validated(paths, reporter, engines=[engine])
    if failed:
        reporter.summary()
        reporter.say("diff: specs have errors; fix them (cardgen validate) and rerun.", err=True)
        sys.exit(1)
    wanted = frozenset(code.upper() for code in set_codes) or None
    try:
        backend = load_backend(engine)
    except ImportError as error:
        reporter.say(f"diff: the {engine} backend is not available ({error}).", err=True)
        sys.exit(1)
    rendered = backend.render(catalog, wanted)
    render_errors = {d.location.file if d.location else "": d for d in rendered.diagnostics if d.severity == "error"}
    index = CheckoutIndex(backend, against)
    for path, why in getattr(backend, "skipped_files", []):
        reporter.say(f"diff: note: skipped {path}: {why}", err=True)
    reports: list[CardReport] = []
    with tempfile.TemporaryDirectory(prefix="cardgen-diff-") as temporary:
        workdir = Path(temporary)
        for loaded in sorted(catalog.cards, key=lambda item: item.card.name):
            card = loaded.card
            if wanted is not None and not any(p.set in wanted for p in card.printings):
                continue
            text = rendered.files.get(backend.card_path(card))
            if text is None:
                problem = render_errors.get(str(loaded.path))
                reports.append(CardReport(card.name, "unrendered",
                                          [f"not rendered: {problem.message}" if problem else "not rendered"]))
                continue
            reports.append(compare_card(backend, card, text, index, workdir))
    _note_known_deviations(reports, catalog, backend)
    failing = {"differs", "unreadable", "unrendered"} | (set() if ignore_missing else {"missing"})
    for report in reports:
        if report.status == "same" and not reporter.verbose:
            continue  # a hint difference is always listed: it is not "same"
        where = f" ({report.checkout_file})" if report.checkout_file and report.status != "same" else ""
        shown = report.status in failing or report.status == "hints"
        status = "same meaning, other hints" if report.status == "hints" else report.status
        reporter.say(f"{report.name}: {status}{where}", always=shown)
        for line in report.lines:
            reporter.say(f"    {line}", always=shown)
    counts = {status: sum(1 for r in reports if r.status == status)
              for status in ("same", "hints", "differs", "missing", "unreadable", "unrendered")}
    reporter.summary()
    reporter.say(f"{len(reports)} cards: " + ", ".join(
        f"{n} {'with other hints' if status == 'hints' else status}" for status, n in counts.items() if n))
    reporter.extra["cards"] = [{"card": r.name, "status": r.status, "lines": r.lines,
                                "checkout_file": str(r.checkout_file) if r.checkout_file else None} for r in reports]
    if any(report.status in failing for report in reports):
        sys.exit(1)
