"""Java lexical safety: string literals, comments and identifiers built from spec text.

Spec text (card names, ability lines, token names) ends up inside Java string literals and `//` comments.
Java translates `\\uXXXX` escapes *before* it lexes, anywhere in the file, so a raw line break - or the
six characters `\\u000a` - would end a comment and let the rest of the text run as code. `escape` therefore
writes every character a literal or comment could trip on as an escape (backslash and quote, the named
control escapes, everything else outside printable ASCII as `\\uXXXX`), and never emits a `\\u` escape
for CR or LF. The same escaped form is safe in both places, and `unescape` reverses it exactly.
"""

from __future__ import annotations

import re

JAVA_KEYWORDS = frozenset({
    "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
    "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
    "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
    "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
    "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null", "var",
    "yield", "record", "sealed", "permits", "non-sealed", "_",
})

_NAMED = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
_IDENTIFIER = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")

DEFAULT_AUTHOR = "cardgen"
"""The `@author` of a generated class whose spec names none (XMage's classes all credit someone)."""


_PLAIN = re.compile(r'[ !#-\[\]-~]*')
"""Printable ASCII but the backslash and the quote: text that is its own escaped form."""


def escape(text: str) -> str:
    """The body of a Java string literal (without the quotes) that denotes exactly `text`."""
    if _PLAIN.fullmatch(text):
        return text
    out: list[str] = []
    for char in text:
        named = _NAMED.get(char)
        if named is not None:
            out.append(named)
            continue
        code = ord(char)
        if 0x20 <= code < 0x7F:
            out.append(char)
        elif code <= 0xFFFF:
            out.append(f"\\u{code:04x}")
        else:  # outside the BMP: Java strings are UTF-16, so write the surrogate pair
            code -= 0x10000
            out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
    return "".join(out)


def java_string(text: str) -> str:
    """A complete Java string literal for `text`."""
    return f'"{escape(text)}"'


def comment(text: str) -> str:
    """A single `//` comment line carrying `text` (escaped, so it can never end early; trailing spaces
    written `\\s`, so that tidying trailing whitespace away can't change the text)."""
    body = escape(text)
    stripped = body.rstrip(" ")
    body = stripped + "\\s" * (len(body) - len(stripped))
    return f"// {body}" if body else "//"


_SIMPLE = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", "s": " ", '"': '"', "'": "'", "\\": "\\"}


class JavaEscapeError(ValueError):
    """A malformed escape sequence in a Java string literal or comment."""


def unescape(body: str, *, slash: bool = False) -> str:
    """Inverse of `escape`, and of Java's own escapes generally: unicode escapes (`\\uXXXX`, any number
    of `u`s, surrogate pairs joined), the named escapes and octal escapes. `slash` also accepts `\\/`
    (how a doc comment writes `/`, see `render.doc_string`)."""
    units: list[int] = []  # UTF-16 code units, joined at the end so surrogate pairs recombine
    i = 0
    length = len(body)
    while i < length:
        char = body[i]
        if char != "\\":
            units.extend(_utf16(char))
            i += 1
            continue
        if i + 1 >= length:
            raise JavaEscapeError("a lone backslash ends the text")
        nxt = body[i + 1]
        if nxt == "u":
            j = i + 1
            while j < length and body[j] == "u":
                j += 1
            digits = body[j:j + 4]
            if len(digits) != 4 or not all(c in "0123456789abcdefABCDEF" for c in digits):
                raise JavaEscapeError(f"bad unicode escape at {i}")
            units.append(int(digits, 16))
            i = j + 4
        elif nxt in _SIMPLE or (slash and nxt == "/"):
            units.append(ord(_SIMPLE.get(nxt, "/")))
            i += 2
        elif nxt in "01234567":
            j = i + 1
            limit = 3 if nxt in "0123" else 2
            while j < length and j - (i + 1) < limit and body[j] in "01234567":
                j += 1
            units.append(int(body[i + 1:j], 8))
            i = j
        else:
            raise JavaEscapeError(f"unknown escape \\{nxt}")
    return _from_utf16(units)


def _utf16(char: str) -> list[int]:
    code = ord(char)
    if code <= 0xFFFF:
        return [code]
    code -= 0x10000
    return [0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF)]


def _from_utf16(units: list[int]) -> str:
    out: list[str] = []
    i = 0
    while i < len(units):
        unit = units[i]
        if 0xD800 <= unit < 0xDC00 and i + 1 < len(units) and 0xDC00 <= units[i + 1] < 0xE000:
            out.append(chr(0x10000 + ((unit - 0xD800) << 10) + (units[i + 1] - 0xDC00)))
            i += 2
        else:
            out.append(chr(unit))
            i += 1
    return "".join(out)


def literal_value(token: str) -> str:
    """The value of a Java string literal token as written in source (quotes included)."""
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise JavaEscapeError(f"not a string literal: {token[:40]!r}")
    return unescape(token[1:-1])


def comment_value(token: str) -> str:
    """The text an `//` comment written by `comment` carries."""
    body = token[2:] if token.startswith("//") else token
    if body.startswith(" "):
        body = body[1:]
    return unescape(body)


def is_identifier(name: str) -> bool:
    """A legal Java identifier that is not a reserved word."""
    return bool(_IDENTIFIER.fullmatch(name)) and name not in JAVA_KEYWORDS
