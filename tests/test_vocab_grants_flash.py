""""You may cast <spells> as though they had flash." (702.8a), an ability kind of one module
(`cardgen/vocab/abilities/grants_flash.py`): the line reads, both engines write their own form and read it
back, and the timing check lets only the permanent's controller cast only the spells it names. Valley
Floodcaller's scenarios play it from the spec and from both engines' files."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.game.errors import GameError
from cardgen.model.card import Card
from cardgen.phrasing import read_line
from cardgen.resolver.testing import cast, make_card, new_game, put

LINE = "You may cast noncreature spells as though they had flash."
SPELLS = {"zone": "stack", "not_types": ["creature"]}


def _caller() -> Card:
    return Card.model_validate({
        "name": "Test Caller", "mana_cost": "{U}", "types": ["Creature"], "pt": "1/1", "oracle": LINE,
        "printings": [{"set": "CGT", "number": "94", "rarity": "common"}],
        "abilities": [{"kind": "grants_flash", "text": LINE, "spells": SPELLS}]})


def test_the_line_reads() -> None:
    assert read_line(LINE, "Test Caller", spell=False).ability == {"kind": "grants_flash", "text": LINE,
                                                                    "spells": SPELLS}


def test_both_engines_write_their_own_form_and_read_it_back() -> None:
    script, source = rendered_and_read_back(_caller(), "test_caller.txt")
    assert "S:Mode$ CastWithFlash | ValidCard$ Card.nonCreature | ValidSA$ Spell | Caster$ You |" in script
    assert 'new FilterCard("noncreature spells")' in source
    assert "new CastAsThoughItHadFlashAllEffect(Duration.WhileOnBattlefield, filter)" in source


def test_only_its_controller_casts_only_those_spells_at_instant_speed() -> None:
    game = new_game(active="bob")
    put(game.state, "alice", _caller(), "battlefield")
    put(game.state, "alice", make_card("Idea", "Sorcery", abilities=[
        {"kind": "spell", "text": "Draw a card.", "effects": [{"effect": "draw"}]}]), "hand")
    put(game.state, "alice", make_card("Bear", "Creature", pt="2/2"), "hand")
    cast(game, "alice", "Idea")  # in bob's turn: the sorcery as though it had flash
    with pytest.raises(GameError) as refused:
        cast(game, "alice", "Bear")
    assert refused.value.code == "timing"
