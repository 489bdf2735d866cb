""""Instead" replacing an effect with a group of effects: "Target player mills three cards. If the
gift was promised, instead that player mills five cards and you gain 2 life." The list form of
`instead_if_promised` is read as what it means (`expand_instead_groups`); the targets of the replaced effect
exist only when not promised unless the replacement names them ("that player"); the test card Silt Siphon
(`scenarios/cgt/silt_siphon.yaml`) plays it through the resolver and both engines."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from cardgen.phrasing import read_line
from cardgen.resolver.targeting import effect_slots
from cardgen.vocab.abilities.spell import SpellAbility

LINE = ("Target player mills three cards. If the gift was promised, instead that player mills five cards and you "
        "gain 2 life.")


def _ability(effects: list[dict]) -> SpellAbility:
    return SpellAbility.model_validate({"kind": "spell", "text": "x", "effects": effects})


def _dump(ability: SpellAbility) -> list[dict]:
    return [effect.model_dump(exclude_defaults=True) for effect in ability.effects]


SHARED = [{"effect": "mill", "id": "milled", "who": {"target": {"player": "any"}}, "amount": 3,
           "instead_if_promised": [{"effect": "mill", "who": {"ref": "milled"}, "amount": 5},
                                   {"effect": "gain_life", "amount": 2}]}]


def test_a_group_that_names_the_replaced_target_keeps_it_either_way() -> None:
    ability = _ability(SHARED)
    assert _dump(ability) == [
        {"id": "milled", "condition": "not_promised", "effect": "mill", "who": {"target": {"player": "any"}},
         "amount": 3},
        {"condition": "promised", "effect": "mill", "who": {"ref": "milled"}, "amount": 5},
        {"condition": "promised", "effect": "gain_life", "amount": 2},
    ]
    for promised in (False, True):  # "that player" is the target chosen as the spell is cast, either way
        assert [slot.key for slot in effect_slots(ability.effects, promised)] == [(0, "who")]


def test_the_oracle_line_reads_as_the_same_structure() -> None:
    read = read_line(LINE, "Silt Siphon", spell=True).ability
    assert read is not None  # "that player" names the effect that targeted a player
    spec = [{**effect, "id": "mill_1"} if "id" in effect else effect for effect in SHARED]
    spec[0]["instead_if_promised"] = [{**spec[0]["instead_if_promised"][0], "who": {"ref": "mill_1"}},
                                      spec[0]["instead_if_promised"][1]]
    assert _dump(_ability(read["effects"])) == _dump(_ability(spec))


def test_a_group_with_its_own_targets_replaces_the_effect_and_its_targets() -> None:
    """ "Destroy target artifact. If the gift was promised, instead destroy target creature and draw a card":
    the artifact is a target only when not promised; the creature only when promised (702.174m)."""
    ability = _ability([{"effect": "destroy", "what": {"target": {"types": ["artifact"]}},
                         "instead_if_promised": [{"effect": "destroy", "what": {"target": {"types": ["creature"]}}},
                                                 {"effect": "draw"}]}])
    assert [slot.key for slot in effect_slots(ability.effects, False)] == [(0, "what")]
    assert [slot.key for slot in effect_slots(ability.effects, True)] == [(0, "instead", "what")]
    assert _dump(ability)[1] == {"condition": "promised", "effect": "draw"}


def test_a_single_replacement_that_names_the_replaced_target_keeps_it_too() -> None:
    ability = _ability([{"effect": "mill", "id": "m", "who": {"target": {"player": "any"}}, "amount": 3,
                         "instead_if_promised": {"effect": "mill", "who": {"ref": "m"}, "amount": 5}}])
    assert [e.get("condition") for e in _dump(ability)] == ["not_promised", "promised"]
    assert [slot.key for slot in effect_slots(ability.effects, True)] == [(0, "who")]


@pytest.mark.parametrize(("change", "message"), [
    ({"condition": "promised"}, "takes no `condition`"),
    ({"id": "milled"}, "reuses the id 'milled'"),
])
def test_an_effect_of_the_group_has_no_gate_or_name_of_its_own(change: dict, message: str) -> None:
    effects = [{**SHARED[0], "instead_if_promised": [{**SHARED[0]["instead_if_promised"][0], **change},
                                                     SHARED[0]["instead_if_promised"][1]]}]
    with pytest.raises(ValidationError, match=message):
        _ability(effects)


def test_an_empty_group_is_refused() -> None:
    with pytest.raises(ValidationError, match="lists no effect"):
        _ability([{**SHARED[0], "instead_if_promised": []}])


def test_both_engines_play_a_group_with_its_own_targets_and_one_that_names_the_replaced_target() -> None:
    from engine_roundtrip import rendered_and_read_back

    from cardgen.model.card import Card

    line = ("Destroy target artifact. If the gift was promised, instead destroy target creature and draw a "
            "card.")
    own = [{"effect": "destroy", "what": {"target": {"types": ["artifact"]}},
            "instead_if_promised": [{"effect": "destroy", "what": {"target": {"types": ["creature"]}}},
                                    {"effect": "draw"}]}]
    for text, effects in ((line, own), (LINE, SHARED)):
        card = Card.model_validate({
            "name": "Test Siphon", "mana_cost": "{U}", "types": ["Sorcery"], "gift": "card",
            "oracle": "Gift a card (You may promise an opponent a gift as you cast this spell. If you do, they draw "
                      "a card before its other effects.)\n" + text,
            "printings": [{"set": "CGT", "number": "94", "rarity": "common"}],
            "abilities": [{"kind": "spell", "text": text, "effects": effects}]})
        rendered_and_read_back(card, "test_siphon.txt")
