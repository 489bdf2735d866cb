"""Which characters may flow from a spec into engine files.

Forge scripts are `Key:Value` lines whose values are split on `|` and `$`; XMage classes are Java source
with names in string literals and paths. A name with a newline, `|` or `"` could end a field or a string
and inject the rest. Each engine states what its files cannot carry (`engines.forge.safety`,
`engines.xmage.safety`, and XMage's class names in `engines.xmage.names`); this module adds what no
engine file can (invisible characters, paths) and words the problems. Renderers escape what printed
text legitimately contains (quotes, `{T}`), and the validator refuses what no printed card contains, so
escaping never has to be perfect on its own.
"""

from __future__ import annotations

import re
import unicodedata

from cardgen.engines.forge import safety as forge
from cardgen.engines.xmage import safety as xmage

PATH_AND_MARKUP = frozenset("/{}<>")
"""Never in a name: names become file paths (`/`) and sit in templates and markup (`{}`, `<>`)."""

NAME_FORBIDDEN = forge.FIELD_SEPARATORS | xmage.NAME_FORBIDDEN | PATH_AND_MARKUP
"""Never in a card name, subtype, token or set name: field separators, quotes, path and markup characters."""

CARD_NAME_FORBIDDEN = NAME_FORBIDDEN | forge.CARD_NAME_FORBIDDEN
"""A card name is also an edition row of Forge's (`engines.forge.safety.CARD_NAME_FORBIDDEN`)."""

TEXT_FORBIDDEN = forge.FIELD_SEPARATORS | xmage.TEXT_FORBIDDEN
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


def _any_of(characters: frozenset[str]) -> str:
    return "".join(re.escape(char) for char in sorted(characters))


_ASCII_NAME_SUSPECT = re.compile(rf"[\x00-\x1f\x7f{_any_of(NAME_FORBIDDEN)}]|\.\.|^\s|\s$")
"""In ASCII text, the only invisible characters are the controls; anything else this matches (or any
non-ASCII text) takes the full, character-by-character check."""

_ASCII_TEXT_SUSPECT = re.compile(rf"[\x00-\x09\x0b-\x1f\x7f{_any_of(TEXT_FORBIDDEN)}]")
_ASCII_LINE_SUSPECT = re.compile(rf"[\x00-\x1f\x7f{_any_of(TEXT_FORBIDDEN)}]")


_PLACEHOLDER_WORD = "NAME"
"""Every Forge placeholder holds this word: a text without it holds none (one search instead of two)."""


def name_problems(text: str, *, card: bool = False) -> list[str]:
    """Why `text` can't be a name that engines put in fields and file paths (empty list: it can); `card`
    for a card name, which Forge's edition rows also constrain (no `@`)."""
    if text.isascii() and _ASCII_NAME_SUSPECT.search(text) is None \
            and not (card and not forge.CARD_NAME_FORBIDDEN.isdisjoint(text)) and _PLACEHOLDER_WORD not in text:
        return []  # the common case, answered without a Unicode look-up per character
    forbidden = CARD_NAME_FORBIDDEN if card else NAME_FORBIDDEN
    problems: list[str] = []
    for char in dict.fromkeys(text):
        if invisible(char):
            problems.append(f"control or invisible character {_char_name(char)}")
        elif char in forbidden:
            problems.append(f"character `{char}`")
    problems.extend(forge.placeholder_problems(text))
    if text != text.strip():
        problems.append("leading or trailing whitespace")
    if ".." in text:
        problems.append("`..` (a path step)")
    return problems


def text_problems(text: str, *, newlines: bool) -> list[str]:
    """Why `text` can't be rules text (oracle lines, ability text); `newlines` allows `\\n` between lines."""
    if text.isascii() and (_ASCII_TEXT_SUSPECT if newlines else _ASCII_LINE_SUSPECT).search(text) is None \
            and _PLACEHOLDER_WORD not in text:
        return []
    problems: list[str] = forge.placeholder_problems(text)
    for char in dict.fromkeys(text):
        if char == "\n" and newlines:
            continue
        if invisible(char):
            problems.append(f"control or invisible character {_char_name(char)}")
        elif char in TEXT_FORBIDDEN:
            problems.append(f"character `{char}`")
    return problems
