"""The shipped specs, loaded once per test process and shared by every module that reads them.

Many modules parametrize over the shipped cards, so they need the catalog when they are collected; each
loading it again cost every pytest worker a full load per module. `shipped_catalog()` is loaded on first
use and kept: read it, never change it (its cards and sets are frozen; the lists are not: copy before
editing). A test of loading itself (the cache, `--jobs`) loads its own.
"""

from __future__ import annotations

import functools
import shutil
from pathlib import Path

from cardgen.load.specs import load_catalog
from cardgen.model.card import Card
from cardgen.model.catalog import Catalog

ROOT = Path(__file__).resolve().parents[1]
SPECS = ROOT / "card_specs"


@functools.cache
def shipped_catalog() -> Catalog:
    """`load_catalog([card_specs/])`, once."""
    return load_catalog([SPECS])


def shipped_cards() -> dict[str, Card]:
    """The shipped cards by name."""
    return {loaded.card.name: loaded.card for loaded in shipped_catalog().cards}


SAMPLE = {
    "blb": ("bakersbane_duo", "kitnap", "mouse_trapper", "mudflat_village", "ravine_raider", "short_bow",
            "spellgyre", "starlit_soothsayer", "thistledown_players", "wear_down"),
    "blc": ("perch_protection",),
    "hob": ("bilbos_gambit",),
}
"""A few shipped cards of each set, of different forms (a gift spell and creature, an Aura, an Equipment, a
land, a modal spell, triggers of several kinds), for tests of what an export does with a catalogue rather
than with every card: they stay as quick as the set grows."""

SCENARIOS = ROOT / "scenarios"


def copy_sample(root: Path) -> tuple[Path, Path]:
    """Copy `SAMPLE` with each set's `set.yaml` and the test-card pool (every spec folder `SAMPLE` doesn't
    name) to `root/card_specs`, laid out as card_specs/ is, and to `root/scenarios` the scenario files of
    the sample's cards that play with these cards only (a scenario naming a card left out would make the
    export refuse to write tests); returns the two folders, to export as `export SPECS --scenarios SCENARIOS`."""
    from cardgen.engines.xmage.scenario_tests import unknown_cards
    from cardgen.resolver.scenario.loader import load_file

    specs, scenarios = root / "card_specs", root / "scenarios"
    copied: list[tuple[Path, Path]] = []
    for folder in sorted(SPECS.iterdir()):
        if not folder.is_dir():
            continue
        names = SAMPLE.get(folder.name)
        if names is None:
            shutil.copytree(folder, specs / folder.name)
            copied += [(path, SCENARIOS / folder.name / path.name) for path in sorted(folder.glob("*.yaml"))]
            continue
        (specs / folder.name).mkdir(parents=True)
        for name in ("set", *names):
            shutil.copyfile(folder / f"{name}.yaml", specs / folder.name / f"{name}.yaml")
            copied.append((folder / f"{name}.yaml", SCENARIOS / folder.name / f"{name}.yaml"))
    kept = {str(spec.resolve()) for spec, _ in copied}
    pool = {loaded.card.name: loaded.card for loaded in shipped_catalog().cards if str(loaded.path.resolve()) in kept}
    for _, scenario in copied:
        if scenario.is_file() and not any(unknown_cards(loaded, pool) for loaded in load_file(scenario).scenarios):
            (scenarios / scenario.parent.name).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(scenario, scenarios / scenario.parent.name / scenario.name)
    return specs, scenarios
