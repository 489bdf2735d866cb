"""The ability kinds and trigger events of the vocabulary registry: every `kind:` of an ability
and every `event:` of a trigger has one construct module, found by listing its package, that declares
what each consumer needs; and the consumers read those declarations (patching one changes the output)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

import pytest

from cardgen import vocab
from cardgen.canonical import canonical
from cardgen.engines.forge.build import build_script
from cardgen.engines.forge.script import Keyword
from cardgen.engines.xmage.render import render_card
from cardgen.model.card import Ability, complete_annotations
from cardgen.resolver.testing import make_card
from cardgen.scaffold.build import guess_kind
from cardgen.text.abilities import trigger_phrase
from cardgen.vocab.abilities.triggered import TriggeredAbility
from cardgen.vocab.construct import AbilityConstruct, EventConstruct, ForgeAbility, XMageAbility, replace


def _ability_kinds() -> set[str]:
    return {get_args(model.model_fields["kind"].annotation)[0] for model in get_args(get_args(Ability)[0])}


def test_every_ability_kind_has_one_construct() -> None:
    assert set(vocab.ABILITIES) == _ability_kinds()
    for construct in vocab.ABILITIES.values():
        assert vocab.ability(construct.kind) is construct
        assert vocab.ABILITY_BY_MODEL[construct.model] is construct


def test_every_trigger_event_has_one_construct() -> None:
    """The model's events are the registry's (its `TriggerEvent` is assembled from it): the words of the
    events without a model, and the models of the others."""
    complete_annotations()
    words, *models = get_args(TriggeredAbility.model_fields["event"].annotation)
    assert set(get_args(words)) == {kind for kind, c in vocab.EVENTS.items() if c.model is None}
    assert set(models) == {c.model for c in vocab.EVENTS.values() if c.model is not None}


def test_the_line_kinds_readers_read_back_are_declared_once() -> None:
    """The Forge and XMage readers find the kind of an `A:SP$`, `T:` and `S:` line (a spell part, a
    triggered and a static ability) by these declarations: exactly one kind has each."""
    parts: dict[str, Callable[[AbilityConstruct[Any]], object]] = {
        "forge spell": lambda c: c.forge.spell_part, "forge trigger": lambda c: c.forge.trigger,
        "forge statics": lambda c: c.forge.statics, "xmage spell": lambda c: c.xmage.spell_part,
        "xmage trigger": lambda c: c.xmage.trigger_part, "xmage static": lambda c: c.xmage.static_part,
    }
    for name, part in parts.items():
        assert len([c for c in vocab.ABILITIES.values() if part(c)]) == 1, name


def _patched(monkeypatch: pytest.MonkeyPatch, construct: Any, group: str, **changed: Any) -> None:
    """The registry with `construct`'s `group` changed (the groups are frozen: a patch is a new construct)."""
    new = replace(construct, **{group: replace(getattr(construct, group), **changed)})
    if isinstance(new, EventConstruct):
        monkeypatch.setitem(vocab.EVENTS, new.kind, new)
    else:
        monkeypatch.setitem(vocab.ABILITIES, new.kind, new)
        monkeypatch.setitem(vocab.ABILITY_BY_MODEL, new.model, new)


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
    _patched(monkeypatch, vocab.ability("keyword"), "forge", keyword=lambda b, a: Keyword("Patched"))
    _patched(monkeypatch, vocab.event("each_end_step"), "forge", trigger=lambda b, i, e: ("Patched", []))
    script = build_script(card)
    assert [k.word for k in script.keywords] == ["Patched"]
    assert script.triggers[0].mode == "Patched"


def test_xmage_writer_reads_the_event_slot(monkeypatch: pytest.MonkeyPatch) -> None:
    card = _trigger_card()
    assert "BeginningOfEndStepTriggeredAbility" in render_card(card)
    _patched(monkeypatch, vocab.event("each_end_step"), "xmage",
             trigger=lambda w, effect, event: w.new(w.use("EntersBattlefieldTriggeredAbility"), effect))
    java = render_card(card)
    assert "BeginningOfEndStepTriggeredAbility" not in java
    assert "new EntersBattlefieldTriggeredAbility(" in java


def test_rules_text_reads_the_trigger_phrase(monkeypatch: pytest.MonkeyPatch) -> None:
    ability = _trigger_card().abilities[1]
    assert trigger_phrase(ability) == "At the beginning of each end step, "
    _patched(monkeypatch, vocab.event("each_end_step"), "text", trigger_phrase="At each end step, ")
    assert trigger_phrase(ability) == "At each end step, "


def test_canonical_form_reads_the_order(monkeypatch: pytest.MonkeyPatch) -> None:
    card = _trigger_card()
    assert [a.kind for a in canonical(card).abilities] == ["keyword", "triggered"]
    _patched(monkeypatch, vocab.ability("keyword"), "canonical", order=99)
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
    from cardgen.game import happenings
    from cardgen.resolver.game import Game

    table = Game.new(["alice", "bob"]).state.trigger_events
    assert {event for events in table.values() for event in events} \
        == {c.model or kind for kind, c in vocab.EVENTS.items()}
    known = {value for name, value in vars(happenings).items() if name.isupper() and isinstance(value, str)}
    assert set(table) <= known  # each a happening the game kit names


def test_an_ability_kind_without_an_engine_form_is_refused_where_it_is_declared() -> None:
    """A new kind whose module declares no Forge line yet, or an XMage block no reader reads: discovery
    refuses it with what is missing, instead of a writer leaving the ability out of the file."""
    keyword = vocab.ability("keyword")
    unwritten = replace(keyword, forge=ForgeAbility(), xmage=XMageAbility(block=keyword.xmage.block))
    assert unwritten.check() == ["forge: no line form", "xmage: `block` has no reader"]
