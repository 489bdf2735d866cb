"""The `you_control` condition ("if you control a Rabbit", 608.2c), a condition with a model of its own
(`cardgen/vocab/conditions/you_control.py`): its forms before and after an effect, Forge's
`ConditionPresent$ ... .YouCtrl`, XMage's `PermanentsOnTheBattlefieldCondition`, both readers (XMage's own
spelling with the condition in a field and the filter made in place too), and the resolver reading it as the
effect resolves; Rabbit Response's and Psychic Whorl's scenarios play it from the spec and both engines'
files."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back
from xmage_strategies import registrations_for

from cardgen.engines.xmage.reader import read_class
from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

RABBIT = {"you_control": {"subtypes": ["Rabbit"]}}


def _card(line: str, effects: list[dict]) -> Card:
    return Card.model_validate({
        "name": "Test Warren", "mana_cost": "{W}", "types": ["Instant"], "oracle": line,
        "printings": [{"set": "CGT", "number": "97", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": line, "effects": effects}]})


@pytest.mark.parametrize(("line", "effects", "written"), [
    ("Draw a card. If you control a Rabbit, scry 2.",
     [{"effect": "draw"}, {"effect": "scry", "amount": 2, "condition": RABBIT}], None),
    ("Draw a card. You gain 3 life if you control a Bat.",
     [{"effect": "draw"}, {"effect": "gain_life", "amount": 3, "condition": {"you_control": {"subtypes": ["Bat"]}}}],
     "Draw a card. If you control a Bat, you gain 3 life."),  # the condition after the clause reads the same
])
def test_the_line_reads_and_renders(line: str, effects: list[dict], written: str | None) -> None:
    assert read_line(line, "Test Warren", spell=True).ability == {"kind": "spell", "text": line, "effects": effects}
    assert render_ability({"kind": "spell", "effects": effects}, "Test Warren") == (written or line)


def test_then_if_reads_as_the_condition() -> None:
    line = "Draw a card. Then if you control a Rat, surveil 2."
    assert read_line(line, "Test Warren", spell=True).ability["effects"] == [
        {"effect": "draw"}, {"effect": "surveil", "amount": 2, "condition": {"you_control": {"subtypes": ["Rat"]}}}]


def test_the_filter_names_no_controller_of_its_own() -> None:
    with pytest.raises(ValueError, match="you_control"):
        _card("Scry 2.", [{"effect": "scry", "amount": 2,
                           "condition": {"you_control": {"subtypes": ["Rabbit"], "controller": "opponent"}}}])


def test_both_engines_write_their_own_form_and_read_it_back() -> None:
    card = _card("Draw a card. If you control a Rabbit, scry 2.",
                 [{"effect": "draw"}, {"effect": "scry", "amount": 2, "condition": RABBIT}])
    script, source = rendered_and_read_back(card, "test_warren.txt")
    assert "ConditionPresent$ Rabbit.YouCtrl | ConditionCompare$ GE1" in script
    assert "new PermanentsOnTheBattlefieldCondition(filter)" in source
    assert "TargetController.YOU.getControllerPredicate()" in source


def test_xmage_own_spelling_reads_too() -> None:
    """XMage's own classes keep the condition in a `Condition` field, with the filter made in place."""
    card = _card("Draw a card. If you control a Rabbit, scry 2.",
                 [{"effect": "draw"}, {"effect": "scry", "amount": 2, "condition": RABBIT}])
    from cardgen.engines.xmage.backend import XMageBackend
    source = XMageBackend().render_card(card)
    start = source.index("    private static final FilterPermanent filter")
    end = source.index("    public TestWarren(")
    source = source[:start] + (
        "    private static final Condition condition\n"
        "            = new PermanentsOnTheBattlefieldCondition(new FilterControlledPermanent(SubType.RABBIT));\n\n"
    ) + source[end:]
    source = source.replace("new PermanentsOnTheBattlefieldCondition(filter)", "condition")
    read = read_class(source, registrations_for(card))
    assert read.card is not None, read.diagnostics
    effects = read.card.abilities[0].effects  # type: ignore[union-attr]
    assert effects[1].condition.model_dump(exclude_defaults=True) == RABBIT
