"""The shipped specs, loaded once per test process and shared by every module that reads them.

Many modules parametrize over the shipped cards, so they need the catalog when they are collected; each
loading it again cost every pytest worker a full load per module. `shipped_catalog()` is loaded on first
use and kept: read it, never change it (its cards and sets are frozen; the lists are not: copy before
editing). A test of loading itself (the cache, `--jobs`) loads its own.
"""

from __future__ import annotations

import functools
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
