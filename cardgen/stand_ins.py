"""Where the test cards are: the plain cards scenarios play with (Grizzly Bears to target, Shock to
counter, basic lands to pay with, ...) and the sets they and the shipped cards print in.

They ship inside the package (a wheel carries the repository's `card_specs/cgt` and `card_specs/pw26`
as `cardgen/data/card_specs/`), so `cardgen check` and `cardgen scenario run` work in any repository:
an XMage or Forge fork with a folder of its own specs and scenarios needs no copy of them. In a source
checkout or an editable install they are read from the repository itself.
"""

from __future__ import annotations

from pathlib import Path

FOLDERS = ("cgt", "pw26")
"""The spec folders that make up the pool (test cards, and the promotional set a shipped card prints in)."""


def stand_in_folders() -> list[Path]:
    """The folders of the test-card pool, packaged or in the source tree (empty if neither is there)."""
    here = Path(__file__).resolve().parent
    for root in (here / "data" / "card_specs", here.parent / "card_specs"):
        found = [root / name for name in FOLDERS if (root / name).is_dir()]
        if found:
            return found
    return []
