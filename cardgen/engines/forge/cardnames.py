"""Forge's translation files, `forge-gui/res/languages/cardnames-<lang>.txt`: what they hold and how.

Forge shows a card in the player's language from one line per card, `English name|translated
name|translated type line|translated rules text`, the rules text's lines joined by the two characters
`\\n`. How Forge reads them (`forge.util.CardTranslation.readTranslationFile`, Card-Forge/forge
050b1490baeecb46776d62f3205f57d0a91d72e1): the file as UTF-8, line by line; each line split on `|` (so a
`|` in any field ends it and shifts the rest); a `$` in the English name marks a functional variant;
in the rules text `//Level_2//\\n` and `//Level_3//\\n` are removed, `\\n` becomes a paragraph break and
the word `VERT` becomes `|` (die-roll tables). When a card is shown, its English oracle text is split on
`\\n` and line i paired with translated line i (`buildOracleMapping`), so a translation has exactly one
line per English line, in the same order. Forge keeps the lines in maps: their order in the file does
not matter to it, but its files keep one (`order_of`).

The languages are the files Forge ships (the same commit): de-DE, es-ES, fr-FR, it-IT, ja-JP, ko-KR,
pt-BR, zh-CN.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

LANGUAGES: tuple[str, ...] = ("de-DE", "es-ES", "fr-FR", "it-IT", "ja-JP", "ko-KR", "pt-BR", "zh-CN")
"""The languages of Forge's `cardnames-<lang>.txt` files."""

FOLDER = "forge-gui/res/languages"
"""Where a Forge checkout keeps them."""

LINE_BREAK = "\\n"
"""What stands between two lines of rules text in a translation line: a backslash and an `n`."""

REPLACED_WORDS = ("VERT", "//Level_2//", "//Level_3//")
"""Words Forge's reader replaces or removes in the rules text: a printed line holding one would be shown
changed."""


def file_name(language: str) -> str:
    """`cardnames-de-DE.txt`."""
    return f"cardnames-{language}.txt"


def field_problems(value: str, *, rules_text: bool) -> list[str]:
    """Why `value` cannot be one field of a translation line (empty list: it can): a `|` ends the field, a
    line break or a backslash ends or breaks the line (`\\n` is Forge's own line separator), and Forge's
    reader rewrites `VERT` and the level markers in rules text."""
    problems: list[str] = []
    if "|" in value:
        problems.append("`|` (Forge splits the line on it)")
    if "\\" in value:
        problems.append("a backslash (Forge reads `\\n` as a line break)")
    if any(char in value for char in "\n\r\u2028\u2029\x85"):
        problems.append("a line break")
    if rules_text:
        problems.extend(f"`{word}` (Forge's reader replaces it)" for word in REPLACED_WORDS if word in value)
    return problems


def translation_line(english_name: str, name: str, type_line: str, text: Sequence[str]) -> str:
    """One line of a `cardnames-<lang>.txt` file (without its line feed)."""
    return "|".join((english_name, name, type_line, LINE_BREAK.join(text)))


def key_of(line: str) -> str:
    """The English name a line translates (the first field)."""
    return line.split("|", 1)[0]


def java_order(text: str) -> tuple[int, ...]:
    """Java's `String.compareTo` order (UTF-16 code units), the order Forge's tools sort names in: it
    differs from Python's code point order only beyond the Basic Multilingual Plane."""
    encoded = text.encode("utf-16-be")
    return tuple(int.from_bytes(encoded[i:i + 2], "big") for i in range(0, len(encoded), 2))


Order = Literal["name", "line"]
"""How a file is sorted: by English name (de-DE: `Crush` before `Crush Contraband`) or by the whole line
(es-ES: `Crush Contraband|...` before `Crush|...`, since a space sorts before `|`)."""

_ORDER_KEYS: dict[Order, Callable[[str], tuple[int, ...]]] = {
    "name": lambda line: java_order(key_of(line)),
    "line": java_order,
}


def order_of(lines: Sequence[str]) -> Order:
    """The order a file's lines keep, as most of their neighbours agree (Forge's files are sorted by
    tools, by hand edits here and there): by English name, or by the whole line."""
    return _order({order: [_ORDER_KEYS[order](line) for line in lines] for order in _ORDER_KEYS})


def _order(keys: dict[Order, list[tuple[int, ...]]]) -> Order:
    def breaks(order: Order) -> int:
        found = keys[order]
        return sum(1 for a, b in zip(found, found[1:], strict=False) if a > b)
    return "line" if breaks("line") < breaks("name") else "name"


@dataclass(frozen=True, slots=True)
class Merge:
    """What merging translation lines into a file's lines gives: the new lines, and what happened to each
    English name (`added`, `same`, `replaced`, or `differs` when a different line was kept)."""

    lines: list[str]
    outcome: dict[str, str]


def merge_lines(existing: Sequence[str], new: Iterable[str], *, force: bool) -> Merge:
    """`existing` with each line of `new` in its place: a line for a name the file lacks is inserted where
    the file's order puts it (`order_of`), one equal to the file's is left, one that differs replaces the
    file's only with `force` (else the file's is kept and the outcome is `differs`). Every other line is
    left as it is, in place."""
    lines = list(existing)
    every = {order: [_ORDER_KEYS[order](line) for line in lines] for order in _ORDER_KEYS}
    order = _order(every)
    key, keys = _ORDER_KEYS[order], every[order]
    outcome: dict[str, str] = {}
    for line in new:
        name = key_of(line)
        at = next((i for i, old in enumerate(lines) if old.startswith(name + "|") or old == name), None)
        if at is not None:
            if lines[at] == line:
                outcome[name] = "same"
            elif force:
                lines[at], keys[at] = line, key(line)
                outcome[name] = "replaced"
            else:
                outcome[name] = "differs"
            continue
        mine = key(line)
        place = _place(keys, mine)
        lines.insert(place, line)
        keys.insert(place, mine)
        outcome[name] = "added"
    return Merge(lines, outcome)


def _place(keys: Sequence[tuple[int, ...]], mine: tuple[int, ...]) -> int:
    """Where a line of key `mine` goes among lines of `keys`: the gap with the most lines on the side their
    order puts them (sorting before it above, after it below); of those, one between two lines that sort
    around it, right after the greatest line that sorts before it. In a sorted file that is the one place;
    a line out of order elsewhere in the file does not move it."""
    scores = [0]
    for found in keys:
        scores.append(scores[-1] + (1 if found <= mine else -1))
    best = max(scores)
    gaps = [index for index, score in enumerate(scores) if score == best]
    around = [index for index in gaps
              if (index == 0 or keys[index - 1] <= mine) and (index == len(keys) or mine < keys[index])]
    return max(around or gaps, key=lambda index: (keys[index - 1] if index else (), -index))


@dataclass(frozen=True, slots=True)
class Entry:
    """One card's translation in one language, as a line of that language's file holds it."""

    english_name: str
    name: str
    type_line: str
    text: tuple[str, ...]

    @property
    def line(self) -> str:
        return translation_line(self.english_name, self.name, self.type_line, self.text)


def file_text(entries: Iterable[Entry]) -> str:
    """A `cardnames-<lang>.txt` of these cards alone: one line each, by English name in Java's order (as
    Forge's de-DE, fr-FR and it-IT files are sorted), LF after every line, UTF-8 when encoded."""
    lines = sorted((entry.line for entry in entries), key=lambda line: java_order(key_of(line)))
    return "".join(line + "\n" for line in lines)


@dataclass(frozen=True, slots=True)
class FileLines:
    """A translation file split into its lines, with what joining them back needs to give its bytes again:
    the line end it uses, whether it ends with one, and a byte order mark."""

    lines: list[str]
    newline: str = "\n"
    final_newline: bool = True
    bom: bool = False

    @classmethod
    def parse(cls, text: str) -> FileLines:
        bom = text.startswith("\ufeff")
        body = text[1:] if bom else text
        newline = "\r\n" if "\r\n" in body else "\n"
        final = body.endswith(newline) or not body
        lines = body.split(newline)
        if final and lines and lines[-1] == "":
            lines.pop()
        return cls(lines, newline, final, bom)

    def text(self, lines: Sequence[str]) -> str:
        body = self.newline.join(lines) + (self.newline if self.final_newline and lines else "")
        return ("\ufeff" if self.bom else "") + body


def merge_file(existing: str, ours: str, *, force: bool) -> tuple[str, Merge]:
    """`ours` (a `file_text`) merged into the text of a checkout's file (`merge_lines`): every line of the
    file that is not one of our cards' comes back byte for byte, its line ends and final line end as they
    were."""
    parsed = FileLines.parse(existing)
    merge = merge_lines(parsed.lines, FileLines.parse(ours).lines, force=force)
    return parsed.text(merge.lines), merge
