"""Name and path checks: a card's name is safe in engine fields, its file and folder follow from it.

File names, folders and XMage class names are derived from the card name (`cardgen.naming`), so the
checks here make sure the derivation is possible (no empty or Windows-reserved result, no character
that could escape a field or a folder) and that the spec file sits where the derivation says.
"""

from __future__ import annotations

from cardgen.diagnostics import Diagnostic
from cardgen.naming import WINDOWS_RESERVED, class_name, slug
from cardgen.spec.catalog import Catalog
from cardgen.spec.model import CreateToken, TokenDef
from cardgen.validate.charset import name_problems
from cardgen.validate.codes import diagnostic
from cardgen.validate.context import CardReport
from cardgen.validate.schema import location_of


def check_card_naming(report: CardReport, catalog: Catalog) -> None:
    check_card_names(report)
    check_card_sets(report, catalog)


def check_card_sets(report: CardReport, catalog: Catalog) -> None:
    """Each printing's set has a `set.yaml` in the catalog: the one per-card check that depends on other
    files (kept apart so a card's other results can be computed, and cached, from its file alone)."""
    for index, printing in enumerate(report.loaded.card.printings):
        if printing.set not in catalog.sets:
            report.add("CG404", f"set `{printing.set}` has no `set.yaml` (expected "
                       f"`{printing.set.lower()}/set.yaml`)", ("printings", index, "set"))


def check_card_names(report: CardReport) -> None:
    """The name, file and folder of one card, and the words of it engines put in fields."""
    card = report.loaded.card
    path = report.loaded.path
    problems = name_problems(card.name)
    if problems:
        report.add("CG405", f"card name {card.name!r} has {', '.join(problems)}", ("name",))
    name_slug = slug(card.name)
    if not name_slug:
        report.add("CG406", f"card name {card.name!r} has no ASCII letters or digits, so it gives no file name",
                   ("name",))
    elif name_slug in WINDOWS_RESERVED:
        report.add("CG406", f"card name {card.name!r} gives the file name `{name_slug}`, reserved on Windows",
                   ("name",))
    elif path.stem != name_slug and not problems:
        report.add("CG402", f"file `{path.name}` does not match the card name; rename it to `{name_slug}.yaml`",
                   ("name",))
    folders = sorted({printing.set.lower() for printing in card.printings})
    if path.parent.name not in folders:
        report.add("CG403", f"the card is in folder `{path.parent.name}/` but its printings are in "
                   f"{', '.join(f'`{f}/`' for f in folders)}; move it to one of those", ("printings",))
    for index, subtype in enumerate(card.subtypes):
        _engine_word(report, subtype, "subtype", ("subtypes", index))
    for site in report.sites():
        if isinstance(site.effect, CreateToken) and isinstance(site.effect.token, TokenDef):
            token = site.effect.token
            _engine_word(report, token.name, "token name", (*site.path, "token", "name"))
            for index, subtype in enumerate(token.subtypes):
                _engine_word(report, subtype, "token subtype", (*site.path, "token", "subtypes", index))


def _engine_word(report: CardReport, text: str, what: str, path: tuple) -> None:
    problems = name_problems(text)
    if problems:
        report.add("CG407", f"{what} {text!r} has {', '.join(problems)}", path)


def check_catalog_naming(catalog: Catalog) -> list[Diagnostic]:
    """Checks across files: one spec per card (and per output file name), sets in their own folders."""
    out: list[Diagnostic] = []
    seen: dict[tuple[str, str], tuple[str, str]] = {}
    for loaded in catalog.cards:
        name = loaded.card.name
        file = loaded.path.as_posix()
        keys = [(what, value) for what, value in (
            ("name", name.casefold()), ("file name", slug(name)), ("XMage class name", class_name(name))
        ) if value]
        clash = next((key for key in keys if key in seen), None)
        if clash is not None:
            other_name, other_file = seen[clash]
            detail = "" if clash[0] == "name" else f" ({other_name!r} and {name!r} give the same {clash[0]})"
            out.append(diagnostic("CG401", f"card {name!r} is already defined in {other_file}{detail}",
                                  location_of(file, loaded.positions, ("name",))))
        for key in keys:
            seen.setdefault(key, (name, file))
    out.extend(_shared_collector_numbers(catalog))
    for code, loaded_set in catalog.sets.items():
        file = loaded_set.path.as_posix()
        if loaded_set.path.parent.name != code.lower():
            out.append(diagnostic("CG408", f"set `{code}` is in folder `{loaded_set.path.parent.name}/`; move it "
                                  f"to `{code.lower()}/set.yaml`", location_of(file, loaded_set.positions, ("code",))))
        problems = name_problems(loaded_set.info.name)
        if problems:
            out.append(diagnostic("CG407", f"set name {loaded_set.info.name!r} has {', '.join(problems)}",
                                  location_of(file, loaded_set.positions, ("name",))))
    return out


def _shared_collector_numbers(catalog: Catalog) -> list[Diagnostic]:
    """Two different cards may not share a set and collector number: engines key printings on it (Forge's
    edition lines, XMage's SetCardInfo), so the second card would shadow the first."""
    out: list[Diagnostic] = []
    owner: dict[tuple[str, str], tuple[str, str]] = {}
    for loaded in catalog.cards:
        for index, printing in enumerate(loaded.card.printings):
            key = (printing.set, printing.number)
            first = owner.setdefault(key, (loaded.card.name, loaded.path.as_posix()))
            if first[0] != loaded.card.name:
                out.append(diagnostic(
                    "CG409", f"{printing.set} #{printing.number} is already {first[0]!r}'s collector number "
                    f"(in {first[1]}); give this printing its own number",
                    location_of(loaded.path.as_posix(), loaded.positions, ("printings", index, "number"))))
    return out
