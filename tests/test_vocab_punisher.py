"""The `punisher` effect ("target opponent loses 3 life unless they sacrifice a nonland permanent of their choice or
discard a card", 118.12): its printed form, Forge's `GenericChoice` of two `LoseLife` choices with an `UnlessCost$`
each and a fallback (Forge's own Thornplate Intimidator), XMage's `DoUnlessTargetPlayerOrTargetsControllerPaysEffect`
with an `OrCost` (XMage's own), both read back; the choices are played by the two cards' scenarios."""

from __future__ import annotations

from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

NAME = "Test Intimidator"
LINE = ("Target opponent loses 3 life unless they sacrifice a nonland permanent of their choice or discard a card.")
EFFECT = {"effect": "punisher", "who": {"target": {"player": "opponent"}}, "amount": 3,
          "sacrifice": {"types": ["permanent"], "not_types": ["land"]}}


def test_the_line_reads_and_renders() -> None:
    read = read_line(LINE, NAME, spell=True).ability
    assert read is not None and read["effects"] == [EFFECT]
    assert render_ability({"kind": "spell", "effects": [EFFECT]}, NAME) == LINE


def test_both_engines_write_their_own_form_and_read_it_back() -> None:
    card = Card.model_validate({
        "name": NAME, "mana_cost": "{B}", "types": ["Sorcery"], "oracle": LINE,
        "printings": [{"set": "CGT", "number": "92", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": LINE, "effects": [EFFECT]}]})
    script, source = rendered_and_read_back(card, "test_intimidator.txt")
    assert "SP$ GenericChoice | ValidTgts$ Opponent" in script
    assert "Choices$ PaySac,PayDiscard | FallbackAbility$ LoseLifeFallback | AILogic$ PayUnlessCost" in script
    assert "UnlessCost$ Sac<1/Permanent.nonLand/nonland permanent> | UnlessPayer$ Targeted" in script
    assert "UnlessCost$ Discard<1/Card> | UnlessPayer$ Targeted" in script
    flat = "".join(source.split())
    assert ('newDoUnlessTargetPlayerOrTargetsControllerPaysEffect(newLoseLifeTargetEffect(3),newOrCost('
            '"sacrificeanonlandpermanentordiscardacard",newSacrificeTargetCost(filter),newDiscardCardCost()),') in flat
    assert "addTarget(newTargetOpponent())" in flat
