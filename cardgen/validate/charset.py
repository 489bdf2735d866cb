"""Which characters may flow from a spec into engine files.

Forge scripts are `Key:Value` lines whose values are split on `|` and `$`; XMage classes are Java source
with names in string literals and paths. A name with a newline, `|` or `"` could end a field or a string
and inject the rest. Renderers escape what printed text legitimately contains (quotes, `{T}`), and the
validator refuses what no printed card contains, so escaping never has to be perfect on its own.
"""

from __future__ import annotations

import re
import unicodedata

NAME_FORBIDDEN = frozenset('|$\\"/{}<>')
"""Never in a card name, subtype, token or set name: field separators, quotes, path and markup characters."""

CARD_NAME_FORBIDDEN = NAME_FORBIDDEN | {"@"}
"""A card name also never has `@`: Forge's edition rows read `<number> <rarity> <name> @<artist>`, and its
parser (`CardEdition.Reader`, name group `[^@$]*`) would take the rest of the name for an artist credit."""

FORGE_PLACEHOLDERS = ("CARDNAME", "NICKNAME")
"""Words Forge replaces in descriptions with the card's (short) name: in a name or rules text they would
be shown as another text than the spec's."""

TEXT_FORBIDDEN = frozenset("|$\\")
"""Never in rules text: printed text uses quotes and `{T}` (escaped by renderers) but never these."""

_INVISIBLE = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn"})


_CONTROL_NAMES = {"\t": "TAB", "\n": "LINE FEED (newline)", "\r": "CARRIAGE RETURN", "\x00": "NUL",
                  "\x1b": "ESCAPE", "\x7f": "DELETE"}


def _char_name(char: str) -> str:
    if char in _CONTROL_NAMES:
        return f"U+{ord(char):04X} {_CONTROL_NAMES[char]}"
    try:
        return f"U+{ord(char):04X} {unicodedata.name(char)}"
    except ValueError:
        return f"U+{ord(char):04X}"


def invisible(char: str) -> bool:
    """Control, format (bidi overrides, zero-width), line/paragraph separators, private or unassigned."""
    return unicodedata.category(char) in _INVISIBLE


_ASCII_NAME_SUSPECT = re.compile(r'[\x00-\x1f\x7f|$\\"/{}<>]|\.\.|^\s|\s$')
"""In ASCII text, the only invisible characters are the controls; anything else this matches (or any
non-ASCII text) takes the full, character-by-character check."""

_ASCII_TEXT_SUSPECT = re.compile(r"[\x00-\x09\x0b-\x1f\x7f|$\\]")
_ASCII_LINE_SUSPECT = re.compile(r"[\x00-\x1f\x7f|$\\]")


def _placeholders(text: str) -> list[str]:
    return [f"`{word}` (Forge shows the card's name in its place)" for word in FORGE_PLACEHOLDERS if word in text]


def name_problems(text: str, *, card: bool = False) -> list[str]:
    """Why `text` can't be a name that engines put in fields and file paths (empty list: it can); `card`
    for a card name, which Forge's edition rows also constrain (no `@`)."""
    if text.isascii() and _ASCII_NAME_SUSPECT.search(text) is None and not (card and "@" in text) \
            and "NAME" not in text:
        return []  # the common case, answered without a Unicode look-up per character
    forbidden = CARD_NAME_FORBIDDEN if card else NAME_FORBIDDEN
    problems: list[str] = []
    for char in dict.fromkeys(text):
        if invisible(char):
            problems.append(f"control or invisible character {_char_name(char)}")
        elif char in forbidden:
            problems.append(f"character `{char}`")
    problems.extend(_placeholders(text))
    if text != text.strip():
        problems.append("leading or trailing whitespace")
    if ".." in text:
        problems.append("`..` (a path step)")
    return problems


def text_problems(text: str, *, newlines: bool) -> list[str]:
    """Why `text` can't be rules text (oracle lines, ability text); `newlines` allows `\\n` between lines."""
    if text.isascii() and (_ASCII_TEXT_SUSPECT if newlines else _ASCII_LINE_SUSPECT).search(text) is None \
            and "NAME" not in text:
        return []
    problems: list[str] = _placeholders(text)
    for char in dict.fromkeys(text):
        if char == "\n" and newlines:
            continue
        if invisible(char):
            problems.append(f"control or invisible character {_char_name(char)}")
        elif char in TEXT_FORBIDDEN:
            problems.append(f"character `{char}`")
    return problems
