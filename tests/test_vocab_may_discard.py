"""The `may_discard` effect ("you may discard a card. If you do, draw a card", 608.2c), one construct module
(`cardgen/vocab/effects/may_discard.py`): its form, Forge's `UnlessCost$ Discard<1/Card>` switched, XMage's
`DoIfCostPaid` with a `DiscardCardCost` (beside forage's `DoIfCostPaid` with its own cost), both readers; Take
Out the Trash's scenarios play it from the spec and from both engines' files."""

from __future__ import annotations

from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

LINE = "You may discard a card. If you do, draw a card."
EFFECTS = [{"effect": "may_discard", "effects": [{"effect": "draw"}]}]


def _card() -> Card:
    return Card.model_validate({
        "name": "Test Rummage", "mana_cost": "{R}", "types": ["Instant"], "oracle": LINE,
        "printings": [{"set": "CGT", "number": "97", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": LINE, "effects": EFFECTS}]})


def test_the_line_reads_and_renders() -> None:
    assert read_line(LINE, "Test Rummage", spell=True).ability == {"kind": "spell", "text": LINE, "effects": EFFECTS}
    assert render_ability({"kind": "spell", "effects": EFFECTS}, "Test Rummage") == LINE


def test_both_engines_write_their_own_form_and_read_it_back() -> None:
    script, source = rendered_and_read_back(_card(), "test_rummage.txt")
    assert "UnlessCost$ Discard<1/Card> | UnlessPayer$ You | UnlessSwitched$ True" in script
    assert "new DoIfCostPaid(new DrawCardSourceControllerEffect(1), new DiscardCardCost())" in source
