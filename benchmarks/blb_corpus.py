"""A corpus of real cards: every Bloomburrow card `cardgen new` drafts into a spec that validates clean.

The card data is Scryfall-shaped JSON (`blb-cards.json`, one object per printing). Each card name is
drafted as `cardgen new NAME --set BLB --data FILE` would draft it; a draft with a line it could not read
(a TODO the validator reports as missing) or any other error is left out, so what remains are real,
distinct cards, each validated and then rendered by the commands the benchmark times. The number kept
grows with the vocabulary; the benchmark prints it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

DEFAULT_DATA = Path("/work/shared/reference/bloomburrow/blb-cards.json")
"""Where the benchmark looks for the card data when not told (`--blb-data`)."""


def card_names(data: Path) -> list[str]:
    """The distinct card names of the set's paper printings, in the file's order."""
    names: dict[str, None] = {}
    for card in json.loads(data.read_text(encoding="utf-8")):
        if card.get("set", "").lower() == "blb" and not card.get("digital") and card.get("layout") != "token":
            names.setdefault(card["name"], None)
    return list(names)


def build_blb_corpus(data: Path, destination: Path) -> tuple[Path, int, int]:
    """Draft every card under `destination/` and keep the specs that validate without an error.
    Returns the corpus folder, the number of specs kept and the number of names tried."""
    from cardgen.scaffold import ScaffoldError, plan_new, write_new
    from cardgen.validate.summary import validate_files

    if destination.exists():
        shutil.rmtree(destination)
    destination.mkdir(parents=True)
    names = card_names(data)
    for name in names:
        try:
            plan = plan_new(name, data, "BLB", destination, force=True)
        except ScaffoldError:
            continue
        if plan.scaffold.todo:
            continue
        write_new(plan)
    _files, found = validate_files([destination])
    bad = {Path(d.location.file).resolve() for d in found if d.severity == "error" and d.location}
    for path in destination.rglob("*.yaml"):
        if path.name != "set.yaml" and path.resolve() in bad:
            path.unlink()
    kept = sum(1 for path in destination.rglob("*.yaml") if path.name != "set.yaml")
    _files, found = validate_files([destination])
    errors = [d for d in found if d.severity == "error"]
    if errors:
        raise RuntimeError(f"the drafted corpus still has errors: {errors[:3]}")
    return destination, kept, len(names)
