"""Targets that must differ from the targets named before them (601.2c, 115.3): "Tap target
creature. Untap up to one other target creature." `other_target` in the spec, "another target" / "other
target" after an earlier target in the text, the resolver's legality check, Forge's `TargetUnique$ True`
and XMage's `AnotherTargetPredicate` with target tags (as XMage's Arm the Cathars writes it), both readers;
`scenarios/cgt/eddy_swap.yaml` plays the test card."""

from __future__ import annotations

from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability
from cardgen.resolver.targeting import effect_slots

LINE = "Tap target creature. Untap up to one other target creature."
EFFECTS = [
    {"effect": "tap", "what": {"target": {"types": ["creature"]}}},
    {"effect": "untap", "what": {"target": {"types": ["creature"], "min": 0, "max": 1, "other_target": True}}},
]


def _card(line: str, effects: list[dict]) -> Card:
    return Card.model_validate({
        "name": "Test Swap", "mana_cost": "{U}", "types": ["Instant"], "oracle": line,
        "printings": [{"set": "CGT", "number": "93", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": line, "effects": effects}]})


def test_another_target_after_a_target_is_another_target_than_it() -> None:
    assert read_line(LINE, "Test Swap", spell=True).ability["effects"] == EFFECTS
    rendered = render_ability({"kind": "spell", "effects": EFFECTS}, "Test Swap")
    assert rendered == "Tap target creature and untap up to one other target creature."
    assert read_line(rendered, "Test Swap", spell=True).ability["effects"] == EFFECTS


def test_another_target_as_the_first_target_is_other_than_the_source() -> None:
    effects = read_line("Destroy another target creature.", "Test Swap", spell=True).ability["effects"]
    assert effects == [{"effect": "destroy", "what": {"target": {"types": ["creature"], "other": True}}}]


def test_both_engines_write_their_own_form_and_read_it_back() -> None:
    script, source = rendered_and_read_back(_card(LINE, EFFECTS), "test_swap.txt")
    assert "DB$ Untap | ValidTgts$ Creature | TgtPrompt$ Select another target creature | TargetUnique$ True" in script
    assert "filter.add(new AnotherTargetPredicate(2));" in source
    assert "addTarget(new TargetCreaturePermanent().setTargetTag(1));" in source
    assert "addTarget(new TargetPermanent(0, 1, filter).setTargetTag(2));" in source


def test_the_slots_keep_the_mark() -> None:
    card = _card(LINE, EFFECTS)
    slots = effect_slots(card.abilities[0].effects, False)
    assert [slot.target.other_target for slot in slots] == [False, True]  # legality: eddy_swap.yaml


def test_a_triggers_other_target_is_chosen_among_the_rest() -> None:
    from cardgen.resolver.setup import put
    from cardgen.resolver.testing import cast, events, make_card, new_game

    text = "When this creature enters, tap target creature. Untap another target creature."
    scout = make_card("Scout", "Creature", pt="1/1", abilities=[{
        "kind": "triggered", "event": "enters", "text": text,
        "effects": [{"effect": "tap", "what": {"target": {"types": ["creature"]}}},
                    {"effect": "untap", "what": {"target": {"types": ["creature"], "other_target": True}}}]}])
    game = new_game()
    put(game.state, "bob", make_card("Giant", "Creature", pt="6/6"), "battlefield")
    put(game.state, "alice", scout, "hand")
    cast(game, "alice", "Scout")
    (triggered,) = events(game, "triggered")
    assert sorted(triggered["targets"]) == ["Giant", "Scout"]  # the first choice is not offered again


def _creature(line: str, effects: list[dict], intervening_if: str | None = None) -> Card:
    ability = {"kind": "triggered", "event": "enters", "text": line, "effects": effects,
               **({"intervening_if": intervening_if} if intervening_if else {})}
    return Card.model_validate({
        "name": "Test Pair", "mana_cost": "{2}{G}", "types": ["Creature"], "subtypes": ["Rabbit"], "pt": "2/3",
        "gift": "card", "oracle": line, "printings": [{"set": "CGT", "number": "93", "rarity": "common"}],
        "abilities": [ability]})


TRIGGER = [
    {"effect": "tap", "what": {"target": {"types": ["creature"]}}},
    {"effect": "untap", "what": {"target": {"types": ["creature"], "other_target": True}}},
]


def test_a_triggered_abilitys_targets_are_tagged_in_xmage_as_its_own_cards_do() -> None:
    """XMage's triggered abilities tag their targets the same way (Itzquinth, Firstborn of Gishath:
    `setTargetTag` on each target, `AnotherTargetPredicate` on the other's filter); Brambleguard Pair."""
    for condition in (None, "promised"):
        line = "When Test Pair enters, tap target creature and untap another target creature."
        script, source = rendered_and_read_back(_creature(line, TRIGGER, condition), "test_pair.txt")
        assert "TargetUnique$ True" in script
        assert "filter.add(new AnotherTargetPredicate(2));" in source
        assert "ability.addTarget(new TargetCreaturePermanent().setTargetTag(1));" in source
        assert "ability.addTarget(new TargetPermanent(filter).setTargetTag(2));" in source
