"""Looking at the top cards and splitting them between the hand and the graveyard (`look_and_split`, Stargaze), with
the `twice_x` amount ("twice X", 107.3a): the printed form, Forge's `Dig` with `DestinationZone2$ Graveyard` and
`Count$xPaid/Twice` as Forge's own Stargaze, XMage's card effect of two dynamic values
(`MultipliedValue(GetXValue.instance, 2)`), both read back; the choices are played by Stargaze's scenarios."""

from __future__ import annotations

from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

NAME = "Test Stargazer"
LINE = ("Look at twice X cards from the top of your library. Put X cards from among them into your hand and the rest "
        "into your graveyard. You lose X life.")
EFFECTS = [{"effect": "look_and_split", "amount": {"count": "twice_x"}, "take": {"count": "x"}},
           {"effect": "lose_life", "amount": {"count": "x"}}]


def test_the_line_reads_and_renders() -> None:
    read = read_line(LINE, NAME, spell=True).ability
    assert read is not None and read["effects"] == EFFECTS
    assert render_ability({"kind": "spell", "effects": EFFECTS}, NAME).lower() == LINE.lower()  # X is a literal word


def test_both_engines_write_their_own_form_and_read_it_back() -> None:
    card = Card.model_validate({
        "name": NAME, "mana_cost": "{X}{B}{B}", "types": ["Sorcery"], "oracle": LINE,
        "printings": [{"set": "CGT", "number": "91", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": LINE, "effects": EFFECTS}]})
    script, source = rendered_and_read_back(card, "test_stargazer.txt")
    assert "DestinationZone2$ Graveyard" in script and "Count$xPaid/Twice" in script
    flat = "".join(source.split())
    assert "newTestStargazerEffect(newMultipliedValue(GetXValue.instance,2),GetXValue.instance)" in flat
    assert "newLoseLifeSourceControllerEffect(GetXValue.instance)" in flat
