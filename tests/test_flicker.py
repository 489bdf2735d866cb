"""Exile a creature, then return it (a "flicker", 400.7: it returns as a new object), with a check of the
creature that returned ("If that creature is a Bird, Frog, Otter, or Rat, draw a card."): the phrasing of the
check, both engines' forms and their read-back (played by `scenarios/blb/splash_portal.yaml`)."""

from __future__ import annotations

from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

LINE = ("Exile target creature you control, then return it to the battlefield under its owner's control. "
        "If that creature is a Bird, Frog, Otter, or Rat, draw a card.")
EFFECTS = [
    {"effect": "exile", "what": {"target": {"types": ["creature"], "controller": "you"}}, "id": "exile_1"},
    {"effect": "return_card", "what": {"ref": "exile_1"}, "to": "battlefield"},
    {"effect": "draw", "only_if": {"ref": "exile_1", "matches": {"subtypes": ["Bird", "Frog", "Otter", "Rat"]}}},
]


def test_the_check_of_that_creature_reads_and_renders() -> None:
    assert read_line(LINE, "Test Portal", spell=True).ability == {"kind": "spell", "text": LINE, "effects": EFFECTS}
    rendered = render_ability({"kind": "spell", "effects": EFFECTS}, "Test Portal")
    assert rendered is not None and rendered.endswith(" If that creature is a Bird, Frog, Otter, or Rat, draw a card.")


def test_both_engines_check_the_creature_where_it_returned() -> None:
    card = Card.model_validate({
        "name": "Test Portal", "mana_cost": "{U}", "types": ["Sorcery"], "oracle": LINE,
        "printings": [{"set": "CGT", "number": "97", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": LINE, "effects": EFFECTS}]})
    script, source = rendered_and_read_back(card, "test_portal.txt")
    assert "ConditionDefined$ Remembered | ConditionPresent$ Bird,Frog,Otter,Rat" in script
    assert "exile_1.retainZone(Zone.BATTLEFIELD, game);" in source
