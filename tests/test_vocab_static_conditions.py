"""Statics gated on the game ("Threshold — As long as there are seven or more cards in your graveyard, ...",
"As long as you control a token, ...", "As long as you've lost life this turn, ..."): the `as_long_as` forms
of the conditions, Forge's `Condition$ Threshold` / `IsPresent$` / `CheckSVar$` on the static, XMage's
`ConditionalContinuousEffect` with the framework condition (and the ability word), both readers, XMage's own
spelling with a `Condition` field, and the resolver evaluating the condition whenever the static is checked
(611.3a). Druid of the Spade, Mindwhisker and Mind Drill Assailant (`scenarios/blb/`) play them."""

from __future__ import annotations

from typing import Any

import pytest
from engine_roundtrip import rendered_and_read_back
from xmage_strategies import registrations_for

from cardgen.engines.xmage.reader import read_class
from cardgen.game.continuous import view
from cardgen.model.card import Card
from cardgen.phrasing import read_line
from cardgen.resolver.setup import put
from cardgen.resolver.testing import find, make_card, new_game

CASES: list[tuple[str, str, dict[str, Any], str, str]] = [
    ("Threshold — As long as there are seven or more cards in your graveyard, this creature gets +3/+0.",
     "threshold", {"affected": "self", "power": 3}, "Condition$ Threshold",
     "ThresholdCondition.instance"),
    ("As long as you control a token, this creature gets +2/+0 and has trample.", "control_token",
     {"affected": "self", "power": 2, "add_keywords": ["trample"]}, "IsPresent$ Permanent.token+YouCtrl",
     "new PermanentsOnTheBattlefieldCondition(StaticFilters.FILTER_PERMANENT_TOKEN, true)"),
    ("As long as you've lost life this turn, this creature has flying and vigilance.", "lost_life",
     {"affected": "self", "add_keywords": ["flying", "vigilance"]}, "CheckSVar$ X",
     "new YouLostLifeCondition()"),
]


def _card(line: str, effect: dict[str, Any]) -> Card:
    return Card.model_validate({
        "name": "Test Static", "mana_cost": "{1}{G}", "types": ["Creature"], "pt": "2/2", "oracle": line,
        "printings": [{"set": "CGT", "number": "94", "rarity": "common"}],
        "abilities": [{"kind": "static", "text": line, "effects": [effect]}]})


@pytest.mark.parametrize(("line", "condition", "shape", "forge", "xmage"), CASES)
def test_the_line_reads_as_a_conditional_static(line: str, condition: str, shape: dict[str, Any], forge: str,
                                                 xmage: str) -> None:
    read = read_line(line, "Test Static", spell=False)
    assert read.ability == {"kind": "static", "text": line,
                            "effects": [{"effect": "modify", **shape, "condition": condition}]}


@pytest.mark.parametrize(("line", "condition", "shape", "forge", "xmage"), CASES)
def test_both_engines_write_the_condition_and_read_it_back(line: str, condition: str, shape: dict[str, Any],
                                                            forge: str, xmage: str) -> None:
    script, source = rendered_and_read_back(_card(line, {"effect": "modify", **shape, "condition": condition}),
                                            "test_static.txt")
    assert forge in script
    assert "new ConditionalContinuousEffect(" in source and xmage in source


def test_threshold_says_its_ability_word_in_xmage() -> None:
    line, condition, shape, _, _ = CASES[0]
    _, source = rendered_and_read_back(_card(line, {"effect": "modify", **shape, "condition": condition}),
                                       "test_static.txt")
    assert ".setAbilityWord(AbilityWord.THRESHOLD)" in source
    assert '"as long as there are seven or more cards in your graveyard, {this} gets +3/+0"' in source


def test_xmage_own_condition_field_reads_as_the_condition() -> None:
    """XMage's own classes hold the condition in a field and add a hint: both read as the condition."""
    line, condition, shape, _, _ = CASES[1]
    card = _card(line, {"effect": "modify", **shape, "condition": condition})
    source = '''package mage.cards.t;

import java.util.UUID;

public final class TestStatic extends CardImpl {

    private static final Condition condition
            = new PermanentsOnTheBattlefieldCondition(StaticFilters.FILTER_PERMANENT_TOKEN, true);
    private static final Hint hint = new ConditionHint(condition, "You control a token");

    public TestStatic(UUID ownerId, CardSetInfo setInfo) {
        super(ownerId, setInfo, new CardType[]{CardType.CREATURE}, "{1}{G}");
        this.power = new MageInt(2);
        this.toughness = new MageInt(2);

        // As long as you control a token, Test Static gets +2/+0 and has trample.
        Ability ability = new SimpleStaticAbility(new ConditionalContinuousEffect(
                new BoostSourceEffect(2, 0, Duration.WhileOnBattlefield),
                condition, "as long as you control a token, {this} gets +2/+0"
        ));
        ability.addEffect(new ConditionalContinuousEffect(
                new GainAbilitySourceEffect(TrampleAbility.getInstance()), condition, "and has trample"
        ));
        this.addAbility(ability.addHint(hint));
    }
}
'''
    read = read_class(source, registrations_for(card))
    assert read.card is not None, read.diagnostics
    assert read.card.abilities[0].model_dump(exclude_defaults=True)["effects"] == [
        {"effect": "modify", "affected": "self", "power": 2, "add_keywords": ["trample"],
         "condition": "control_token"}]


def _creature(game: Any, line: str, condition: str, shape: dict[str, Any]) -> Any:
    put(game.state, "alice", _card(line, {"effect": "modify", **shape, "condition": condition}), "battlefield")
    return find(game, "Test Static")


def test_threshold_is_checked_whenever_the_static_is() -> None:
    game = new_game()
    line, condition, shape, _, _ = CASES[0]
    creature = _creature(game, line, condition, shape)
    for _ in range(6):
        put(game.state, "alice", make_card("Filler", "Instant"), "graveyard")
    assert view(game.state, creature).power == 2
    put(game.state, "bob", make_card("Filler", "Instant"), "graveyard")  # the opponent's graveyard: no
    assert view(game.state, creature).power == 2
    put(game.state, "alice", make_card("Filler", "Instant"), "graveyard")
    assert view(game.state, creature).power == 5


def test_a_token_the_opponent_controls_is_not_yours() -> None:
    game = new_game()
    line, condition, shape, _, _ = CASES[1]
    creature = _creature(game, line, condition, shape)
    token = make_card("Fish", "Creature", pt="1/1")
    put(game.state, "bob", token, "battlefield")
    find(game, "Fish").is_token = True
    assert (view(game.state, creature).power, "trample" in view(game.state, creature).keywords) == (2, False)
    put(game.state, "alice", make_card("Rabbit", "Creature", pt="1/1"), "battlefield")
    find(game, "Rabbit").is_token = True
    assert (view(game.state, creature).power, "trample" in view(game.state, creature).keywords) == (4, True)


def test_life_lost_this_turn_gives_the_keywords() -> None:
    game = new_game()
    line, condition, shape, _, _ = CASES[2]
    creature = _creature(game, line, condition, shape)
    assert "flying" not in view(game.state, creature).keywords
    game.state.players["alice"].life_lost_this_turn = 2
    assert {"flying", "vigilance"} <= view(game.state, creature).keywords
