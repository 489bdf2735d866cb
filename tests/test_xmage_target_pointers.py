"""XMage's target pointers are one declaration (`engines/xmage/targets.py`) the writer and the reader both
spell: the framework's three pointer classes, then the card's own `NthTargetPointer` subclass. A pointer
past the third target, on a conditional effect the reader re-wraps, once crashed the reader (KeyError)."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.engines.xmage.imports import Imports
from cardgen.engines.xmage.targets import pointer_expr, pointer_index, pointer_new
from cardgen.model.card import Card


@pytest.mark.parametrize("index", range(1, 7))
def test_every_pointer_the_writer_spells_reads_back_as_its_index(index: int) -> None:
    written = pointer_expr(index, Imports(), "TestCallTargetPointer")
    assert written == pointer_new(index, "TestCallTargetPointer")
    assert pointer_index(written, ["TestCallTargetPointer"]) == index


def test_the_first_target_has_no_pointer_and_other_expressions_are_no_pointer() -> None:
    assert pointer_expr(0, Imports()) is None
    assert pointer_index(pointer_new(0, None), []) == 0
    assert pointer_index(pointer_new(4, "OtherTargetPointer"), ["TestCallTargetPointer"]) is None


def test_a_conditional_effect_on_the_fourth_target_reads_back() -> None:
    line = ("Tap target creature. Tap target artifact. Tap target enchantment. "
            "If the gift was promised, tap target land, then untap it.")
    effects = [{"effect": "tap", "what": {"target": {"types": [kind]}}} for kind in ("creature", "artifact",
                                                                                      "enchantment")]
    effects += [{"id": "x", "effect": "tap", "what": {"target": {"types": ["land"]}}, "condition": "promised"},
                {"effect": "untap", "what": {"ref": "x"}, "condition": "promised"}]
    card = Card.model_validate({
        "name": "Test Call", "mana_cost": "{G}", "types": ["Instant"], "oracle": line, "gift": "card",
        "printings": [{"set": "CGT", "number": "91", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": line, "effects": effects}]})
    _script, source = rendered_and_read_back(card, "test_call.txt")
    assert ".setTargetPointer(new TestCallTargetPointer(4))" in source
