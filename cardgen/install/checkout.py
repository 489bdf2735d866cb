"""What a Forge or an XMage checkout looks like, and where a rendered file goes inside it.

Backends render paths relative to their output root (`output/<engine>/`). For XMage that root mirrors the
checkout (`Mage.Sets/src/mage/...`); for Forge it mirrors `forge-gui/res/` (`cardsfolder/`, `editions/`).
"""

from __future__ import annotations

from pathlib import Path

FORGE_RES = "forge-gui/res"
FORGE_MARKER = f"{FORGE_RES}/cardsfolder"
FORGE_EDITIONS = f"{FORGE_RES}/editions"
XMAGE_MARKER = "Mage.Sets/src/mage/sets"
XMAGE_SETS = XMAGE_MARKER

MARKERS: dict[str, str] = {"forge": FORGE_MARKER, "xmage": XMAGE_MARKER}
TITLES: dict[str, str] = {"forge": "Forge", "xmage": "XMage"}


def checkout_problem(engine: str, root: Path) -> str | None:
    """Why `root` is not a checkout of `engine` (with what to do instead), or None when it is one."""
    marker, title = MARKERS[engine], TITLES[engine]
    if not root.exists():
        return f"{root} does not exist; pass the root folder of a {title} checkout"
    if not root.is_dir():
        return f"{root} is not a folder; pass the root folder of a {title} checkout"
    if (root / marker).is_dir():
        return None
    other = "xmage" if engine == "forge" else "forge"
    if (root / MARKERS[other]).is_dir():
        return (f"{root} looks like a {TITLES[other]} checkout, not {title}: use --engine {other}, "
                f"or pass a {title} checkout")
    for depth in range(1, len(Path(marker).parts)):
        inner = Path(*Path(marker).parts[depth:])
        if (root / inner).is_dir():
            top = root.joinpath(*[".."] * depth).resolve()
            return f"{root} is inside a {title} checkout, not its root: pass {top} (the folder that holds {marker})"
    return f"{root} is not a {title} checkout: it has no {marker}/; pass the checkout's root folder"


def forge_target(relative: str) -> str:
    """A Forge backend path (`cardsfolder/b/x.txt`, `editions/Set.txt`) inside the checkout."""
    return f"{FORGE_RES}/{relative}"


def is_forge_edition(relative: str) -> bool:
    return relative.startswith("editions/") and relative.endswith(".txt")


SET_LINES_SUFFIX = ".cards.txt"


def xmage_set_lines_class(relative: str) -> str | None:
    """The set class a rendered `Mage.Sets/src/mage/sets/<SetClass>.cards.txt` belongs to, else None."""
    prefix = f"{XMAGE_SETS}/"
    if relative.startswith(prefix) and relative.endswith(SET_LINES_SUFFIX):
        name = relative[len(prefix):-len(SET_LINES_SUFFIX)]
        if name and "/" not in name:
            return name
    return None


WRITTEN_FOLDERS: dict[str, tuple[str, ...]] = {
    "forge": (f"{FORGE_RES}/cardsfolder", FORGE_EDITIONS),
    "xmage": ("Mage.Sets/src/mage/cards", XMAGE_SETS),
}
"""The folders of a checkout that `cardgen install` writes into (and so may have left temporary files in)."""


def remove_leftovers(engine: str, root: Path) -> list[str]:
    """Remove the temporary files a killed install left in the folders it writes into; returns their paths
    relative to the checkout. Call it holding the checkout's lock (`cardgen.lock`)."""
    from cardgen.output import remove_temporary_leftovers

    removed: list[str] = []
    for folder in WRITTEN_FOLDERS[engine]:
        base = root / folder
        if base.is_dir() and not base.is_symlink():
            removed.extend(Path(path).relative_to(root).as_posix() for path in remove_temporary_leftovers(base))
    return sorted(removed)
