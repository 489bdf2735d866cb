"""Ward (702.21), an ability kind added as one construct module (`cardgen/vocab/abilities/ward.py`): its
printed forms, Forge's `K:Ward:<cost>`, XMage's `WardAbility` with a cost, both readers, and the resolver's
trigger (played by `scenarios/cgt/moatback_sentinel.yaml`, `hushscale_warden.yaml`, `gloomfeather_owl.yaml`)."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back
from pydantic import ValidationError

from cardgen.engines.forge.reader import read_script
from cardgen.model.card import Card
from cardgen.phrasing import read_line


def _card(line: str, ability: dict) -> Card:
    return Card.model_validate({
        "name": "Test Warden", "mana_cost": "{1}{U}", "types": ["Creature"], "pt": "2/2", "oracle": line,
        "printings": [{"set": "CGT", "number": "97", "rarity": "common"}], "abilities": [ability]})


@pytest.mark.parametrize(("line", "ability", "forge", "xmage"), [
    ("Ward {1}", {"kind": "ward", "mana": "{1}"}, "K:Ward:1", "new WardAbility(new GenericManaCost(1), false)"),
    ("Ward {2}", {"kind": "ward", "mana": "{2}"}, "K:Ward:2", "new WardAbility(new GenericManaCost(2), false)"),
    ("Ward—Pay 2 life.", {"kind": "ward", "life": 2}, "K:Ward:PayLife<2>",
     "new WardAbility(new PayLifeCost(2), false)"),
    ("Ward—Discard a card.", {"kind": "ward", "discard": 1}, "K:Ward:Discard<1/Card>",
     "new WardAbility(new DiscardCardCost(), false)"),
])
def test_the_line_reads_and_both_engines_write_and_read_it(line: str, ability: dict, forge: str, xmage: str) -> None:
    assert read_line(line, "Test Warden", spell=False).ability == ability
    script, source = rendered_and_read_back(_card(line, ability), "test_warden.txt")
    assert forge in script.split("\n")
    assert xmage in source


def test_sacrificing_a_food_reads_and_both_engines_write_and_read_it() -> None:
    """XMage's own Ygra: `new WardAbility(new SacrificeTargetCost(filter), false)` with a Food filter."""
    line, ability = "Ward—Sacrifice a Food.", {"kind": "ward", "sacrifice": "Food"}
    assert read_line(line, "Test Warden", spell=False).ability == ability
    script, source = rendered_and_read_back(_card(line, ability), "test_warden.txt")
    assert "K:Ward:Sac<1/Food>" in script.split("\n")
    assert "new WardAbility(new SacrificeTargetCost(filter), false)" in source
    back = read_script(script, "test_warden.txt")
    assert back.card is not None and back.card.abilities[0].model_dump(exclude_defaults=True) == ability


def test_xmage_own_mana_cost_spelling_reads_as_the_same_ward() -> None:
    """XMage's own Long River Lurker writes `new WardAbility(new ManaCostsImpl<>("{1}"), false)`."""
    from xmage_strategies import registrations_for

    from cardgen.engines.xmage.backend import XMageBackend
    from cardgen.engines.xmage.reader import read_class
    card = _card("Ward {1}", {"kind": "ward", "mana": "{1}"})
    source = XMageBackend().render_card(card).replace("new GenericManaCost(1)", 'new ManaCostsImpl<>("{1}")')
    back = read_class(source, registrations_for(card))
    assert back.card is not None
    assert back.card.abilities[0].model_dump(exclude_defaults=True) == {"kind": "ward", "mana": "{1}"}


@pytest.mark.parametrize("costs", [{}, {"mana": "{1}", "life": 2}])
def test_ward_has_exactly_one_cost(costs: dict) -> None:
    with pytest.raises(ValidationError, match="exactly one cost"):
        _card("Ward {1}", {"kind": "ward", **costs})
