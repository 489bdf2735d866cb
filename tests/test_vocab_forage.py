"""Forage (701.61), an effect kind added as one construct module (`cardgen/vocab/effects/forage.py`): "you may
forage. If you do, <effect>" read and rendered, Forge's `UnlessCost$ Forage | UnlessPayer$ You |
UnlessSwitched$ True` on the gated ability, XMage's `DoIfCostPaid(<effect>, new ForageCost())`, both readers,
and the resolver's two ways to forage and the case where neither is possible (the scenarios of Treetop
Sentries and Bushy Bodyguard play them from the spec and from both engines' files)."""

from __future__ import annotations

import re

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.engines.forge.backend import ForgeBackend
from cardgen.engines.forge.reader import read_script
from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

REMINDER = " (To forage, exile three cards from your graveyard or sacrifice a Food.)"


def _card(line: str, effects: list[dict]) -> Card:
    return Card.model_validate({
        "name": "Test Forager", "mana_cost": "{G}", "types": ["Creature"], "subtypes": ["Squirrel"], "pt": "1/1",
        "oracle": line, "printings": [{"set": "CGT", "number": "98", "rarity": "common"}],
        "abilities": [{"kind": "triggered", "text": line, "event": "enters", "effects": effects}]})


@pytest.mark.parametrize(("line", "gated"), [
    ("When this creature enters, you may forage. If you do, draw a card.", {"effect": "draw"}),
    ("When this creature enters, you may forage. If you do, put two +1/+1 counters on it.",
     {"effect": "put_counters", "what": "self", "counter": "+1/+1", "amount": 2}),
])
def test_the_line_reads_and_renders(line: str, gated: dict) -> None:
    effects = [{"effect": "forage", "optional": True, "effects": [gated]}]
    ability = {"kind": "triggered", "text": line, "event": "enters", "effects": effects}
    assert read_line(line, "Test Forager", spell=False).ability == ability
    rendered = render_ability({"kind": "triggered", "event": "enters", "effects": effects}, "Test Forager")
    assert rendered is not None and rendered.startswith("When Test Forager enters, you may forage. If you do, ")
    assert read_line(rendered, "Test Forager", spell=False).ability == {**ability, "text": rendered}


@pytest.mark.parametrize(("gated", "forge", "xmage"), [
    ({"effect": "draw"}, "DB$ Draw | UnlessCost$ Forage | UnlessPayer$ You | UnlessSwitched$ True",
     "new DoIfCostPaid(new DrawCardSourceControllerEffect(1), new ForageCost())"),
    ({"effect": "put_counters", "what": "self", "counter": "+1/+1", "amount": 2},
     "DB$ PutCounter | CounterType$ P1P1 | CounterNum$ 2 | UnlessCost$ Forage | UnlessPayer$ You "
     "| UnlessSwitched$ True",
     "new AddCountersSourceEffect(CounterType.P1P1.createInstance(2)), new ForageCost()"),
])
def test_both_engines_write_their_own_form_and_read_it_back(gated: dict, forge: str, xmage: str) -> None:
    effects = [{"effect": "forage", "optional": True, "effects": [gated]}]
    line = render_ability({"kind": "triggered", "event": "enters", "effects": effects}, "Test Forager")
    assert line is not None
    script, source = rendered_and_read_back(_card(line + REMINDER, effects), "test_forager.txt")
    assert forge in script
    assert xmage in re.sub(r"\(\s+", "(", re.sub(r"\s+", " ", source)).replace(" )", ")")


def test_forge_an_unless_cost_paid_by_another_player_is_not_foraging() -> None:
    effects = [{"effect": "forage", "optional": True, "effects": [{"effect": "draw"}]}]
    line = "When this creature enters, you may forage. If you do, draw a card."
    script = ForgeBackend().render_card(_card(line, effects))
    result = read_script(script.replace("UnlessPayer$ You", "UnlessPayer$ Opponent"), "test_forager.txt")
    assert "FG201" in [d.code for d in result.diagnostics] and result.card is None
