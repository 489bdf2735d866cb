"""The `beginning_of` trigger event (603.2: "at the beginning of your upkeep", "of combat on your turn", "of
your end step", and every player's "each upkeep" / "each combat") and the conditions on the life of the turn
(`gained_or_lost_life`, `gained_life`) as an intervening "if" (603.4): the phrasing forms, Forge's phase
trigger and `CheckSVar$`, XMage's `BeginningOf...TriggeredAbility` with `withInterveningIf` and the watcher
the condition reads, both readers, and the resolver's steps. The cards are played by
`scenarios/cgt/bellwether_vole.yaml` and `scenarios/blb/starlit_soothsayer.yaml`."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back
from pydantic import ValidationError

from cardgen.engines.forge.reader import read_script
from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability
from cardgen.resolver.game import Game

NAME = "Test Bellringer"


def _card(line: str, ability: dict) -> Card:
    return Card.model_validate({
        "name": NAME, "mana_cost": "{1}{W}", "types": ["Creature"], "pt": "1/1", "oracle": line,
        "printings": [{"set": "CGT", "number": "97", "rarity": "common"}],
        "abilities": [{"kind": "triggered", "text": line, **ability}]})


GAIN = [{"effect": "gain_life", "amount": 1}]
LINES = [
    ("At the beginning of your upkeep, you gain 1 life.", {"beginning_of": "upkeep"}),
    ("At the beginning of each upkeep, you gain 1 life.", {"beginning_of": "upkeep", "turn": "each"}),
    ("At the beginning of combat on your turn, you gain 1 life.", {"beginning_of": "combat"}),
    ("At the beginning of each combat, you gain 1 life.", {"beginning_of": "combat", "turn": "each"}),
    ("At the beginning of your end step, you gain 1 life.", {"beginning_of": "end_step"}),
]


@pytest.mark.parametrize(("line", "event"), LINES)
def test_the_line_reads_and_renders(line: str, event: dict) -> None:
    ability = {"kind": "triggered", "event": event, "effects": GAIN}
    assert read_line(line, NAME, spell=False).ability == {**ability, "text": line}
    assert render_ability(ability, NAME) == line


@pytest.mark.parametrize(("line", "event"), LINES)
def test_both_engines_write_their_own_form_and_read_it_back(line: str, event: dict) -> None:
    script, source = rendered_and_read_back(_card(line, {"event": event, "effects": GAIN}), "test_bellringer.txt")
    phase = {"upkeep": "Upkeep", "combat": "BeginCombat", "end_step": "End of Turn"}[event["beginning_of"]]
    mine = "" if event.get("turn") == "each" else " | ValidPlayer$ You"
    assert f"T:Mode$ Phase | Phase$ {phase}{mine} | TriggerZones$ Battlefield |" in script
    cls = {"upkeep": "Upkeep", "combat": "Combat", "end_step": "EndStep"}[event["beginning_of"]]
    if event.get("turn") == "each":
        assert f"new BeginningOf{cls}TriggeredAbility(TargetController.ANY, new GainLifeEffect(1), false)" in source
    else:
        assert f"new BeginningOf{cls}TriggeredAbility(new GainLifeEffect(1))" in source


def test_each_end_step_stays_its_own_event() -> None:
    """"At the beginning of each end step" is `each_end_step`; the model refuses the same meaning twice."""
    line = "At the beginning of each end step, you gain 1 life."
    assert read_line(line, NAME, spell=False).ability["event"] == "each_end_step"
    with pytest.raises(ValidationError, match="each_end_step"):
        _card(line, {"event": {"beginning_of": "end_step", "turn": "each"}, "effects": GAIN})


@pytest.mark.parametrize(("words", "condition"), [
    ("if you gained or lost life this turn", "gained_or_lost_life"),
    ("if you gained life this turn", "gained_life"),
])
def test_an_intervening_if_on_the_life_of_the_turn(words: str, condition: str) -> None:
    line = f"At the beginning of your end step, {words}, you gain 1 life."
    ability = {"kind": "triggered", "event": {"beginning_of": "end_step"}, "intervening_if": condition,
               "effects": GAIN}
    assert read_line(line, NAME, spell=False).ability == {**ability, "text": line}
    assert render_ability(ability, NAME) == line
    script, source = rendered_and_read_back(_card(line, {k: v for k, v in ability.items() if k != "kind"}),
                                            "test_bellringer.txt")
    assert "| CheckSVar$ " in script and "| SVarCompare$ GE1 |" in script
    assert ".addWatcher(new PlayerGainedLifeWatcher())" in source
    assert ").withInterveningIf(You" in source


TRIGGER = ("T:Mode$ Phase | Phase$ End of Turn | ValidPlayer$ You | TriggerZones$ Battlefield | CheckSVar$ X | "
           "SVarCompare$ GE1 | Execute$ TrigGainLife | TriggerDescription$ At the beginning of your end step, if you "
           "gained or lost life this turn, you gain 1 life.")
FORGE_OWN = f"""Name:Test Bellringer
ManaCost:1 W
Types:Creature
PT:1/1
{TRIGGER}
SVar:TrigGainLife:DB$ GainLife | LifeAmount$ 1
SVar:X:Count$LifeYouGainedThisTurn/Plus.Y
SVar:Y:PlayerCountPropertyYou$LifeLostThisTurn
Oracle:At the beginning of your end step, if you gained or lost life this turn, you gain 1 life.
"""


def test_forge_reads_its_own_spelling_of_gained_or_lost() -> None:
    """Forge's own scripts name the SVars the other way round (X the sum, Y the life lost)."""
    result = read_script(FORGE_OWN, "test_bellringer.txt")
    assert result.card is not None, result.diagnostics
    [ability] = result.card.abilities
    assert ability.intervening_if == "gained_or_lost_life"
    assert ability.event.model_dump() == {"beginning_of": "end_step", "turn": "yours"}


def test_the_game_counts_the_life_of_the_turn_and_forgets_it_as_the_next_begins() -> None:
    from cardgen.game import actions

    game = Game.new(["alice", "bob"])
    state = game.state
    assert not state.holds("gained_or_lost_life", False, "alice")
    actions.change_life(state, "alice", 2)
    actions.change_life(state, "alice", -2)  # a gain and a loss that cancel out both happened
    assert state.players["alice"].life == 20
    assert state.holds("gained_or_lost_life", False, "alice") and state.holds("gained_life", False, "alice")
    assert not state.holds("gained_life", False, "bob")
    assert not state.holds("gained_life", False, None)  # nobody's "you"
    game.next_turn()
    assert not state.holds("gained_or_lost_life", False, "alice")


XMAGE_OWN = """package mage.cards.t;

import java.util.UUID;
import mage.MageInt;
import mage.abilities.condition.common.YouGainedOrLostLifeCondition;
import mage.abilities.effects.common.GainLifeEffect;
import mage.abilities.triggers.BeginningOfEndStepTriggeredAbility;
import mage.cards.CardImpl;
import mage.cards.CardSetInfo;
import mage.constants.CardType;
import mage.constants.TargetController;
import mage.watchers.common.PlayerGainedLifeWatcher;

public final class TestBellringer extends CardImpl {

    public TestBellringer(UUID ownerId, CardSetInfo setInfo) {
        super(ownerId, setInfo, new CardType[]{CardType.CREATURE}, "{1}{W}");

        this.power = new MageInt(1);
        this.toughness = new MageInt(1);

        // At the beginning of your end step, if you gained or lost life this turn, you gain 1 life.
        this.addAbility(new BeginningOfEndStepTriggeredAbility(
                TargetController.YOU, new GainLifeEffect(1),
                false, YouGainedOrLostLifeCondition.instance
        ).addHint(YouGainedOrLostLifeCondition.getHint()), new PlayerGainedLifeWatcher());
    }

    private TestBellringer(final TestBellringer card) {
        super(card);
    }

    @Override
    public TestBellringer copy() {
        return new TestBellringer(this);
    }
}
"""


def test_xmage_reads_its_own_spelling_the_condition_as_the_last_constructor_argument() -> None:
    """XMage's own cards pass the intervening "if" to the constructor, add a hint, and add the watcher with the
    ability (`this.addAbility(ability, watcher)`): the same meaning as `withInterveningIf` and `addWatcher`."""
    from cardgen.canonical import meaning_diff
    from cardgen.engines.xmage.reader import read_class

    line = "At the beginning of your end step, if you gained or lost life this turn, you gain 1 life."
    card = _card(line, {"event": {"beginning_of": "end_step"}, "intervening_if": "gained_or_lost_life",
                        "effects": GAIN})
    from xmage_strategies import registrations_for

    result = read_class(XMAGE_OWN, registrations_for(card))
    assert result.card is not None, result.diagnostics
    assert meaning_diff(result.card, card, ("xmage", "spec")) == []
