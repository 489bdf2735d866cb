""""Instead" replacing a GROUP of effects: "Target creature gets -2/-2 until end of turn and you lose
1 life. If the gift was promised, instead destroy that creature." `instead_replaces: N` on the first effect
says the replacement replaces it and the N-1 effects after it; it is read as the gated effects it means, the
target of the group (named by the replacement, "that creature") chosen either way; the oracle line reads as
the same structure; the test card Blightmaw Hex (`scenarios/cgt/blightmaw_hex.yaml`) plays it."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from cardgen.phrasing import read_line
from cardgen.resolver.targeting import effect_slots
from cardgen.vocab.abilities.spell import SpellAbility

LINE = ("Target creature gets -2/-2 until end of turn and you lose 1 life. If the gift was promised, instead "
        "destroy that creature.")


def _ability(effects: list[dict]) -> SpellAbility:
    return SpellAbility.model_validate({"kind": "spell", "text": "x", "effects": effects})


def _dump(ability: SpellAbility) -> list[dict]:
    return [effect.model_dump(exclude_defaults=True) for effect in ability.effects]


def _group(ident: str = "shrunk", replaced_target: dict | None = None, count: int = 2) -> list[dict]:
    return [{"effect": "pump", "id": ident, "what": {"target": {"types": ["creature"]}}, "power": -2,
             "toughness": -2, "instead_replaces": count,
             "instead_if_promised": [{"effect": "destroy", "what": replaced_target or {"ref": ident}}]},
            {"effect": "lose_life", "who": "you", "amount": 1}]


def test_the_group_is_the_unpromised_side_and_the_replacement_the_promised_one() -> None:
    ability = _ability(_group())
    assert [(e.effect, e.condition) for e in ability.effects] == [
        ("pump", "not_promised"), ("lose_life", "not_promised"), ("destroy", "promised")]
    assert all(e.instead_replaces is None and e.instead_if_promised is None for e in ability.effects)
    for promised in (False, True):  # "that creature" is the target chosen as the spell is cast, either way
        assert [slot.key for slot in effect_slots(ability.effects, promised)] == [(0, "what")]


def test_effects_after_the_group_are_left_as_they_are() -> None:
    ability = _ability([*_group(), {"effect": "draw"}])
    assert [(e.effect, e.condition) for e in ability.effects][-1] == ("draw", None)


def test_the_oracle_line_reads_as_the_same_structure() -> None:
    read = read_line(LINE, "Blightmaw Hex", spell=True).ability
    assert read is not None
    ident = next(effect["id"] for effect in read["effects"] if "id" in effect)
    assert _dump(_ability(read["effects"])) == _dump(_ability(_group(ident)))


@pytest.mark.parametrize(("effects", "words"), [
    (_group(count=3), "only 2 follow"),
    (_group(replaced_target={"target": {"types": ["creature"]}}), "must be one the replacement names"),
    ([{**_group()[0], "instead_if_promised": None}, _group()[1]], "needs an `instead_if_promised`"),
    ([_group()[0], {**_group()[1], "condition": "promised"}], "takes no `condition`"),
])
def test_a_group_that_means_nothing_clear_is_refused(effects: list[dict], words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        _ability(effects)
