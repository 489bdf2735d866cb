"""Which characters may flow from a spec into engine files.

Forge scripts are `Key:Value` lines whose values are split on `|` and `$`; XMage classes are Java source
with names in string literals and paths. A name with a newline, `|` or `"` could end a field or a string
and inject the rest. Renderers escape what printed text legitimately contains (quotes, `{T}`), and the
validator refuses what no printed card contains, so escaping never has to be perfect on its own.
"""

from __future__ import annotations

import unicodedata

NAME_FORBIDDEN = frozenset('|$\\"/{}<>')
"""Never in a card name, subtype, token or set name: field separators, quotes, path and markup characters."""

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


def name_problems(text: str) -> list[str]:
    """Why `text` can't be a name that engines put in fields and file paths (empty list: it can)."""
    problems: list[str] = []
    for char in dict.fromkeys(text):
        if invisible(char):
            problems.append(f"control or invisible character {_char_name(char)}")
        elif char in NAME_FORBIDDEN:
            problems.append(f"character `{char}`")
    if text != text.strip():
        problems.append("leading or trailing whitespace")
    if ".." in text:
        problems.append("`..` (a path step)")
    return problems


def text_problems(text: str, *, newlines: bool) -> list[str]:
    """Why `text` can't be rules text (oracle lines, ability text); `newlines` allows `\\n` between lines."""
    problems: list[str] = []
    for char in dict.fromkeys(text):
        if char == "\n" and newlines:
            continue
        if invisible(char):
            problems.append(f"control or invisible character {_char_name(char)}")
        elif char in TEXT_FORBIDDEN:
            problems.append(f"character `{char}`")
    return problems
