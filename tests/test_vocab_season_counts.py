"""Two counted amounts of Season of Loss, each one construct module: `creatures_died` ("for each creature
that died under your control this turn", `cardgen/vocab/amounts/creatures_died.py`, 700.4) and
`cards_in_graveyard` ("where X is the number of creature cards in your graveyard",
`cardgen/vocab/amounts/cards_in_graveyard.py`); their phrasing, Forge's count SVars and XMage's dynamic
values both ways, and what the game counts. `scenarios/blb/season_of_loss.yaml` plays them from the spec
and from both engines' files."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability


def _card(line: str, effects: list[dict]) -> Card:
    return Card.model_validate({
        "name": "Test Loss", "mana_cost": "{B}", "types": ["Sorcery"], "oracle": line,
        "printings": [{"set": "CGT", "number": "95", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": line, "effects": effects}]})


CASES = [
    ("Draw a card for each creature that died under your control this turn.",
     [{"effect": "draw", "amount": {"count": "creatures_died"}}],
     "Count$ThisTurnEntered_Graveyard_from_Battlefield_Creature.YouCtrl",
     "new DrawCardSourceControllerEffect(CreaturesYouControlDiedCount.instance)"),
    ("Each opponent loses X life, where X is the number of creature cards in your graveyard.",
     [{"effect": "lose_life", "who": "each_opponent", "amount": {"count": "cards_in_graveyard", "type": "creature"}}],
     "Count$ValidGraveyard Creature.YouOwn",
     "new LoseLifeOpponentsEffect(new CardsInControllerGraveyardCount(StaticFilters.FILTER_CARD_CREATURES))"),
]


@pytest.mark.parametrize(("line", "effects", "forge", "xmage"), CASES)
def test_the_line_reads_renders_and_goes_both_ways(line: str, effects: list[dict], forge: str, xmage: str) -> None:
    assert read_line(line, "Test Loss", spell=True).ability == {"kind": "spell", "text": line, "effects": effects}
    assert render_ability({"kind": "spell", "effects": effects}, "Test Loss") == line
    script, source = rendered_and_read_back(_card(line, effects), "test_loss.txt")
    assert forge in script
    assert xmage in " ".join(source.split()).replace("( ", "(").replace(" )", ")")


def test_the_game_counts_deaths_under_each_controller_and_forgets_them_with_the_turn() -> None:
    from cardgen.game import zones
    from cardgen.resolver.setup import put
    from cardgen.resolver.testing import make_card, new_game

    game = new_game()
    bears = put(game.state, "alice", make_card("Bears", pt="2/2"), "battlefield")
    drake = put(game.state, "bob", make_card("Drake", pt="2/2"), "battlefield")
    relic = put(game.state, "alice", make_card("Relic", "Artifact"), "battlefield")
    for obj in (bears, drake, relic):
        zones.move(game.state, obj.oid, "graveyard")
    assert game.state.players["alice"].creatures_died_this_turn == 1
    assert game.state.players["bob"].creatures_died_this_turn == 1
    game.next_turn()
    assert game.state.players["alice"].creatures_died_this_turn == 0
