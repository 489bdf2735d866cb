"""What a Forge or an XMage checkout looks like, and where a rendered file goes inside it.

Backends render paths relative to their output root (`output/<engine>/`). For XMage that root mirrors the
checkout (`Mage.Sets/src/mage/...`); for Forge it mirrors a `res/` folder (`cardsfolder/`, `editions/`),
which `--checkout` may name in any of the layouts Forge keeps it in (`ForgeLayout`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

FORGE_RES = "forge-gui/res"
FORGE_MARKER = f"{FORGE_RES}/cardsfolder"
FORGE_EDITIONS = f"{FORGE_RES}/editions"
FORGE_LANGUAGES = f"{FORGE_RES}/languages"
XMAGE_MARKER = "Mage.Sets/src/mage/sets"
XMAGE_SETS = XMAGE_MARKER

MARKERS: dict[str, str] = {"forge": FORGE_MARKER, "xmage": XMAGE_MARKER}
TITLES: dict[str, str] = {"forge": "Forge", "xmage": "XMage"}


@dataclass(frozen=True, slots=True)
class ForgeLayout:
    """Where a Forge folder keeps card scripts and edition files, relative to the folder given."""

    cards: str
    editions: str
    kind: str
    """What the folder is, in words (said by `install` so the user sees what was found)."""
    languages: str | None = None
    """Where its translation files are (`cardnames-<lang>.txt`); None where Forge reads none (it reads
    them from `res/languages/` only, not from a user's custom folder)."""


FORGE_LAYOUTS = (
    ForgeLayout(FORGE_MARKER, FORGE_EDITIONS, "a Forge source checkout", FORGE_LANGUAGES),
    ForgeLayout("res/cardsfolder", "res/editions", "a Forge installation (res/)", "res/languages"),
    ForgeLayout("cardsfolder", "editions", "a Forge res/ folder", "languages"),
    ForgeLayout("custom/cards", "custom/editions", "Forge's user data folder (custom cards)"),
    ForgeLayout("cards", "editions", "Forge's custom folder"),
)
"""The layouts `--checkout` may point at, in the order they are tried: a source checkout
(`forge-gui/res/...`), an unpacked release (`res/...`), a `res/` folder or any folder with a plain
`cardsfolder/` (and `editions/`, made if missing), and Forge's own folder for user cards (`custom/cards`
and `custom/editions` under its user data folder, which Forge reads besides `res/`). A layout is taken
when its card folder exists; `cards/` only when `editions/` is there too (it is a common name)."""


def forge_layout(root: Path) -> ForgeLayout | None:
    """The layout of the Forge folder `root`, or None when it is none of `FORGE_LAYOUTS`."""
    for layout in FORGE_LAYOUTS:
        if (root / layout.cards).is_dir() and (layout.cards != "cards" or (root / layout.editions).is_dir()):
            return layout
    return None


def checkout_problem(engine: str, root: Path) -> str | None:
    """Why `root` is not a checkout of `engine` (with what to do instead), or None when it is one. Every
    folder a message tells the user to pass is one this function accepts."""
    title = TITLES[engine]
    if not root.exists():
        return f"{root} does not exist; pass the root folder of a {title} checkout"
    if not root.is_dir():
        return f"{root} is not a folder; pass the root folder of a {title} checkout"
    if engine == "forge" and forge_layout(root) is not None:
        return None
    if engine == "xmage" and (root / XMAGE_MARKER).is_dir():
        return None
    if engine == "forge" and (root / XMAGE_MARKER).is_dir():
        return f"{root} looks like an XMage checkout, not Forge: use --engine xmage, or pass a Forge checkout"
    if engine == "xmage" and forge_layout(root) is not None:
        return f"{root} looks like a Forge folder, not XMage: use --engine forge, or pass an XMage checkout"
    above = _root_above(engine, root)
    if above is not None:
        return f"{root} is inside a {title} folder, not its root: pass {above}"
    if engine == "forge":
        return (f"{root} is not a Forge folder: it has no cardsfolder/ (nor forge-gui/res/cardsfolder/, "
                "res/cardsfolder/ or custom/cards/); pass a Forge checkout, its res/ folder, or a folder "
                "holding cardsfolder/")
    return f"{root} is not an XMage checkout: it has no {XMAGE_MARKER}/; pass the checkout's root folder"


def _root_above(engine: str, root: Path) -> Path | None:
    """The nearest folder above `root` that is a checkout of `engine` (up to six levels up)."""
    for above in list(root.resolve().parents)[:6]:
        if (forge_layout(above) if engine == "forge" else (above / XMAGE_MARKER).is_dir()):
            return above
    return None


def forge_target(relative: str, checkout: Path | None = None) -> str:
    """A Forge backend path (`cardsfolder/b/x.txt`, `editions/Set.txt`) inside the folder `checkout` (a
    source checkout when not given or not recognised)."""
    layout = forge_layout(checkout) if checkout is not None else None
    layout = layout or FORGE_LAYOUTS[0]
    head, _, rest = relative.partition("/")
    if head == "cardsfolder":
        return f"{layout.cards}/{rest}"
    if head == "editions":
        return f"{layout.editions}/{rest}"
    if head == "languages" and layout.languages is not None:
        return f"{layout.languages}/{rest}"
    return f"{FORGE_RES}/{relative}" if layout is FORGE_LAYOUTS[0] else relative


def forge_languages(checkout: Path) -> str | None:
    """The translation folder of the Forge folder `checkout`, relative to it (None: Forge reads none there)."""
    return (forge_layout(checkout) or FORGE_LAYOUTS[0]).languages


def is_forge_translation(relative: str) -> bool:
    return relative.startswith("languages/cardnames-") and relative.endswith(".txt")


def forge_editions(checkout: Path) -> str:
    """The edition folder of the Forge folder `checkout`, relative to it."""
    return (forge_layout(checkout) or FORGE_LAYOUTS[0]).editions


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


XMAGE_WRITTEN = ("Mage.Sets/src/mage/cards", XMAGE_SETS)


def written_folders(engine: str, root: Path) -> tuple[str, ...]:
    """The folders of a checkout that `cardgen install` writes into (and so may have left temporary files in)."""
    if engine == "xmage":
        from cardgen.engines.xmage.scenario_tests import TESTS_ROOT

        return (*XMAGE_WRITTEN, TESTS_ROOT)  # the test classes made from scenarios too
    layout = forge_layout(root) or FORGE_LAYOUTS[0]
    return (layout.cards, layout.editions) + ((layout.languages,) if layout.languages else ())


def remove_leftovers(engine: str, root: Path) -> list[str]:
    """Remove the temporary files a killed install left in the folders it writes into; returns their paths
    relative to the checkout. Call it holding the checkout's lock (`cardgen.lock`)."""
    from cardgen.output import remove_temporary_leftovers

    removed: list[str] = []
    for folder in written_folders(engine, root):
        base = root / folder
        if base.is_dir() and not base.is_symlink():
            removed.extend(Path(path).relative_to(root).as_posix() for path in remove_temporary_leftovers(base))
    return sorted(removed)
