"""Untap ("untap target creature", "untap all ...", "untap ~"): phrasing forms, Forge's Untap/UntapAll,
XMage's UntapTargetEffect/UntapAllEffect/UntapSourceEffect, both readers; the resolver plays
`scenarios/cgt/dawnstir_call.yaml` (an untapped permanent stays untapped, no event)."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.engines.xmage.backend import XMageBackend
from cardgen.engines.xmage.lower import CardLowering
from cardgen.engines.xmage.render import card_class_name
from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

TARGET = {"effect": "untap", "what": {"target": {"types": ["creature"]}}}
ALL = {"effect": "untap", "what": {"all": {"types": ["creature"], "controller": "you"}}}


def _card(line: str, effect: dict) -> Card:
    return Card.model_validate({
        "name": "Test Call", "mana_cost": "{G}", "types": ["Instant"], "oracle": line,
        "printings": [{"set": "CGT", "number": "91", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": line, "effects": [effect]}]})


@pytest.mark.parametrize(("line", "effect"), [("Untap target creature.", TARGET),
                                              ("Untap all creatures you control.", ALL)])
def test_the_line_reads_and_renders(line: str, effect: dict) -> None:
    assert read_line(line, "Test Call", spell=True).ability == {"kind": "spell", "text": line, "effects": [effect]}
    rendered = render_ability({"kind": "spell", "effects": [effect]}, "Test Call")
    assert rendered is not None  # the forms' own wording ("untap creatures you control") reads back the same
    assert read_line(rendered, "Test Call", spell=True).ability["effects"] == [effect]


@pytest.mark.parametrize(("line", "effect", "forge", "java"), [
    ("Untap target creature.", TARGET, "SP$ Untap | ValidTgts$ Creature", "new UntapTargetEffect()"),
    ("Untap all creatures you control.", ALL, "SP$ UntapAll | ValidCards$ Creature.YouCtrl", "new UntapAllEffect("),
])
def test_both_engines_write_their_own_block_and_read_it_back(line: str, effect: dict, forge: str, java: str) -> None:
    script, source = rendered_and_read_back(_card(line, effect), "test_call.txt")
    assert forge in script
    assert java in source


def test_xmage_prints_untap_target_creature_with_the_framework_text() -> None:
    card = _card("Untap target creature.", TARGET)
    lowering = CardLowering(card, card_class_name(card))
    lowering.lower()
    assert [block.rules for block in lowering.blocks] == ["Untap target creature."]
    assert "setText" not in XMageBackend().render_card(card)


def test_an_untap_effect_on_a_stunned_permanent_removes_a_stun_counter_instead() -> None:
    """122.1d replaces any untapping, an effect's as well as the untap step's."""
    from cardgen.resolver.setup import put
    from cardgen.resolver.testing import cast, events, new_game

    call = _card("Untap target creature.", TARGET)
    game = new_game()
    bear = put(game.state, "alice", Card.model_validate({
        "name": "Bear", "mana_cost": "{1}", "types": ["Creature"], "pt": "2/2", "oracle": "",
        "printings": [{"set": "CGT", "number": "92", "rarity": "common"}]}), "battlefield", tapped=True,
        counters={"stun": 2})
    put(game.state, "alice", call, "hand")
    cast(game, "alice", "Test Call", bear.oid)
    assert bear.tapped and bear.counters == {"stun": 1}
    assert events(game, "untapped") == [] and events(game, "counters_removed")[0]["counter"] == "stun"
