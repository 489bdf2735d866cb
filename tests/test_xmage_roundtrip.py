"""Reading a generated XMage class back gives the spec it came from, in meaning.

For every shipped card (through an exported tree, so the name and printings come from the set files)
and, as a property, for every card the shared strategies draw that XMage can express. Text fields
survive too: whatever text a spec holds, the class stays valid Java with the same structure and the
reader gets exactly that text back (a spec cannot inject code).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from examples import examples
from hypothesis import HealthCheck, assume, given, settings
from strategies import cards
from xmage_strategies import (
    assert_card_class,
    registrations_for,
    shipped_catalog,
    shipped_render,
    texts_card,
    texts_permanent,
)

from cardgen.canonical import meaning_diff
from cardgen.engines.xmage.backend import XMageBackend
from cardgen.engines.xmage.problems import Unsupported
from cardgen.engines.xmage.reader import read_class
from cardgen.engines.xmage.render import render_card
from cardgen.model.card import Card

SHIPPED = [loaded.card for loaded in shipped_catalog().cards]

KNOWN_GAPS = {
    ("Wildfire Howl", "abilities[0](spell).effects[1](damage).simultaneous: spec True, xmage False"),
    ("Conduct Electricity", "abilities[0](spell).effects[1](damage).simultaneous: spec True, xmage False"),
}
"""Meaning the XMage backend does not carry yet, each a finding to fix in the XMage writer: `simultaneous`
damage (one instruction, one damage event) is written as two effects, and XMage's AbilityImpl.resolve runs
game.processAction() after each effect, so XMage deals them as two damage events (XMage's own WildfireHowl
puts both in one ConditionalOneShotEffect for this reason)."""


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("xmage")
    for relative, text in shipped_render().files.items():
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize("card", SHIPPED, ids=lambda card: card.name)
def test_shipped_card_reads_back_with_the_same_meaning(card: Card, exported: Path):
    backend = XMageBackend()
    result = backend.read_card(exported / backend.card_path(card))
    assert result.card is not None, result.diagnostics
    assert result.diagnostics == []
    differences = meaning_diff(card, result.card, ("spec", "xmage"))
    assert [d for d in differences if (card.name, d) not in KNOWN_GAPS] == []
    assert result.card.name == card.name
    assert [getattr(a, "text", None) for a in result.card.abilities] == \
        [getattr(a, "text", None) for a in card.abilities]
    assert sorted((p.set, p.number, p.rarity) for p in result.card.printings) == \
        sorted((p.set, p.number, p.rarity) for p in card.printings)


def test_card_files_lists_the_exported_classes(exported: Path):
    files = XMageBackend().card_files(exported)
    basics = {"Plains", "Island", "Swamp", "Mountain", "Forest"}  # XMage's framework classes, not written
    assert len(files) == len([card for card in SHIPPED if card.name not in basics])
    assert all(path.suffix == ".java" and "/cards/" in path.as_posix() for path in files)


def test_card_name_comes_from_the_set_files(exported: Path):
    backend = XMageBackend()
    assert backend.card_name(exported / "Mage.Sets/src/mage/cards/c/CruelclawsHeist.java") == "Cruelclaw's Heist"


@settings(max_examples=examples(150), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(cards())
def test_any_expressible_card_reads_back_with_the_same_meaning(card: Card):
    try:
        source = render_card(card)
    except Unsupported:
        assume(False)
        return
    assert_card_class(source, card)
    result = read_class(source, registrations_for(card))
    assert result.card is not None, [d.message for d in result.diagnostics]
    assert meaning_diff(card, result.card, ("spec", "xmage")) == []


@settings(max_examples=examples(200), deadline=None)
@given(texts_card() | texts_permanent())
def test_text_cannot_escape_its_literal_or_comment(card: Card):
    source = render_card(card)
    assert_card_class(source, card)  # parses, same class structure, imports unchanged
    result = read_class(source, registrations_for(card))
    assert result.card is not None, [d.message for d in result.diagnostics]
    assert result.card.name == card.name
    assert [getattr(a, "text", None) for a in result.card.abilities] == \
        [getattr(a, "text", None) for a in card.abilities]
    tokens = [e.token for a in card.abilities for e in getattr(a, "effects", []) if e.effect == "create_token"]
    read_tokens = [e.token for a in result.card.abilities for e in getattr(a, "effects", [])
                   if e.effect == "create_token"]
    assert [t.name for t in tokens] == [t.name for t in read_tokens]
    # the name without the set files: from the class's doc comment
    alone = read_class(source, {})
    assert alone.card is not None and alone.card.name == card.name


def test_a_filter_inside_the_sequence_effect_is_that_class_s_own():
    """Regression: a framework step inside the generated effect class named the card class's `filter`
    while the effect class declared its own `filter` (so `supertypes: [legendary]` read back lost or
    changed). Each class's steps name its own fields."""
    legendary = {"zone": "battlefield", "types": ["creature"], "supertypes": ["legendary"]}
    card = Card.model_validate({
        "name": "Ember", "mana_cost": "{W}", "types": ["Instant"], "oracle": "Do the thing.",
        "printings": [{"set": "CGT", "number": "1", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": "Do the thing.", "effects": [
            {"effect": "phase_out", "what": {"all": {**legendary, "controller": "you"}}},
            {"effect": "tap", "what": {"all": legendary}},  # between two steps: inside the effect class
            {"effect": "phase_out", "what": {"all": legendary}},
        ]}],
    })
    source = render_card(card)
    result = read_class(source, registrations_for(card))
    assert result.card is not None, [d.message for d in result.diagnostics]
    assert meaning_diff(card, result.card, ("spec", "xmage")) == []
