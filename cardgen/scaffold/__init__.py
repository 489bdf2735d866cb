"""Scaffold a card spec from downloaded card data (`cardgen new`).

`plan_new` does all the reading and deciding and returns what would be written; `write_new` writes it.
Keeping them apart lets `--dry-run` and the tests see the exact text without touching the disk, and means
nothing is written unless every check passed. Never touches the network: the user downloads Scryfall bulk
data or MTGJSON AllPrintings once and points `--data` (or `CARDGEN_CARD_DATA`) at it.
"""

from __future__ import annotations

import contextlib
import datetime
import difflib
import os
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field, fields, is_dataclass
from pathlib import Path

import yaml
from pydantic import ValidationError

from cardgen.model.card import Card, SetInfo
from cardgen.naming import slug
from cardgen.scaffold.build import Scaffold, build_scaffold, set_data
from cardgen.scaffold.emit import EmitError, set_yaml, spec_yaml
from cardgen.scaffold.sources import FORMAT_LABELS, CardDataError, Lookup, find_printings, name_key

SET_CODE = re.compile(r"^[A-Z0-9]{2,6}$")


class ScaffoldError(Exception):
    """A reason `cardgen new` cannot write the spec. `usage` marks a problem with the command line
    (exit 2) rather than with the data or the card (exit 1)."""

    def __init__(self, message: str, *, usage: bool = False, code: str = "NEW002") -> None:
        super().__init__(message)
        self.usage = usage
        self.code = code


@dataclass(slots=True)
class NewPlan:
    """What `cardgen new` will write, and what it wants the user to know."""

    name: str
    set_code: str
    source_label: str
    spec_path: Path
    spec_text: str
    scaffold: Scaffold
    overwrite: bool
    set_path: Path | None = None
    set_text: str | None = None
    notes: list[str] = field(default_factory=list)


def suggestions(name: str, names: set[str], limit: int = 5) -> list[str]:
    """Card names close to `name` (difflib on the forgiving keys), best first."""
    by_key: dict[str, str] = {}
    for candidate in sorted(names):
        by_key.setdefault(name_key(candidate), candidate)
    close = difflib.get_close_matches(name_key(name), list(by_key), n=limit, cutoff=0.6)
    return [by_key[key] for key in close]


def _spelled(name: str) -> str:
    """`name` quoted, its characters other than printable ASCII named (`U+00A0 NO-BREAK SPACE`)."""
    odd = sorted({char for char in name if not (char.isascii() and char.isprintable())})
    named = "; ".join(f"U+{ord(char):04X} {unicodedata.name(char, 'unnamed')}" for char in odd)
    return f"{name!r}" + (f" (with {named})" if named else "")


def _known_sets(out_dir: Path) -> frozenset[str]:
    """Set codes that already have `<out>/<code lower>/set.yaml`."""
    if not out_dir.is_dir():
        return frozenset()
    return frozenset(path.parent.name.upper() for path in out_dir.glob("*/set.yaml"))


def _existing_elsewhere(out_dir: Path, file_name: str, target: Path) -> list[Path]:
    if not out_dir.is_dir():
        return []
    return sorted(path for path in out_dir.glob(f"*/{file_name}") if path != target)


def _check_spec(text: str) -> None:
    """The scaffold must load as a spec; if the card's printed facts do not fit the spec format (an
    unsupported card type, a P/T like `1+*`), say which field, instead of writing a broken file."""
    try:
        Card.model_validate(yaml.safe_load(text))
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in item['loc'])}: {item['msg']} (got {item['input']!r})"
            for item in error.errors()
        )
        raise ScaffoldError(f"the spec format cannot express this card as printed: {problems}") from None


MAX_ORACLE = 5000
"""The spec's limit on `oracle` (`cardgen.model.card`), checked before drafting: the drafter's work
grows with the text, and a text the spec can't hold is refused anyway."""
MAX_SUBTYPES = 20
MAX_NAME = 141
"""The spec's limit on `name` (`CardName` in `cardgen.model.card`)."""


def _check_sizes(lookup: Lookup) -> None:
    """Refuse card data larger than any spec can hold before any work is done on it."""
    for printing in lookup.printings:
        if len(printing.oracle) > MAX_ORACLE:
            raise ScaffoldError(f"{printing.name[:80]!r}: the oracle text is {len(printing.oracle)} characters; a "
                                f"spec holds at most {MAX_ORACLE} (is the card data right?)")
        if len(printing.subtypes) > MAX_SUBTYPES:
            raise ScaffoldError(f"{printing.name[:80]!r} has {len(printing.subtypes)} subtypes; a spec holds at "
                                f"most {MAX_SUBTYPES} (is the card data right?)")


def _strings(value: object, where: str) -> Iterator[tuple[str, str]]:
    """Every text of a printing as (field, text): its own fields, its set's and its translations'."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            yield from _strings(item, f"{where}[{index}]")
    elif is_dataclass(value) and not isinstance(value, type):
        for entry in fields(value):
            yield from _strings(getattr(value, entry.name), f"{where}.{entry.name}" if where else entry.name)


def _check_characters(lookup: Lookup) -> None:
    """Refuse card data holding a control character (ESC, BEL, NUL, ...; a line break only between oracle
    lines) or a lone surrogate (an escaped `\\ud800` in JSON): no card prints one, and a spec can't hold it."""
    for printing in lookup.printings:
        for where, text in _strings(printing, ""):
            bad = next((char for char in text if unicodedata.category(char) in ("Cc", "Cs")
                        and not (char == "\n" and where.endswith("oracle"))), None)
            if bad is not None:
                kind = "a lone surrogate" if unicodedata.category(bad) == "Cs" else "a control character"
                what = unicodedata.name(bad, kind)
                raise ScaffoldError(f"{printing.name[:80]!r}: the card data's `{where}` holds U+{ord(bad):04X} "
                                    f"({what}), a character no card prints; fix the data file", code="NEW003")


def _choose_set(lookup: Lookup, set_code: str | None) -> str:
    printed_in = sorted({p.set_code for p in lookup.printings})
    if set_code is None:
        if len(printed_in) == 1:
            return printed_in[0]
        raise ScaffoldError(
            f"{lookup.printings[0].name} is printed in {', '.join(printed_in)}: choose the spec's set with "
            f"--set (e.g. --set {printed_in[0]})",
            usage=True,
        )
    if set_code not in printed_in:
        raise ScaffoldError(
            f"{lookup.printings[0].name} has no printing in {set_code} in this card data; "
            f"it is printed in {', '.join(printed_in)}"
        )
    return set_code


def plan_new(name: str, data_path: Path, set_code: str | None, out_dir: Path, *, force: bool = False,
             dry_run: bool = False, author: str | None = None) -> NewPlan:
    """Find `name` in the card data file and prepare its spec (and `set.yaml` if the set has none).

    Raises ScaffoldError for anything that stops it; writes nothing. With `dry_run` an existing spec
    file does not stop it (the draft is only shown): the plan's notes say what a real run would refuse.
    """
    name = name.strip()
    if not name:
        raise ScaffoldError("the card name is empty", usage=True)
    if len(name) > MAX_NAME:  # not echoed: a message as long as the input helps no one
        raise ScaffoldError(f"the card name is {len(name)} characters; a card name has at most {MAX_NAME}",
                            usage=True)
    if set_code is not None:
        set_code = set_code.strip().upper()
        if not SET_CODE.match(set_code):
            raise ScaffoldError(f"--set {set_code!r} is not a set code (2-6 letters or digits, e.g. BLB)", usage=True)
    try:
        lookup = find_printings(data_path, name)
    except CardDataError as error:
        raise ScaffoldError(str(error)) from None
    if lookup.twins:
        shown = ", ".join(_spelled(twin) for twin in lookup.twins)
        raise ScaffoldError(f"{name!r} matches {len(lookup.twins)} different cards in {data_path} whose names "
                            f"differ only in case, spacing or accents: {shown}; give the exact name")
    if not lookup.printings:
        close = suggestions(name, lookup.names)
        hint = f" Did you mean: {'; '.join(close)}?" if close else ""
        raise ScaffoldError(f"no card named {name!r} in {data_path}.{hint}")
    if any(p.multiface for p in lookup.printings):
        raise ScaffoldError(
            f"{lookup.printings[0].name} has several faces (split, adventure or double-faced); the spec format "
            "describes single-faced cards only"
        )
    chosen_set = _choose_set(lookup, set_code)
    _check_sizes(lookup)
    _check_characters(lookup)
    source_label = FORMAT_LABELS[lookup.format]
    known = _known_sets(out_dir)
    try:
        scaffold = build_scaffold(lookup.printings, chosen_set, known)
        if author:  # [tool.cardgen] author: the spec's author, credited by XMage's `@author`
            scaffold.spec["author"] = author
        text = spec_yaml(scaffold, source_label)
    except (ValueError, EmitError) as error:
        raise ScaffoldError(f"{lookup.printings[0].name}: {error}") from None
    _check_spec(text)

    card_name = scaffold.spec["name"]
    if not slug(card_name):
        raise ScaffoldError(f"{card_name!r} gives an empty file name")
    folder = out_dir / chosen_set.lower()
    file_name = f"{slug(card_name)}.yaml"
    spec_path = folder / file_name
    refusals = []
    elsewhere = _existing_elsewhere(out_dir, file_name, spec_path)
    if elsewhere:
        refusals.append(f"{card_name} already has a spec at {elsewhere[0]}: a card is specified once; add the "
                        f"{chosen_set} printing there (or delete that file first)")
    if spec_path.exists() and not force:
        refusals.append(f"{spec_path} already exists; pass --force to overwrite it")
    if refusals and not dry_run:
        raise ScaffoldError(refusals[0])

    plan = NewPlan(
        name=card_name,
        set_code=chosen_set,
        source_label=source_label,
        spec_path=spec_path,
        spec_text=text,
        scaffold=scaffold,
        overwrite=spec_path.exists(),
        notes=[*scaffold.notes, *(f"without --dry-run: {why}" for why in refusals)],
    )
    set_path = folder / "set.yaml"
    if chosen_set not in known and not set_path.exists():
        data, why_not = set_data(lookup.printings, chosen_set)
        if data is not None:
            try:
                SetInfo.model_validate(dict(data, release_date=datetime.date.fromisoformat(data["release_date"])))
                plan.set_path, plan.set_text = set_path, set_yaml(data, source_label)
            except (ValueError, ValidationError, EmitError) as error:
                why_not = f"the card data's set facts do not fit set.yaml ({error})".replace("\n", " ")
        if why_not:
            plan.notes.append(f"{set_path} was not written: {why_not}; write it by hand (name, code, "
                              "release_date, type), as in the other sets")
    return plan


def _link_in(root: Path, path: Path) -> Path | None:
    """The first symbolic link on the way from `root` (as given: the user chose it) to `path`, if any:
    `new` writes nothing through a link, as no reader of specs follows one out of its root."""
    current = root
    for part in path.relative_to(root).parts:
        current = current / part
        if current.is_symlink():
            return current
    return None


def write_new(plan: NewPlan) -> list[Path]:
    """Write the planned files (LF line ends, UTF-8) and return their paths: all or nothing, each through
    a temporary sibling renamed into place (never a partial or empty file), nothing through a symbolic
    link. Raises ScaffoldError (nothing written) when a file cannot be written."""
    from cardgen.output import discard_staged, stage_file

    root = plan.spec_path.parent.parent
    planned = [(path, text) for path, text in ((plan.set_path, plan.set_text), (plan.spec_path, plan.spec_text))
               if path is not None and text is not None]
    for path, _ in planned:
        link = _link_in(root, path)
        if link is not None:
            raise ScaffoldError(f"{link} is a symbolic link; cardgen new writes no file through a link "
                                "(remove it, or write the spec elsewhere with --out)")
    staged: list[str] = []
    made: list[Path] = []
    written: list[Path] = []
    try:
        folder = plan.spec_path.parent
        if not folder.is_dir():
            for parent in reversed([folder, *folder.parents]):
                if not parent.exists():
                    parent.mkdir()
                    made.append(parent)
        temporaries = [stage_file(str(path), text.encode("utf-8"), staged) for path, text in planned]
        for (path, _), temporary in zip(planned, temporaries, strict=True):
            os.replace(temporary, path)
            written.append(path)
    except OSError as error:
        discard_staged(staged)
        for path in written:
            path.unlink(missing_ok=True)
        for folder in reversed(made):
            with contextlib.suppress(OSError):
                folder.rmdir()
        where = f" ({error.filename})" if error.filename else ""
        raise ScaffoldError(f"cannot write the spec: {error.strerror or error}{where}; nothing was written") from None
    return written


__all__ = ["NewPlan", "ScaffoldError", "plan_new", "suggestions", "write_new"]
