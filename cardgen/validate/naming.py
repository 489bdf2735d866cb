"""Name and path checks: a card's name is safe in engine fields, its file and folder follow from it.

File names, folders and XMage class names are derived from the card name (`cardgen.naming`), so the
checks here make sure the derivation is possible (no empty or Windows-reserved result, no character
that could escape a field or a folder) and that the spec file sits where the derivation says.

Of each effect's construct it reads `checks.engine_words` (`EffectChecks`, `cardgen.vocab.construct`).
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterator

from cardgen import vocab
from cardgen.derived import Derived, card_names, engine_owned_sets, set_names
from cardgen.diagnostics import Diagnostic, Location, NodePath, Positions
from cardgen.engines.forge.edition import edition_file_name
from cardgen.engines.xmage.names import HELPER_ROLES, class_name_problem, taken_class_name
from cardgen.load.codes import diagnostic
from cardgen.load.schema_errors import location_of
from cardgen.model.catalog import Catalog
from cardgen.naming import WINDOWS_RESERVED, fold, skeleton, slug
from cardgen.validate.charset import name_problems
from cardgen.validate.context import CardReport


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
    problems = name_problems(card.name, card=True)
    if problems:
        report.add("CG405", f"card name {card.name!r} has {', '.join(problems)}", ("name",))
    name_slug = slug(card.name)
    if not name_slug:
        report.add("CG406", f"card name {card.name!r} has no ASCII letters or digits, so it gives no file name",
                   ("name",))
    elif path.stem != name_slug and not problems:
        report.add("CG402", f"file `{path.name}` does not match the card name; rename it to `{name_slug}.yaml`",
                   ("name",))
    folders = sorted({printing.set.lower() for printing in card.printings})
    if path.parent.name not in folders:
        report.add("CG403", f"the card is in folder `{path.parent.name}/` but its printings are in "
                   f"{', '.join(f'`{f}/`' for f in folders)}; move it to one of those", ("printings",))
    for index, subtype in enumerate(card.subtypes):
        _engine_word(report, subtype, "subtype", ("subtypes", index), word=True)
    for site in report.sites():
        named = vocab.of(site.effect).checks.engine_words
        for what, text, field_path, word in named(site.effect) if named is not None else ():
            _engine_word(report, text, what, (*site.path, *field_path), word=word)


def _engine_word(report: CardReport, text: str, what: str, path: NodePath, *, word: bool = False) -> None:
    """`word`: a subtype, which Forge's `Types:` line separates from the next by a space, so it may not
    hold one (`Time Lord` would be read as the two subtypes `Time` and `Lord`)."""
    problems = name_problems(text)
    if word and any(char.isspace() for char in text.strip()):
        problems.append("a space (Forge's type line would read it as two subtypes)")
    if problems:
        report.add("CG407", f"{what} {text!r} has {', '.join(problems)}", path)


def check_catalog_naming(catalog: Catalog) -> list[Diagnostic]:
    """Checks across files: one spec per card, every derived file and class name unique and safe, sets in
    their own folders."""
    out: list[Diagnostic] = []
    seen: dict[str, tuple[str, str]] = {}
    for loaded in catalog.cards:
        name = loaded.card.name
        file = loaded.path.as_posix()
        key = fold(name)
        if key in seen:
            other_name, other_file = seen[key]
            shown = "" if other_name == name else f" as {ascii(other_name)} (the same name in another case or " \
                f"Unicode form: {ascii(name)} here)"
            out.append(diagnostic("CG401", f"card {name!r} is already defined in {other_file}{shown}",
                                  location_of(file, loaded.positions, ("name",))))
        else:
            seen[key] = (name, file)
    out.extend(_lookalike_names(catalog))
    out.extend(_derived_names(catalog))
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


def _lookalike_names(catalog: Catalog) -> list[Diagnostic]:
    """CG412 for a card whose name looks like another card's (one UTS #39 skeleton, different folded
    names): export would write two cards players cannot tell apart. Same folded names are CG401's."""
    out: list[Diagnostic] = []
    seen: dict[str, tuple[str, str, str]] = {}
    for loaded in catalog.cards:
        name = loaded.card.name
        key, folded = skeleton(name), fold(name)
        first = seen.setdefault(key, (name, folded, loaded.path.as_posix()))
        if first[1] != folded:
            out.append(diagnostic("CG412", f"card {ascii(name)} looks like card {ascii(first[0])} in {first[2]} "
                                  f"(the same letters to a reader: Unicode's confusables)",
                                  location_of(loaded.path.as_posix(), loaded.positions, ("name",))))
    return out


class _Owner:
    """Who derived a name: a card or set, and where its name is written (looked up only for a message)."""

    __slots__ = ("label", "file", "positions")

    def __init__(self, label: str, file: str, positions: Positions) -> None:
        self.label = label
        self.file = file
        self.positions = positions

    @property
    def location(self) -> Location:
        return location_of(self.file, self.positions, ("name",))

    @property
    def where(self) -> str:
        loc = self.location
        return f"{loc.file}:{loc.line}:{loc.column}" if loc.line is not None else str(loc.file)


def _owners(catalog: Catalog) -> Iterator[tuple[_Owner, list[Derived]]]:
    """Every card and set with the names it derives; cards named like another card are left out (CG401
    already reports them, and they would derive the same names again)."""
    names: set[str] = set()
    for loaded in catalog.cards:
        name = loaded.card.name
        key = fold(name)
        if key in names:
            continue
        names.add(key)
        yield _Owner(f"card {name!r}", loaded.path.as_posix(), loaded.positions), card_names(name)
    for code, loaded_set in sorted(catalog.sets.items()):
        yield (_Owner(f"set {code} ({loaded_set.info.name!r})", loaded_set.path.as_posix(), loaded_set.positions),
               set_names(loaded_set.info))


_DIGITS = "0123456789"


def _derived_names(catalog: Catalog) -> list[Diagnostic]:
    """CG410 when two specs derive one name in one namespace (compared folded: a case-insensitive file
    system would write them to one file), CG406 for a Windows-reserved file name, CG411 for a Java class
    name that is not usable."""
    out: list[Diagnostic] = []
    exact: dict[tuple[str, str], tuple[_Owner, Derived, str]] = {}
    """(space, folded name) -> its first owner, the entry and the name as written."""
    stems: dict[tuple[str, str], tuple[_Owner, Derived, str]] = {}
    """The same, keyed on the name without trailing digits (`heisteffect2` under `heisteffect`)."""
    bases: dict[tuple[str, str], tuple[_Owner, Derived]] = {}
    """(space, folded name) of entries with suffixes: `heist` takes `heisteffect`, `heisteffect2`, ..."""
    engine_sets = engine_owned_sets(set(catalog.sets))
    known_sets = {fold(cls): code for code, cls, _ in engine_sets}
    out.extend(_sets_named_like_engine_sets(catalog, {fold(name): code for code, _, name in engine_sets}))
    reported: set[tuple[_Owner, object]] = set()
    """(owner, code or the other owner) already reported."""

    def report(owner: _Owner, code: str, message: str, key: object) -> None:
        if (owner, key) not in reported:  # `Con` gives con.txt and Con.java; a clash repeats per engine
            reported.add((owner, key))
            out.append(diagnostic(code, message, owner.location))

    for owner, derived_names in _owners(catalog):
        for derived in derived_names:
            space, key = derived.space, fold(derived.name)
            problem = _name_problem(derived)
            if problem is not None:
                report(owner, problem[0], f"{owner.label}: its {derived.what} {problem[1]}", problem[0])
                continue
            if space == "xmage:mage.sets" and key in known_sets:
                report(owner, "CG410", f"{owner.label} gives the {derived.what} `{derived.name}`, which XMage "
                       f"already has for set {known_sets[key]}; rename the set", "CG410")
                continue
            clash = _clash(exact, stems, bases, derived, space, key)
            if clash is not None and clash[0] is not owner:
                first, theirs, taken, ours = clash
                mine = f"`{ours}`" if ours == derived.name else f"`{derived.name}` (helper class `{ours}`)"
                report(owner, "CG410", f"{owner.label} gives the {derived.what} {mine} in {space.split(':', 1)[1]}, "
                       f"where {first.label} ({first.where}) already gives {_their(theirs, taken)}; "
                       "rename one of them", first)
                continue
            exact.setdefault((space, key), (owner, derived, derived.name))
            stems.setdefault((space, key.rstrip(_DIGITS)), (owner, derived, derived.name))
            if derived.suffixes:
                bases.setdefault((space, key), (owner, derived))
    return out


def _clash(exact: dict[tuple[str, str], tuple[_Owner, Derived, str]],
           stems: dict[tuple[str, str], tuple[_Owner, Derived, str]],
           bases: dict[tuple[str, str], tuple[_Owner, Derived]], derived: Derived, space: str,
           key: str) -> tuple[_Owner, Derived, str, str] | None:
    """The first owner of a name `derived` takes, as (owner, their entry, the name as they write it, the
    name as `derived` writes it)."""
    found = exact.get((space, key))
    if found is not None:
        return (*found, derived.name)
    stem = key.rstrip(_DIGITS)
    for suffix in _folded_suffixes():  # is it another entry's `<name><suffix><digits>`?
        if stem.endswith(suffix):
            base = bases.get((space, stem[:-len(suffix)]))
            role = next((s for s in base[1].suffixes if fold(s) == suffix), None) if base is not None else None
            if base is not None and role is not None:
                return base[0], base[1], f"{base[1].name}{role}{key[len(stem):]}", derived.name
    for role in derived.suffixes:  # does one of its helper names take a name another entry has?
        found = stems.get((space, key + fold(role)))  # fold(a + b) == fold(a) + fold(b) for these names
        if found is not None:
            return (*found, f"{derived.name}{role}{found[2][len(derived.name) + len(role):]}")
    return None


def _their(theirs: Derived, taken: str) -> str:
    if taken == theirs.name:
        return f"its {theirs.what} `{taken}`"
    return f"the helper class `{taken}` (of its {theirs.what} `{theirs.name}`)"


@functools.cache
def _folded_suffixes() -> tuple[str, ...]:
    return tuple(fold(role) for role in HELPER_ROLES)


def _sets_named_like_engine_sets(catalog: Catalog, known: dict[str, str]) -> list[Diagnostic]:
    """A new set may not take the name of a set the engines already have: Forge's edition file of that
    name would be replaced (or merged into) and XMage would list two sets of one name."""
    out: list[Diagnostic] = []
    for code, loaded_set in sorted(catalog.sets.items()):
        theirs = known.get(fold(loaded_set.info.name))
        if theirs is not None:
            out.append(diagnostic(
                "CG410", f"set {code} is named {loaded_set.info.name!r}, the name of the engines' set {theirs} "
                f"(Forge's `{edition_file_name(loaded_set.info)}`, XMage's {theirs} set class); use code {theirs} "
                "for that set, or give this one its own name",
                location_of(loaded_set.path.as_posix(), loaded_set.positions, ("name",))))
    return out


MAX_NAME_BYTES = 255
"""The longest file name common file systems take (ext4, APFS, NTFS: 255 bytes, or UTF-16 units, per name)."""


def _name_bytes(name: str) -> int:
    """The bytes `name` takes on disk under the normalization any file system may apply (NFC, NFD)."""
    return max(len(unicodedata.normalize(form, name).encode("utf-8")) for form in ("NFC", "NFD"))


def _name_problem(derived: Derived) -> tuple[str, str] | None:
    file_name = derived.file.rsplit("/", 1)[-1] if derived.file is not None else (
        f"{derived.name}.java" if derived.java is not None else None)
    if file_name is not None and _name_bytes(file_name) > MAX_NAME_BYTES:
        return "CG406", (f"file `{file_name[:40]}...` would be {_name_bytes(file_name)} bytes long; file "
                         f"systems take at most {MAX_NAME_BYTES} bytes per name, so export could not write it: "
                         "shorten the name")
    if derived.file is not None:
        stem = fold(derived.file.rsplit("/", 1)[-1]).split(".", 1)[0]
        if stem in WINDOWS_RESERVED:
            return "CG406", f"`{derived.file}` is a reserved file name on Windows"
    if derived.java is not None:
        problem = class_name_problem(derived.name, card=derived.java == "card")
        if problem is None:
            problem = next((f"takes the helper class name `{derived.name}{suffix}`, which would clash with "
                            f"{clash}" for suffix in derived.suffixes
                            if (clash := taken_class_name(derived.name + suffix)) is not None), None)
        if problem is not None:
            return "CG411", problem
    return None


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
