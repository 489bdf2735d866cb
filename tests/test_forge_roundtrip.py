"""Reading a generated Forge script back gives the spec it came from, in meaning: for every shipped spec and
for any card hypothesis builds from the vocabulary the backend supports."""

from __future__ import annotations

from pathlib import Path

import pytest
from examples import examples
from hypothesis import HealthCheck, given, settings
from shipped import shipped_catalog
from strategies import cards

from cardgen.canonical import meaning_diff
from cardgen.engines.forge.backend import ForgeBackend
from cardgen.engines.forge.reader import read_script
from cardgen.model.card import Card

ROOT = Path(__file__).resolve().parents[1]
BACKEND = ForgeBackend()
SHIPPED = shipped_catalog().cards


def round_trip(card: Card) -> list[str]:
    text = BACKEND.render_card(card)
    result = read_script(text, BACKEND.card_path(card))
    assert result.diagnostics == [], (text, result.diagnostics)
    assert result.card is not None
    return meaning_diff(card, result.card, ("spec", "generated"))


@pytest.mark.parametrize("loaded", SHIPPED, ids=lambda loaded: loaded.path.stem)
def test_shipped_spec_survives_forge(loaded) -> None:
    assert round_trip(loaded.card) == []


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cards())
def test_generated_cards_survive_forge(card: Card) -> None:
    assert round_trip(card) == []


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cards())
def test_rendering_a_read_card_gives_the_same_script(card: Card) -> None:
    """Writing is a fixed point of read-then-write: the card read from a generated script renders to the
    very same bytes (so nothing is lost or reinterpreted on the way)."""
    text = BACKEND.render_card(card)
    again = read_script(text).card
    assert again is not None
    assert BACKEND.render_card(again) == text
