"""Surveil (701.25), an effect kind added as one construct module (`cardgen/vocab/effects/surveil.py`): its
phrasing forms, Forge's `Surveil` API, XMage's `SurveilEffect` and both readers; the resolver's surveil is
played by `scenarios/cgt/ledgerwing_survey.yaml`, from the spec and from both engines' files."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

SURVEIL = {"effect": "surveil", "amount": 2}


def _card(line: str, effects: list[dict]) -> Card:
    return Card.model_validate({
        "name": "Test Survey", "mana_cost": "{U}", "types": ["Sorcery"], "oracle": line,
        "printings": [{"set": "CGT", "number": "97", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": line, "effects": effects}]})


@pytest.mark.parametrize(("line", "effects"), [
    ("Surveil 2.", [SURVEIL]),
    ("Surveil 1.", [{"effect": "surveil"}]),
    ("Target player surveils 2.", [{**SURVEIL, "who": {"target": {"player": "any"}}}]),
])
def test_the_line_reads_and_renders(line: str, effects: list[dict]) -> None:
    assert read_line(line, "Test Survey", spell=True).ability == {"kind": "spell", "text": line, "effects": effects}
    assert render_ability({"kind": "spell", "effects": effects}, "Test Survey") == line


def test_both_engines_write_their_own_form_and_read_it_back() -> None:
    script, source = rendered_and_read_back(_card("Surveil 2.", [SURVEIL]), "test_survey.txt")
    assert "A:SP$ Surveil | Amount$ 2 |" in script
    assert "new SurveilEffect(2, false)" in source
