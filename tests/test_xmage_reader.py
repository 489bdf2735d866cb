"""The XMage reader: what it does not understand is a diagnostic with a place, never a guess or a crash;
XMage's usual spellings (ready-made targets and filters, rule text set on effects) read as the same
meaning as this backend's own spelling."""

from __future__ import annotations

from pathlib import Path

from xmage_strategies import registrations_for

from cardgen.canonical import meaning_diff
from cardgen.engines.xmage.backend import XMageBackend
from cardgen.engines.xmage.reader import read_class
from cardgen.engines.xmage.render import render_card
from cardgen.engines.xmage.setindex import Registration, parse_registrations, set_code
from cardgen.model.card import Card

REGISTRATION = {"mage.cards.s.SparkJolt": Registration("Spark Jolt", [
    {"set": "CGT", "number": "3", "rarity": "common", "variant": None}])}

HEAD = """package mage.cards.s;

import java.util.UUID;

public final class SparkJolt extends CardImpl {

    public SparkJolt(UUID ownerId, CardSetInfo setInfo) {
        super(ownerId, setInfo, new CardType[]{CardType.INSTANT}, "{R}");
"""
TAIL = """    }

    private SparkJolt(final SparkJolt card) {
        super(card);
    }

    @Override
    public SparkJolt copy() {
        return new SparkJolt(this);
    }
}
"""


def _spec(effects: list, targets_text: str = "x") -> Card:
    return Card.model_validate({
        "name": "Spark Jolt", "mana_cost": "{R}", "types": ["Instant"],
        "printings": [{"set": "CGT", "number": "3", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": targets_text, "effects": effects}]})


def test_xmage_style_spellings_read_as_the_same_meaning():
    body = """
        // Spark Jolt deals 2 damage to target creature you control. Its controller loses 1 life.
        this.getSpellAbility().addEffect(new DamageTargetEffect(2).setText("{this} deals 2 damage "
                + "to target creature you control"));
        this.getSpellAbility().addEffect(new LoseLifeTargetControllerEffect(1).concatBy("."));
        this.getSpellAbility().addTarget(new TargetControlledCreaturePermanent());
"""
    result = read_class(HEAD + body + TAIL, REGISTRATION, "SparkJolt.java")
    assert result.card is not None, result.diagnostics
    spec = _spec([{"effect": "damage", "id": "hit", "amount": 2,
                   "to": {"target": {"types": ["creature"], "controller": "you"}}},
                  {"effect": "lose_life", "amount": 1, "who": {"ref": "hit", "relation": "controller"}}])
    assert meaning_diff(spec, result.card) == []


def test_static_filters_read():
    body = """
        // Destroy target artifact or enchantment.
        this.getSpellAbility().addEffect(new DestroyTargetEffect());
        this.getSpellAbility().addTarget(new TargetPermanent(StaticFilters.FILTER_PERMANENT_ARTIFACT_OR_ENCHANTMENT));
"""
    result = read_class(HEAD + body + TAIL, REGISTRATION)
    assert result.card is not None, result.diagnostics
    spec = _spec([{"effect": "destroy", "what": {"target": {"types": ["artifact", "enchantment"]}}}])
    assert meaning_diff(spec, result.card) == []


def test_a_convenience_target_class_with_a_filter_reads_the_filter():
    """`new TargetCreaturePermanent(StaticFilters.FILTER_CREATURE_YOU_DONT_CONTROL)`, as XMage's own Rabid
    Bite (4ceaeeeb) spells its second target."""
    body = """
        // Destroy target creature you don't control.
        this.getSpellAbility().addEffect(new DestroyTargetEffect());
        this.getSpellAbility().addTarget(new TargetCreaturePermanent(StaticFilters.FILTER_CREATURE_YOU_DONT_CONTROL));
"""
    result = read_class(HEAD + body + TAIL, REGISTRATION)
    assert result.card is not None, result.diagnostics
    spec = _spec([{"effect": "destroy", "what": {"target": {"types": ["creature"], "controller": "not_you"}}}])
    assert meaning_diff(spec, result.card) == []


def test_unknown_effect_is_reported_with_its_line():
    body = """
        // Something new.
        this.getSpellAbility().addEffect(new SomethingNewEffect(3));
"""
    result = read_class(HEAD + body + TAIL, REGISTRATION, "SparkJolt.java")
    assert result.card is None
    assert [d.code for d in result.diagnostics] == ["XMG201"]
    assert (result.diagnostics[0].location.line, result.diagnostics[0].location.column) == (11, 9)
    assert "SomethingNewEffect" in result.diagnostics[0].message


def test_card_specific_code_is_reported_not_guessed():
    source = HEAD + """
        // Do a thing.
        this.getSpellAbility().addEffect(new SparkJoltEffect());
""" + TAIL + """
class SparkJoltEffect extends OneShotEffect {

    SparkJoltEffect() {
        super(Outcome.Benefit);
    }

    private SparkJoltEffect(final SparkJoltEffect effect) {
        super(effect);
    }

    @Override
    public SparkJoltEffect copy() {
        return new SparkJoltEffect(this);
    }

    @Override
    public boolean apply(Game game, Ability source) {
        game.getPlayer(source.getControllerId()).drawCards(7, source, game);
        return true;
    }
}
"""
    result = read_class(source, REGISTRATION)
    assert result.card is None and result.diagnostics[-1].code == "XMG201"


def test_syntax_error_is_a_diagnostic():
    result = read_class(HEAD + "        this.addAbility(;\n" + TAIL, REGISTRATION, "Broken.java")
    assert result.card is None and [d.code for d in result.diagnostics] == ["XMG200"]


def test_not_a_card_class():
    result = read_class("package mage.cards.x;\n\nclass Helper {\n}\n", {})
    assert result.card is None and result.diagnostics[0].code == "XMG201"


def test_missing_registration_is_a_warning_and_the_name_is_guessed():
    body = """
        // Draw a card.
        this.getSpellAbility().addEffect(new DrawCardSourceControllerEffect(1));
"""
    result = read_class(HEAD + body + TAIL, {})
    assert result.card is not None and result.card.name == "Spark Jolt"
    assert [(d.code, d.severity) for d in result.diagnostics] == [("XMG202", "warning")]


def test_read_card_of_a_missing_file(tmp_path: Path):
    result = XMageBackend().read_card(tmp_path / "Nope.java")
    assert result.card is None and result.diagnostics[0].code == "XMG200"


def test_set_registration_lines_parse():
    text = """        // cardgen: SetCardInfo lines for Foo.java (FOO); insert into its constructor
        cards.add(new SetCardInfo("B\\u00f6b", 12, Rarity.LAND, mage.cards.b.Bob.class, FULL_ART_USE_VARIOUS));
        //cards.add(new SetCardInfo("Ignored", 1, Rarity.RARE, mage.cards.i.Ignored.class));
        cards.add(new SetCardInfo("Al", "7a", Rarity.MYTHIC, mage.cards.a.Al.class));
"""
    found: dict = {}
    parse_registrations(text, set_code(text), found)
    assert found["mage.cards.b.Bob"].name == "Böb"
    assert found["mage.cards.b.Bob"].printings == [
        {"set": "FOO", "number": "12", "rarity": "common", "variant": "full_art"}]
    assert found["mage.cards.a.Al"].printings[0]["number"] == "7a"
    assert "mage.cards.i.Ignored" not in found


def test_reading_uses_registrations_for_name_and_printings():
    card = _spec([{"effect": "draw", "amount": 2}], "Draw two cards.")
    result = read_class(render_card(card), registrations_for(card))
    assert result.diagnostics == [] and result.card.name == "Spark Jolt"
    assert result.card.abilities[0].text == "Draw two cards."
