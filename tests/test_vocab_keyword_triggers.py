"""Keywords beyond the evergreen ones: prowess (702.108), a triggered ability the resolver gives every
permanent that has the keyword (its own or granted), and changeling (702.73), every creature type; and
lists of three or more keywords, printed with the serial comma. Their behaviour is played by
`scenarios/blb/lightshell_duo.yaml`, `overprotect.yaml` and `sword_of_vengeance.yaml` from the spec and
from both engines' files."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability
from cardgen.resolver.game import Game


def _creature(keyword: str, line: str) -> Card:
    return Card.model_validate({
        "name": "Test Otter", "mana_cost": "{U}", "types": ["Creature"], "subtypes": ["Otter"], "pt": "1/1",
        "oracle": line, "printings": [{"set": "CGT", "number": "96", "rarity": "common"}],
        "abilities": [{"kind": "keyword", "keyword": keyword}]})


@pytest.mark.parametrize(("keyword", "line", "forge", "xmage"), [
    ("prowess", "Prowess (Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn.)",
     "K:Prowess", "new ProwessAbility()"),
    ("changeling", "Changeling (This card is every creature type.)", "K:Changeling", "new ChangelingAbility()"),
])
def test_both_engines_write_the_keyword_and_read_it_back(keyword: str, line: str, forge: str, xmage: str) -> None:
    script, source = rendered_and_read_back(_creature(keyword, line), "test_otter.txt")
    assert forge in script
    assert xmage in source


def test_prowess_is_a_noncreature_cast_trigger_of_the_permanent_itself() -> None:
    ability = Game.new(["alice", "bob"]).state.keyword_triggers["prowess"]
    assert ability.event.cast.not_types == ["creature"]
    assert [(e.effect, e.what, e.power, e.toughness, e.duration) for e in ability.effects] == \
        [("pump", "self", 1, 1, "end_of_turn")]


def test_three_keywords_read_and_print_with_the_serial_comma() -> None:
    line = "Target creature gains trample, hexproof, and indestructible until end of turn."
    effects = [{"effect": "gain_keyword", "what": {"target": {"types": ["creature"]}},
                "keywords": ["trample", "hexproof", "indestructible"]}]
    assert read_line(line, "Test Spell", spell=True).ability == {"kind": "spell", "text": line, "effects": effects}
    assert render_ability({"kind": "spell", "effects": effects}, "Test Spell") == line
    two = [{**effects[0], "keywords": ["trample", "hexproof"]}]
    assert render_ability({"kind": "spell", "effects": two}, "Test Spell") == \
        "Target creature gains trample and hexproof until end of turn."
