"""`canonical` gives one spelling per meaning; `meaning_diff` compares meanings and says where they differ."""

from __future__ import annotations

from typing import Any

from examples import examples
from hypothesis import HealthCheck, given, settings
from strategies import cards

from cardgen.canonical import behaviour, canonical, meaning_diff
from cardgen.model.card import Card


def card(*effects: dict[str, Any], gift: str | None = "card", **fields: Any) -> Card:
    data: dict[str, Any] = {"name": "Probe", "mana_cost": "{1}{W}", "types": ["Instant"],
                            "printings": [{"set": "CGT", "number": "1", "rarity": "common"}],
                            "abilities": [{"kind": "spell", "text": "Do it.", "effects": list(effects)}]}
    if gift:
        data["gift"] = gift
    data.update(fields)
    return Card.model_validate(data)


CREATURE = {"target": {"types": ["creature"]}}


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cards())
def test_canonical_is_idempotent_and_keeps_meaning(spec: Card) -> None:
    once = canonical(spec)
    assert canonical(once) == once
    assert meaning_diff(spec, once) == []


def test_wording_printings_and_ids_do_not_count() -> None:
    left = card({"effect": "damage", "id": "hit", "amount": 2, "to": CREATURE},
                {"effect": "damage", "amount": 3, "to": {"ref": "hit", "relation": "controller"}})
    right = card({"effect": "damage", "id": "zap", "amount": 2, "to": CREATURE},
                 {"effect": "damage", "amount": 3, "to": {"ref": "zap", "relation": "controller"}},
                 oracle="Anything.", printings=[{"set": "BLB", "number": "9", "rarity": "rare"}])
    assert meaning_diff(left, right) == []


def test_any_permanent_is_spelled_permanent() -> None:
    assert meaning_diff(card({"effect": "destroy", "what": {"all": {}}}),
                        card({"effect": "destroy", "what": {"all": {"types": ["permanent"]}}})) == []


def test_promised_only_target_implies_the_condition() -> None:
    gated = {"target": {"types": ["creature"], "only_if_promised": True}}
    assert meaning_diff(card({"effect": "tap", "what": gated, "condition": "promised"}),
                        card({"effect": "tap", "what": gated})) == []


def test_reference_to_a_promised_only_target_implies_the_condition() -> None:
    gated = {"target": {"types": ["creature"], "only_if_promised": True}}
    with_condition = card({"effect": "tap", "id": "t", "what": gated, "condition": "promised"},
                          {"effect": "put_counters", "what": {"ref": "t"}, "counter": "stun", "condition": "promised"})
    without = card({"effect": "tap", "id": "t", "what": gated},
                   {"effect": "put_counters", "what": {"ref": "t"}, "counter": "stun"})
    assert meaning_diff(with_condition, without) == []


def test_instead_without_targets_is_two_conditioned_effects() -> None:
    instead = card({"effect": "draw", "instead_if_promised": {"effect": "draw", "amount": 2}})
    split = card({"effect": "draw", "condition": "not_promised"},
                 {"effect": "draw", "amount": 2, "condition": "promised"})
    assert meaning_diff(instead, split) == []


def test_instead_branch_marks_are_implied() -> None:
    plain = card({"effect": "destroy", "what": CREATURE,
                  "instead_if_promised": {"effect": "destroy", "what": {"target": {"types": ["creature"], "max": 2}}}})
    marked = card({"effect": "destroy", "what": CREATURE, "instead_if_promised": {
        "effect": "destroy", "condition": "promised",
        "what": {"target": {"types": ["creature"], "max": 2, "only_if_promised": True}}}})
    assert meaning_diff(plain, marked) == []


def test_split_spell_abilities_resolve_as_one() -> None:
    one = card({"effect": "draw"}, {"effect": "exile", "what": "self"})
    two = card(abilities=[{"kind": "spell", "text": "Draw.", "effects": [{"effect": "draw"}]},
                          {"kind": "spell", "text": "Exile this.", "effects": [{"effect": "exile", "what": "self"}]}])
    assert meaning_diff(one, two) == []


def test_under_your_control_of_your_own_card() -> None:
    yours = {"target": {"zone": "graveyard", "types": ["creature"], "owner": "you"}}
    assert meaning_diff(card({"effect": "return_card", "what": yours, "to": "battlefield", "under": "you"}),
                        card({"effect": "return_card", "what": yours, "to": "battlefield"})) == []


def test_explicit_gift_and_predefined_token_definitions() -> None:
    assert meaning_diff(card({"effect": "give_gift"}, {"effect": "draw"}), card({"effect": "draw"})) == []
    fish = {"name": "Fish", "colors": ["U"], "types": ["Creature"], "subtypes": ["Fish"], "pt": "1/1"}
    assert meaning_diff(card({"effect": "create_token", "token": fish}),
                        card({"effect": "create_token", "token": "fish"})) == []


def test_graveyard_cards_are_never_tokens() -> None:
    base = {"zone": "graveyard", "types": ["creature"], "owner": "you"}
    nontoken = {**base, "token": False}
    assert meaning_diff(card({"effect": "return_card", "what": {"target": base}, "to": "hand"}),
                        card({"effect": "return_card", "what": {"target": nontoken}, "to": "hand"})) == []


def test_differences_are_reported_where_they_are() -> None:
    left = card({"effect": "damage", "amount": 2, "to": CREATURE})
    assert meaning_diff(left, card({"effect": "damage", "amount": 3, "to": CREATURE}), ("spec", "forge")) == [
        "abilities[0](spell).effects[0](damage).amount: spec 2, forge 3"]
    flipped = meaning_diff(card({"effect": "draw", "condition": "promised"}),
                           card({"effect": "draw", "condition": "not_promised"}))
    assert flipped == ["abilities[0](spell).effects[0](draw).condition: first 'promised', second 'not_promised'"]
    assert any("only in second" in line for line in meaning_diff(left, card(
        {"effect": "damage", "amount": 2, "to": CREATURE}, {"effect": "draw"})))
    assert meaning_diff(left, card({"effect": "destroy", "what": CREATURE})) == [
        "abilities[0](spell).effects[0](damage): first has damage, second has destroy"]


def test_different_targets_and_gifts_differ() -> None:
    assert meaning_diff(card({"effect": "destroy", "what": CREATURE}),
                        card({"effect": "destroy", "what": {"target": {"types": ["artifact"]}}}))
    assert meaning_diff(card({"effect": "draw"}, gift="card"), card({"effect": "draw"}, gift="food"))
    assert meaning_diff(card({"effect": "draw"}), card({"effect": "draw"}, mana_cost="{2}{W}"))


def test_behaviour_has_no_wording() -> None:
    projection = behaviour(card({"effect": "draw"}))
    assert "oracle" not in projection and "printings" not in projection
    assert "text" not in projection["abilities"][0]
