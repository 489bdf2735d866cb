"""Subtypes in filters (205.3): the phrases Bloomburrow's cards print read as the filters they mean, and each
engine's spellings of them, ours and the ones XMage's and Forge's authors write, read back as the same."""

from __future__ import annotations

from typing import Any

import pytest

from cardgen.engines.forge.valid import read_valid, valid_expression
from cardgen.engines.xmage.reader import read_class
from cardgen.game.objects import Characteristics
from cardgen.model import subtypes
from cardgen.model.card import ObjectFilter
from cardgen.phrasing.nouns import parse_filters, render_filter

PHRASES: list[tuple[str, bool, dict[str, Any]]] = [
    ("Rabbit", False, {"subtypes": ["Rabbit"]}),
    ("Mice you control", True, {"subtypes": ["Mouse"], "controller": "you"}),
    ("other Rabbits, Bats, Birds, and/or Mice you control", True,
     {"subtypes": ["Rabbit", "Bat", "Bird", "Mouse"], "other": True, "controller": "you"}),
    ("Other Rabbits, Bats, Birds, and Mice you control", True,
     {"subtypes": ["Rabbit", "Bat", "Bird", "Mouse"], "other": True, "controller": "you"}),
    ("Bird, Frog, Otter, or Rat", False, {"subtypes": ["Bird", "Frog", "Otter", "Rat"]}),
    ("Squirrel card", False, {"subtypes": ["Squirrel"], "zone": "hand"}),
    ("Bird creature card", False, {"subtypes": ["Bird"], "types": ["creature"], "zone": "hand"}),
    ("Bat, Lizard, Rat, or Squirrel card from your graveyard", False,
     {"subtypes": ["Bat", "Lizard", "Rat", "Squirrel"], "zone": "graveyard", "owner": "you"}),
    ("other Squirrel and/or Food you control", False,
     {"subtypes": ["Squirrel", "Food"], "other": True, "controller": "you"}),
    ("Frog, Rabbit, Raccoon, or Squirrel you control that entered the battlefield this turn", False,
     {"subtypes": ["Frog", "Rabbit", "Raccoon", "Squirrel"], "controller": "you", "entered_this_turn": True}),
    ("nontoken Bird you control", False, {"subtypes": ["Bird"], "token": False, "controller": "you"}),
    ("non-Aura enchantment", False, {"types": ["enchantment"], "not_subtypes": ["Aura"]}),
    ("Lizard spell", False, {"subtypes": ["Lizard"], "zone": "stack"}),
    ("Islands you control", True, {"subtypes": ["Island"], "controller": "you"}),
]


@pytest.mark.parametrize(("phrase", "plural", "expected"), PHRASES)
def test_printed_phrase_reads_as_its_filter(phrase: str, plural: bool, expected: dict[str, Any]) -> None:
    lowered = phrase.lower()
    readings = [selector for selector, end in parse_filters(lowered, 0, plural) if end == len(lowered)]
    assert readings[:1] == [expected]
    assert (render_filter(expected, plural) or "").lower() in (lowered, lowered.replace(" and mice", " and/or mice")
                                                              .replace(" and/or food", " or food"))


@pytest.mark.parametrize("word", ["Will", "Jace"])
def test_planeswalker_types_are_not_read_as_filters(word: str) -> None:
    """"Will" and "Jace" are planeswalker types, and English words or names in oracle text."""
    assert subtypes.kinds()[word] == "planeswalker"
    assert list(parse_filters(word.lower(), 0, False)) == []


def test_plurals() -> None:
    assert [subtypes.plural(word) for word in ("Rabbit", "Mouse", "Fox", "Faerie", "Ally", "Elf", "Fish")] == [
        "Rabbits", "Mice", "Foxes", "Faeries", "Allies", "Elves", "Fish"]


@pytest.mark.parametrize(("selector", "expression"), [
    (ObjectFilter(subtypes=["Rabbit"], controller="you"), "Rabbit.YouCtrl"),
    (ObjectFilter(subtypes=["Lizard", "Mouse", "Otter", "Raccoon"], controller="you"),
     "Lizard.YouCtrl,Mouse.YouCtrl,Otter.YouCtrl,Raccoon.YouCtrl"),
    (ObjectFilter(zone="graveyard", types=["creature"], subtypes=["Bird"], owner="you"), "Creature.Bird+YouOwn"),
    (ObjectFilter(types=["artifact", "enchantment"], not_subtypes=["Aura"]), "Artifact.nonAura,Enchantment.nonAura"),
])
def test_forge_valid_expression_both_ways(selector: ObjectFilter, expression: str) -> None:
    assert valid_expression(selector) == expression
    assert read_valid(expression, selector.zone).filter(selector.zone) == selector


@pytest.mark.parametrize(("expression", "fields"), [
    ("Bat.YouOwn,Lizard.YouOwn,Rat.YouOwn,Squirrel.YouOwn",
     {"owner": "you", "subtypes": ["Bat", "Lizard", "Rat", "Squirrel"]}),
    ("Creature.Mouse+Other+YouCtrl",
     {"types": ["creature"], "subtypes": ["Mouse"], "other": True, "controller": "you"}),
    ("Bird.Other+!token+YouCtrl", {"subtypes": ["Bird"], "other": True, "token": False, "controller": "you"}),
])
def test_forge_own_scripts_spellings_read(expression: str, fields: dict[str, Any]) -> None:
    assert read_valid(expression).fields == fields


@pytest.mark.parametrize("expression", ["Card.nonCreature,Otter", "Creature.Bird+Frog", "Creature.Bird,Land.Frog"])
def test_forge_expressions_no_filter_can_say_are_refused(expression: str) -> None:
    """"noncreature or Otter" is a disjunction of a type and a subtype; "Bird+Frog" asks for both."""
    assert read_valid(expression).error is not None


XMAGE_CLASS = """package mage.cards.m;

import java.util.UUID;

public final class MossMarshal extends CardImpl {

    private static final FilterCreaturePermanent filter = new FilterCreaturePermanent(SubType.MOUSE, "Mice");
    private static final FilterPermanent filter2 = new FilterControlledPermanent("other Squirrel or Food");

    static {
        filter2.add(AnotherPredicate.instance);
        filter2.add(Predicates.or(SubType.SQUIRREL.getPredicate(), SubType.FOOD.getPredicate()));
    }

    public MossMarshal(UUID ownerId, CardSetInfo setInfo) {
        super(ownerId, setInfo, new CardType[]{CardType.SORCERY}, "{G}");

        // Destroy all Mice. Tap all other Squirrels and Foods you control.
        this.getSpellAbility().addEffect(new DestroyAllEffect(filter));
        this.getSpellAbility().addEffect(new TapAllEffect(filter2));
    }

    private MossMarshal(final MossMarshal card) {
        super(card);
    }

    @Override
    public MossMarshal copy() {
        return new MossMarshal(this);
    }
}
"""


def test_xmage_own_filter_spellings_read() -> None:
    """XMage's authors pass the subtype to the filter's constructor (`new FilterCreaturePermanent(SubType.MOUSE,
    "Mice")`) or add its predicate; both read as the subtype, the constructor's creature type kept."""
    result = read_class(XMAGE_CLASS, {})
    assert result.card is not None, result.diagnostics
    [ability] = result.card.abilities
    destroy, tap = ability.effects
    assert destroy.what.all == ObjectFilter(types=["creature"], subtypes=["Mouse"])
    assert tap.what.all == ObjectFilter(subtypes=["Squirrel", "Food"], controller="you", other=True)


def test_changeling_is_every_creature_type() -> None:
    """702.73a: a changeling object is every creature type, not every subtype."""
    chars = Characteristics(name="Mascot", types=("Creature",), subtypes=("Shapeshifter",), keywords=("changeling",))
    assert chars.has_subtype("Rabbit") and chars.has_subtype("Shapeshifter")
    assert not chars.has_subtype("Food")
