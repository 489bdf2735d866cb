"""The ability kinds and trigger events of the vocabulary registry (issue 15): every `kind:` of an ability
and every `event:` of a trigger has one construct module, found by listing its package, that declares
what each consumer needs; and the consumers read those declarations (patching one changes the output)."""

from __future__ import annotations

from typing import get_args

import pytest

from cardgen import vocab
from cardgen.canonical import canonical
from cardgen.engines.forge.build import build_script
from cardgen.engines.forge.script import Keyword
from cardgen.engines.xmage.render import render_card
from cardgen.model.card import Ability, TriggeredAbility
from cardgen.resolver.testing import make_card
from cardgen.scaffold.build import guess_kind
from cardgen.text.abilities import trigger_phrase

ABILITY_SLOTS = ("xmage_block", "phrasings", "text_order", "canonical_order")
"""Every ability kind says how XMage is told it, how its oracle line reads, and where it stands."""
FORGE_FORMS = ("forge_keyword", "forge_statics", "forge_spell_part", "forge_trigger", "forge_spell_cost",
               "forge_ability")
EVENT_SLOTS = ("forge_trigger", "xmage_trigger", "xmage_read_trigger", "text_trigger_phrase", "phrasings")


def _ability_kinds() -> set[str]:
    return {get_args(model.model_fields["kind"].annotation)[0] for model in get_args(get_args(Ability)[0])}


def test_every_ability_kind_has_one_construct() -> None:
    assert set(vocab.ABILITIES) == _ability_kinds()
    for construct in vocab.ABILITIES.values():
        assert vocab.ability(construct.kind) is construct
        assert vocab.ABILITY_BY_MODEL[construct.model] is construct


def test_every_trigger_event_has_one_construct() -> None:
    assert set(vocab.EVENTS) == set(get_args(TriggeredAbility.model_fields["event"].annotation))


@pytest.mark.parametrize("kind", sorted(vocab.ABILITIES))
def test_ability_kind_declares_every_consumers_part(kind: str) -> None:
    construct = vocab.ability(kind)
    assert [slot for slot in ABILITY_SLOTS if not construct.has(slot)] == []
    assert any(construct.has(slot) for slot in FORGE_FORMS)
    assert construct.has("scaffold_guess")


@pytest.mark.parametrize("event", sorted(vocab.EVENTS))
def test_trigger_event_declares_every_consumers_part(event: str) -> None:
    construct = vocab.event(event)
    assert [slot for slot in EVENT_SLOTS if not construct.has(slot)] == []
    assert any(name.startswith("forge_read_trigger:") for name in construct.hooks)


def test_the_line_kinds_readers_read_back_are_declared_once() -> None:
    """The Forge and XMage readers find the kind of an `A:SP$`, `T:` and `S:` line (a spell part, a
    triggered and a static ability) by these declarations: exactly one kind has each."""
    for slot in ("forge_spell_part", "forge_trigger", "forge_statics", "xmage_spell_part", "xmage_trigger_part",
                 "xmage_static_part"):
        assert len([c for c in vocab.ABILITIES.values() if c.has(slot)]) == 1, slot


def _trigger_card() -> object:
    return make_card("Slot Bear", "Creature", pt="2/2", abilities=[
        {"kind": "keyword", "keyword": "reach"},
        {"kind": "triggered", "event": "each_end_step", "text": "At the beginning of each end step, you gain 1 life.",
         "effects": [{"effect": "gain_life", "amount": 1}]},
    ])


def test_forge_writer_reads_the_keyword_and_event_slots(monkeypatch: pytest.MonkeyPatch) -> None:
    card = _trigger_card()
    script = build_script(card)
    assert [k.word for k in script.keywords] == ["Reach"]
    assert script.triggers[0].mode == "Phase"
    monkeypatch.setitem(vocab.ability("keyword").hooks, "forge_keyword", lambda b, a: Keyword("Patched"))
    monkeypatch.setitem(vocab.event("each_end_step").hooks, "forge_trigger", lambda b, i: ("Patched", []))
    script = build_script(card)
    assert [k.word for k in script.keywords] == ["Patched"]
    assert script.triggers[0].mode == "Patched"


def test_xmage_writer_reads_the_event_slot(monkeypatch: pytest.MonkeyPatch) -> None:
    card = _trigger_card()
    assert "BeginningOfEndStepTriggeredAbility" in render_card(card)
    monkeypatch.setitem(vocab.event("each_end_step").hooks, "xmage_trigger",
                        lambda w, effect: w.new(w.use("EntersBattlefieldTriggeredAbility"), effect))
    java = render_card(card)
    assert "BeginningOfEndStepTriggeredAbility" not in java
    assert "new EntersBattlefieldTriggeredAbility(" in java


def test_rules_text_reads_the_trigger_phrase(monkeypatch: pytest.MonkeyPatch) -> None:
    ability = _trigger_card().abilities[1]
    assert trigger_phrase(ability) == "At the beginning of each end step, "
    monkeypatch.setitem(vocab.event("each_end_step").hooks, "text_trigger_phrase", "At each end step, ")
    assert trigger_phrase(ability) == "At each end step, "


def test_canonical_form_reads_the_order(monkeypatch: pytest.MonkeyPatch) -> None:
    card = _trigger_card()
    assert [a.kind for a in canonical(card).abilities] == ["keyword", "triggered"]
    monkeypatch.setitem(vocab.ability("keyword").hooks, "canonical_order", 99)
    assert [a.kind for a in canonical(card).abilities] == ["triggered", "keyword"]


@pytest.mark.parametrize(("line", "spell", "kind"), [
    ("Flying", False, "keyword"), ("Enchant creature", False, "enchant"), ("Equip {2}", False, "equip"),
    ("As an additional cost to cast this spell, discard a card.", True, "additional_cost"),
    ("When this creature enters, draw a card.", False, "triggered"),
    ("Draw a card.", True, "spell"), ("Creatures you control get +1/+1.", False, "static"),
])
def test_scaffold_guesses_by_the_kinds(line: str, spell: bool, kind: str) -> None:
    assert guess_kind(line, spell).kind == kind


def test_every_trigger_event_is_a_happening_the_game_notices() -> None:
    """The game kit notices triggers on happenings; each event construct says which one it is, and the one
    builder of games hands that table to the state."""
    from cardgen.game import triggers
    from cardgen.resolver.game import Game

    table = Game.new(["alice", "bob"]).state.trigger_events
    assert {event for events in table.values() for event in events} == set(vocab.EVENTS)
    assert set(table) <= {triggers.ENTERED, triggers.GIFT_GIVEN, triggers.END_STEP}


def test_an_ability_kind_without_an_engine_form_is_a_diagnostic_not_a_silent_gap(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A new kind whose module declares no Forge or XMage form yet: the writers say so (FG101, an XMage
    Unsupported) instead of leaving the ability out of the file."""
    from dataclasses import dataclass

    from cardgen.engines.forge.chain import RenderError
    from cardgen.engines.xmage.problems import Unsupported
    from cardgen.vocab.construct import AbilityConstruct

    @dataclass(frozen=True)
    class Novel:
        kind: str = "novel"

    construct = AbilityConstruct("novel", Novel)
    monkeypatch.setitem(vocab.ABILITIES, "novel", construct)
    monkeypatch.setitem(vocab.ABILITY_BY_MODEL, Novel, construct)
    card = make_card("Novel Bear", "Creature", pt="2/2")
    card = card.model_copy(update={"abilities": [Novel()]})
    with pytest.raises(RenderError, match="`novel` ability has no Forge form"):
        build_script(card)
    with pytest.raises(Unsupported, match="`novel` ability has no XMage form"):
        render_card(card)
