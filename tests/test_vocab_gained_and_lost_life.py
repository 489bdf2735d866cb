"""The `gained_and_lost_life` condition (Lunar Convocation: "if you gained and lost life this turn", 603.4, 119.3):
its printed form, Forge's `CheckSVar$` of the life lost times the life gained (as Forge's own Lunar Convocation),
XMage's `CompoundCondition` of the framework's two conditions with the watcher it reads, both read back. The
resolver side is played by the card's scenarios (gained only, lost only, both in either order)."""

from __future__ import annotations

from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

NAME = "Test Convocation"
LINE = "At the beginning of your end step, if you gained and lost life this turn, draw a card."
ABILITY = {"kind": "triggered", "event": {"beginning_of": "end_step"}, "intervening_if": "gained_and_lost_life",
           "effects": [{"effect": "draw"}]}


def test_the_line_reads_and_renders() -> None:
    assert read_line(LINE, NAME, spell=False).ability == {**ABILITY, "text": LINE}
    assert render_ability(ABILITY, NAME) == LINE


def test_both_engines_write_their_own_form_and_read_it_back() -> None:
    card = Card.model_validate({
        "name": NAME, "mana_cost": "{W}{B}", "types": ["Enchantment"], "oracle": LINE,
        "printings": [{"set": "CGT", "number": "95", "rarity": "common"}], "abilities": [{**ABILITY, "text": LINE}]})
    script, source = rendered_and_read_back(card, "test_convocation.txt")
    assert "CheckSVar$ Y | SVarCompare$ GE1" in script
    assert "SVar:Y:PlayerCountPropertyYou$LifeLostThisTurn/Times.X" in script
    assert "SVar:X:Count$LifeYouGainedThisTurn" in script
    flat = "".join(source.split())
    assert ('withInterveningIf(newCompoundCondition("yougainedandlostlifethisturn",YouGainedLifeCondition.getZero(),'
            'newYouLostLifeCondition())).addWatcher(newPlayerGainedLifeWatcher())') in flat
