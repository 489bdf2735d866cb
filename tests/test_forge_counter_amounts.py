"""Every counter effect of a Forge script says how many counters: `PutCounterAll` without `CounterNum$`
puts none in older Forge (a blank amount reads as 0) and one in newer Forge, so no script may depend on
Forge's default (Hearthward Captain's "a +1/+1 counter on each creature you control")."""

from __future__ import annotations

from pathlib import Path

from examples import examples
from hypothesis import HealthCheck, given, settings
from shipped import shipped_catalog
from strategies import cards

from cardgen.engines.forge.backend import ForgeBackend
from cardgen.engines.forge.build import RenderError
from cardgen.engines.forge.syntax import parse_params
from cardgen.model.card import Card

ROOT = Path(__file__).resolve().parents[1]
BACKEND = ForgeBackend()
AMOUNT_OF = {"CounterType": "CounterNum", "WithCountersType": "WithCountersAmount"}
"""A counter kind's parameter -> the parameter that must give the amount beside it."""


def _abilities(text: str) -> list[list[tuple[str, str]]]:
    out = []
    for line in text.split("\n"):
        key, _, value = line.partition(":")
        if key in ("A", "T", "S"):
            out.append(parse_params(value))
        elif key == "SVar" and "$" in value.partition(":")[2]:
            out.append(parse_params(value.partition(":")[2]))
    return out


def _missing_amounts(card: Card) -> list[str]:
    try:
        text = BACKEND.render_card(card)
    except RenderError:
        return []
    out = []
    for params in _abilities(text):
        keys = {key for key, _ in params}
        out += [f"{card.name}: {dict(params)} has {kind}$ without {amount}$"
                for kind, amount in AMOUNT_OF.items() if kind in keys and amount not in keys]
    return out


def test_the_shipped_cards_write_every_counter_amount() -> None:
    catalog = shipped_catalog().cards
    assert [line for loaded in catalog for line in _missing_amounts(loaded.card)] == []
    captain = next(loaded.card for loaded in catalog if loaded.card.name == "Hearthward Captain")
    assert "CounterNum$ 1" in BACKEND.render_card(captain)


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cards())
def test_any_card_writes_every_counter_amount(card: Card) -> None:
    assert _missing_amounts(card) == []
