"""The whole scenario files docs/scenario-format.md shows (its yaml blocks that start with `card:`) play as
the page says: each of their scenarios passes with the shipped card pool, so an example can't drift from
what the resolver does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from shipped import shipped_catalog

from cardgen.resolver.scenario.loader import load_text
from cardgen.resolver.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
EXAMPLES = [block for block in re.findall(r"```yaml\n(.*?)```", PAGE, re.S) if block.startswith("card:")]


def test_the_page_shows_whole_files() -> None:
    assert len(EXAMPLES) >= 3


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda block: block.splitlines()[0])
def test_each_whole_example_plays_as_the_page_says(example: str) -> None:
    cards = {loaded.card.name: loaded.card for loaded in shipped_catalog().cards}
    loaded = load_text(example, "example.yaml")
    assert len(loaded.scenarios) == example.count("\n  - name: ")  # none skipped as invalid
    for scenario in loaded.scenarios:
        result = run_scenario(scenario, cards)
        assert result.ok, (scenario.name, [failure.message for failure in result.failures])
