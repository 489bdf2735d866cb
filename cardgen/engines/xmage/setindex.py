"""Where the reader finds a card's name and printings: the set registrations of the same tree.

An XMage card class does not contain its name - the `SetCardInfo` lines of the set classes do
(`cards.add(new SetCardInfo("Blooming Blast", 126, Rarity.UNCOMMON, mage.cards.b.BloomingBlast.class))`).
The index reads every set class (`*.java`) and every generated `*.cards.txt` under
`Mage.Sets/src/mage/sets/` once per root and maps a card class to its name and printings.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.engines.xmage.java_text import JavaEscapeError, literal_value
from cardgen.engines.xmage.sets import SETS_ROOT
from cardgen.inputs import ENGINE_FILE_LIMIT, Refusal, read_text, real_roots

_LINE = re.compile(
    r'^\s*cards\.add\(\s*new\s+SetCardInfo\(\s*("(?:[^"\\]|\\.)*")\s*,\s*("(?:[^"\\]|\\.)*"|\d+)\s*,'
    r'\s*Rarity\.(\w+)\s*,\s*([\w.]+)\.class\s*(?:,\s*(\w+)\s*)?\)\s*\)\s*;'
)
_SUPER = re.compile(r'super\(\s*"(?:[^"\\]|\\.)*"\s*,\s*"([A-Za-z0-9]+)"')
_HEADER = re.compile(r"^\s*//\s*cardgen: SetCardInfo lines for \w+\.java \(([A-Za-z0-9]+)\)")
_GRAPHIC_VARIANTS = {"FULL_ART": "full_art", "FULL_ART_USE_VARIOUS": "full_art"}
_GRAPHIC_FRAMES = {"RETRO_ART": "retro", "RETRO_ART_USE_VARIOUS": "retro"}


@dataclass(slots=True)
class Registration:
    name: str
    printings: list[dict[str, str | None]] = field(default_factory=list)


def _rarity(word: str) -> str:
    return "common" if word == "LAND" else word.lower()


def parse_registrations(text: str, code: str, into: dict[str, Registration]) -> None:
    for line in text.splitlines():
        match = _LINE.match(line)
        if not match:
            continue
        literal, number, rarity, fqn, graphic = match.groups()
        try:
            name = literal_value(literal)
            number_text = literal_value(number) if number.startswith('"') else number
        except JavaEscapeError:
            continue
        entry = into.setdefault(fqn, Registration(name))
        printing = {"set": code, "number": number_text, "rarity": _rarity(rarity),
                    "variant": _GRAPHIC_VARIANTS.get(graphic or "")}
        if graphic in _GRAPHIC_FRAMES:
            printing["frame"] = _GRAPHIC_FRAMES[graphic]
        entry.printings.append(printing)


def set_code(text: str) -> str | None:
    for line in text.splitlines()[:3]:
        header = _HEADER.match(line)
        if header:
            return header.group(1)
    match = _SUPER.search(text)
    return match.group(1) if match else None


def index_for(root: Path) -> dict[str, Registration]:
    """Card class FQN -> its registration, for the tree at `root` (an XMage checkout or output root).
    Cached per root while its set files are unchanged (a diff reads many classes of one tree)."""
    folder = root / SETS_ROOT
    if not folder.is_dir():
        return {}
    files = sorted(p for p in folder.iterdir() if p.name.endswith((".java", ".cards.txt")) and p.is_file())
    signature = tuple((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in files)
    return _index(folder, signature)


@functools.lru_cache(maxsize=8)
def _index(folder: Path, signature: tuple[tuple[str, int, int], ...]) -> dict[str, Registration]:
    found: dict[str, Registration] = {}
    for name, _mtime, _size in signature:
        path = folder / name
        text = read_text(path, ENGINE_FILE_LIMIT, real_roots([folder]))
        if isinstance(text, Refusal):
            continue  # a FIFO, a link out of the tree, not UTF-8: holds no registration we may read
        code = set_code(text)
        if code:
            parse_registrations(text, code, found)
    return found


def tree_root(card_file: Path) -> Path | None:
    """The root above `.../Mage.Sets/src/mage/cards/<letter>/<Class>.java`, if the file sits there."""
    parts = card_file.resolve().parts
    for index in range(len(parts) - 1, -1, -1):
        if parts[index] == "Mage.Sets" and parts[index + 1:index + 4] == ("src", "mage", "cards"):
            return Path(*parts[:index])
    return None
