"""The `nth_resolution` effect ("Then draw a card if this is the second time this ability has resolved this
turn", 608.2c), one construct module (`cardgen/vocab/effects/nth_resolution.py`): its forms, Forge's
`ConditionCheckSVar$` of `Count$ResolvedThisTurn` compared `EQ2`, XMage's `IfAbilityHasResolvedXTimesEffect` with
the `AbilityResolvedWatcher` the ability adds, both readers; Harvestrite Host's scenarios play it from the spec
and from both engines' files."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

NAME = "Test Tallykeeper"
EVENT = {"this_or_another_enters": {"subtypes": ["Rabbit"], "controller": "you"}}


def _line(ordinal: str) -> str:
    return (f"Whenever this creature or another Rabbit you control enters, you gain 1 life. Then draw a card if this "
            f"is the {ordinal} time this ability has resolved this turn.")


def _effects(times: int) -> list[dict[str, object]]:
    return [{"effect": "gain_life", "amount": 1},
            {"effect": "nth_resolution", "times": times, "effects": [{"effect": "draw"}]}]


def _card(line: str, times: int) -> Card:
    return Card.model_validate({
        "name": NAME, "mana_cost": "{2}{W}", "types": ["Creature"], "subtypes": ["Rabbit"], "pt": "3/3",
        "oracle": line, "printings": [{"set": "CGT", "number": "96", "rarity": "common"}],
        "abilities": [{"kind": "triggered", "text": line, "event": EVENT, "effects": _effects(times)}]})


@pytest.mark.parametrize(("ordinal", "times"), [("second", 2), ("third", 3)])
def test_the_line_reads_and_renders(ordinal: str, times: int) -> None:
    line = _line(ordinal)
    ability = {"kind": "triggered", "event": EVENT, "effects": _effects(times)}
    assert read_line(line, NAME, spell=False).ability == {**ability, "text": line}
    assert render_ability(ability, NAME) == line.replace("this creature", NAME)


def test_both_engines_write_their_own_form_and_read_it_back() -> None:
    script, source = rendered_and_read_back(_card(_line("second"), 2), "test_tallykeeper.txt")
    assert "DB$ Draw | ConditionCheckSVar$ X | ConditionSVarCompare$ EQ2" in script
    assert "SVar:X:Count$ResolvedThisTurn" in script
    flat = " ".join(source.split()).replace("( ", "(").replace(" )", ")")
    assert "new IfAbilityHasResolvedXTimesEffect(2, new DrawCardSourceControllerEffect(1))" in flat
    assert ".addWatcher(new AbilityResolvedWatcher())" in flat
