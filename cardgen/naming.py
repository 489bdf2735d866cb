"""Names derived from a card name: spec slug, Forge file name, XMage class name.

Derived, never stored, so a card cannot disagree with its own file name. Every result is a single safe
path component (ASCII letters, digits, underscores), so a card name can never escape an output folder.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path

_LIGATURES = {"Æ": "Ae", "æ": "ae", "Œ": "Oe", "œ": "oe", "ß": "ss", "Ø": "O", "ø": "o", "Ð": "D", "ð": "d",
              "Þ": "Th", "þ": "th", "Ł": "L", "ł": "l"}

WINDOWS_RESERVED = frozenset(
    {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}
)
"""File names Windows reserves for devices, in any case and with any extension (COM0 and LPT0 too, as
Microsoft's naming rules list them; `COM¹` folds to `com1`). Derived names are ASCII letters, digits and
underscores, so no other Windows rule (characters, trailing dots) can apply to them."""


def ascii_fold(text: str) -> str:
    """`Lórien` -> `Lorien`, `Æther` -> `Aether`: accents dropped, ligatures spelled out."""
    if text.isascii():  # nothing to fold (and the common case: every export derives names many times)
        return text
    return _fold_non_ascii(text)


@functools.lru_cache(maxsize=64)
def _fold_non_ascii(text: str) -> str:
    """Remembered for the last few names: each card's name is folded for its file and again for its class."""
    spelled = "".join(_LIGATURES.get(char, char) for char in text)
    decomposed = unicodedata.normalize("NFKD", spelled)
    return "".join(char for char in decomposed if not unicodedata.combining(char)).encode("ascii", "ignore").decode()


@functools.lru_cache(maxsize=1024)  # a card's names are derived several times in a row (render, checks)
def slug(name: str) -> str:
    """Forge's file naming, also used for spec files: lowercase, special characters dropped, spaces and
    hyphens to underscores. `Cruelclaw's Heist` -> `cruelclaws_heist`."""
    folded = ascii_fold(name).lower()
    folded = re.sub(r"[\s\-]+", "_", folded)
    folded = re.sub(r"[^a-z0-9_]", "", folded)
    return re.sub(r"_+", "_", folded).strip("_")


@functools.lru_cache(maxsize=1024)
def class_name(name: str) -> str:
    """XMage's class naming: apostrophes, commas and hyphens dropped, every word capitalised.
    `Long River's Pull` -> `LongRiversPull`."""
    folded = ascii_fold(name)
    words = re.split(r"[\s\-]+", folded)
    out = []
    for word in words:
        cleaned = re.sub(r"[^A-Za-z0-9]", "", word)
        if cleaned:
            out.append(cleaned[0].upper() + cleaned[1:])
    result = "".join(out)
    if result and result[0].isdigit():
        result = "_" + result
    return result


def short_name(name: str) -> str | None:
    """The short name Oracle text gives a legendary card ("Isamaru" for "Isamaru, Hound of Konda", "Ygra"
    for "Ygra, Eater of All"): the part before ", " or " of the ", as XMage's `VerifyCardDataTest` cuts
    it; None when the name has no such part."""
    head = re.split(r", | of the ", name, maxsplit=1)[0]
    return head if head and head != name else None


def fold(name: str) -> str:
    """The form two derived names are compared in: Unicode-normalised (NFKC) and casefolded, as a
    case-insensitive file system (Windows, macOS) or a reader would see them."""
    if name.isascii():
        return name.lower()  # the same, for ASCII, and much faster
    return unicodedata.normalize("NFKC", name).casefold()


def letter(file_stem: str) -> str:
    """The one-letter folder engines shard cards into (`a`..`z`)."""
    first = file_stem[:1].lower()
    return first if first.isalpha() else "_"


_CONFUSABLES_FILE = Path(__file__).resolve().parent / "data" / "confusables.tsv"


@functools.cache
def _prototypes() -> dict[int, str]:
    """Unicode's confusables mapping (UTS #39 `confusables.txt`, kept as `data/confusables.tsv`): each
    character to the prototype readers take it for (Cyrillic `В` to Latin `B`)."""
    table: dict[int, str] = {}
    for line in _CONFUSABLES_FILE.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        source, target = line.split("\t")
        table[int(source, 16)] = "".join(chr(int(point, 16)) for point in target.split())
    return table


def skeleton(name: str) -> str:
    """The UTS #39 skeleton of the name, then folded: two names with one key look alike to a reader
    ("Grizzly Веars" with Cyrillic letters and "Grizzly Bears"), though their code points differ. The
    skeleton is taken before folding, as Unicode's table maps capitals and small letters apart."""
    mapped = unicodedata.normalize("NFD", name).translate(_prototypes())
    return fold(unicodedata.normalize("NFD", mapped))
