"""Merging our edition lines into an existing Forge edition file, touching nothing else.

A real edition file is hand-kept: booster definitions, comments, `@Artist` credits, sections we never
write (`[tokens]`, `[full art]`, print sheets). So a merge works on rows: every existing row stays byte
for byte (its line ending too); our printings that Forge lacks are inserted into their section at the
position Forge's collector-number order gives them; a section Forge lacks is added next to its kin.
A row with the same collector number but another name (or rarity) is a conflict: refused, or replaced
with `force` (keeping the artist credit when only the rarity differed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

COLLECTOR_SECTIONS: tuple[str, ...] = (
    "cards", "special slot", "borderless", "etched", "showcase", "extended art", "alternate art",
    "alternate frame", "precon product", "buy a box", "promo", "bundle", "box topper", "dungeons",
)
"""Forge's sections that list printings with collector numbers, in the order a new one is placed."""
MATCHED_SECTIONS = frozenset({*COLLECTOR_SECTIONS, "rebalanced"})
"""Sections whose rows count when looking for a printing Forge already lists."""

_HEADER = re.compile(r"^\s*\[([^\]]+)\]\s*$")
_ROW = re.compile(
    r"^(?:(?P<number>[^\s@]*[0-9][^\s@]*)\s+)?(?:(?P<rarity>[SCURML])\s+)?(?P<name>[^@]*?)\s*(?:@(?P<artist>.*))?$"
)


@dataclass(frozen=True, slots=True)
class EditionRow:
    """One printing row: `86 R Coiling Rebirth @Rovina Cai` (number, rarity and artist optional)."""

    number: str | None
    rarity: str | None
    name: str
    artist: str | None = None

    def render(self) -> str:
        parts = [part for part in (self.number, self.rarity, self.name) if part]
        text = " ".join(parts)
        return f"{text} @{self.artist}" if self.artist else text


def parse_row(row: str) -> EditionRow | None:
    """A printing row, or None for blank lines, comments and rows that name no card."""
    text = row.strip()
    if not text or text.startswith("#") or _HEADER.match(text):
        return None
    match = _ROW.match(text)
    if match is None or not match["name"]:
        return None
    artist = match["artist"].strip() if match["artist"] is not None else None
    return EditionRow(match["number"], match["rarity"], match["name"], artist or None)


def sortable_number(number: str | None) -> str:
    """Forge's sort key of a collector number: digits zero-padded to five, letters kept where they were
    (`9` -> `00009`, `12a` -> `00012a`, `WS6` -> `WS00006`); a row without a number sorts last."""
    if not number:
        return "50000"
    if number.isdigit():
        return f"{int(number):05d}"
    letters = re.sub(r"[0-9]", "", number)
    digits = re.sub(r"[^0-9]", "", number)
    value = int(digits) if digits else 0
    if value > 0 and number.startswith(digits):
        return f"{value:05d}{letters}"
    return f"{letters}{value:05d}"


@dataclass(slots=True)
class Section:
    title: str
    header: int
    """Row index of the `[title]` row."""
    end: int
    """Row index of the next header (or the end of the file)."""

    @property
    def key(self) -> str:
        return self.title.strip().lower()


def split_rows(text: str) -> list[str]:
    """Rows split on LF only (a CR of a CRLF file stays on its row, so untouched rows keep their bytes);
    a file ending in a newline yields a final empty row."""
    return text.split("\n")


def sections(rows: list[str]) -> list[Section]:
    found: list[Section] = []
    for index, row in enumerate(rows):
        # a file saved with a UTF-8 byte order mark (Windows editors) starts with U+FEFF: read past it,
        # and keep it, as every row is kept
        match = _HEADER.match(row.rstrip("\r").removeprefix("\ufeff") if index == 0 else row.rstrip("\r"))
        if match:
            if found:
                found[-1].end = index
            found.append(Section(match.group(1), index, len(rows)))
    return found


def metadata_value(text: str, key: str) -> str | None:
    """A `Key=value` of the `[metadata]` section (Forge reads keys case-insensitively)."""
    rows = split_rows(text)
    for section in sections(rows):
        if section.key != "metadata":
            continue
        for row in rows[section.header + 1:section.end]:
            name, sep, value = row.strip().partition("=")
            if sep and name.strip().lower() == key.lower():
                return value.strip()
    return None


@dataclass(slots=True)
class OurSection:
    title: str
    rows: list[EditionRow]


def our_sections(text: str) -> list[OurSection]:
    """The printing sections of a rendered edition file (metadata is Forge's to keep)."""
    rows = split_rows(text)
    found = []
    for section in sections(rows):
        if section.key in MATCHED_SECTIONS:
            parsed = [parse_row(row) for row in rows[section.header + 1:section.end]]
            found.append(OurSection(section.title.strip(), [row for row in parsed if row is not None]))
    return found


@dataclass(slots=True)
class EditionMerge:
    """The merged text and what changed; `conflicts` are refused unless the merge was forced, in which
    case they are also listed in `replaced`."""

    text: str
    inserted: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    added_sections: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.inserted or self.replaced)


def _differs(existing: EditionRow, ours: EditionRow) -> bool:
    if existing.name != ours.name:
        return True
    return existing.rarity is not None and ours.rarity is not None and existing.rarity != ours.rarity


def merge_edition(existing: str, rendered: str, *, force: bool = False) -> EditionMerge:
    """Insert the printings of `rendered` that `existing` lacks; see the module docstring."""
    rows = split_rows(existing)
    cr = "\r" if any(row.endswith("\r") for row in rows) else ""
    found = sections(rows)
    by_key: dict[str, Section] = {}
    for section in found:
        by_key.setdefault(section.key, section)
    listed = {(row.number, row.name)
              for section in found if section.key in MATCHED_SECTIONS
              for row in _section_rows(rows, section).values()}

    result = EditionMerge(existing)
    inserts: dict[int, list[tuple[tuple[str, str], str]]] = {}
    replacements: dict[int, str] = {}
    for ours in our_sections(rendered):
        theirs = by_key.get(ours.title.lower())
        if theirs is None:
            missing = [row for row in ours.rows if (row.number, row.name) not in listed]
            if missing:
                position, rank, block = _new_section(rows, found, OurSection(ours.title, missing), cr)
                inserts.setdefault(position, []).append((("\uffff", f"{rank:03d}"), "\n".join(block)))
                result.inserted.extend(row.render() for row in missing)
                result.added_sections.append(ours.title)
            continue
        present = _section_rows(rows, theirs)
        for row in ours.rows:
            clashes = [] if row.number is None else [
                (index, old) for index, old in present.items() if old.number == row.number]
            if any(not _differs(old, row) for _, old in clashes):
                continue
            if not clashes:
                if (row.number, row.name) not in listed:
                    position = _position(present, row, theirs)
                    key = (sortable_number(row.number), row.name)
                    inserts.setdefault(position, []).append((key, row.render() + cr))
                    result.inserted.append(row.render())
                continue
            for index, old in clashes:
                result.conflicts.append(f"[{theirs.title.strip()}] {rows[index].strip()!r} (ours: {row.render()!r})")
                if force:
                    kept = old.artist if old.name == row.name else None
                    replacement = EditionRow(row.number, row.rarity, row.name, kept).render()
                    replacements[index] = _indent_like(rows[index]) + replacement + cr
                    result.replaced.append(replacement)
    if not result.changed:
        return result
    open_end = rows[-1] != ""
    # The file does not end with a newline: a row appended after its last row must first end it.
    if open_end and len(rows) in inserts:
        last = len(rows) - 1
        replacements[last] = replacements.get(last, rows[last]) + cr
    output: list[str] = []
    for index in range(len(rows) + 1):
        for _, text in sorted(inserts.get(index, []), key=lambda item: item[0]):
            output.append(text)
        if index < len(rows):
            output.append(replacements.get(index, rows[index]))
    if open_end and len(rows) in inserts:
        output.append("")
    result.text = "\n".join(output)
    return result


def _section_rows(rows: list[str], section: Section) -> dict[int, EditionRow]:
    parsed = {}
    for index in range(section.header + 1, section.end):
        row = parse_row(rows[index])
        if row is not None:
            parsed[index] = row
    return parsed


def _position(present: dict[int, EditionRow], row: EditionRow, section: Section) -> int:
    """Before the first row that sorts after `row`; else after the section's last printing row."""
    key = sortable_number(row.number)
    for index, old in present.items():
        if sortable_number(old.number) > key:
            return index
    return max(present) + 1 if present else section.header + 1


def _indent_like(row: str) -> str:
    return row[:len(row) - len(row.lstrip())]


def _new_section(rows: list[str], found: list[Section], ours: OurSection, cr: str) -> tuple[int, int, list[str]]:
    """Where a section Forge lacks goes - after the last kin section that comes before it in
    `COLLECTOR_SECTIONS`, else before the first that comes after it, else at the end of the file - its
    rank in that order, and its rows (with a blank row between it and its neighbours)."""
    order = {title: rank for rank, title in enumerate(COLLECTOR_SECTIONS)}
    rank = order.get(ours.title.lower(), len(order))
    earlier = [s for s in found if s.key in order and order[s.key] < rank]
    later = [s for s in found if s.key in order and order[s.key] > rank]
    body = [f"[{ours.title}]{cr}", *(row.render() + cr for row in ours.rows)]
    if earlier:
        after = max(earlier, key=lambda s: s.header)
        following = [s for s in found if s.header > after.header]
        if following:
            return following[0].header, rank, [*body, cr]
    elif later:
        return min(later, key=lambda s: s.header).header, rank, [*body, cr]
    end = len(rows) - 1 if rows[-1] == "" else len(rows)
    lead = [cr] if end > 0 and rows[end - 1].strip() else []
    return end, rank, [*lead, *body]
