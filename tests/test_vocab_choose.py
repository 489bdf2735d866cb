"""The `choose` effect (`cardgen/vocab/effects/choose.py`, 608.2c): "Choose an artifact or creature you
control. Create a token that's a copy of it." - one permanent chosen as the effect resolves, not targeted;
Forge's `ChooseCard` with `RememberChosen$`, XMage's not-a-target `TargetPermanent` chosen in a sequence
effect, both read back; and the filter phrase of two "non-" words ("nonland, nontoken permanent").
`scenarios/blb/season_of_weaving.yaml` plays them from the spec and from both engines' files."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability
from cardgen.phrasing.nouns import render_filter

LINE = "Choose an artifact or creature you control. Create a token that's a copy of it."
EFFECTS = [{"effect": "choose", "what": {"all": {"types": ["artifact", "creature"], "controller": "you"}},
            "id": "choose_1"},
           {"effect": "token_copy", "of": {"ref": "choose_1"}}]


def _card(line: str, effects: list[dict]) -> Card:
    return Card.model_validate({
        "name": "Test Weaving", "mana_cost": "{U}", "types": ["Sorcery"], "oracle": line,
        "printings": [{"set": "CGT", "number": "94", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": line, "effects": effects}]})


def test_the_choice_reads_and_renders_with_it_pointing_at_the_chosen_permanent() -> None:
    assert read_line(LINE, "Test Weaving", spell=True).ability == {"kind": "spell", "text": LINE, "effects": EFFECTS}
    assert render_ability({"kind": "spell", "effects": EFFECTS}, "Test Weaving") == LINE


def test_both_engines_write_their_own_form_and_read_it_back() -> None:
    script, source = rendered_and_read_back(_card(LINE, EFFECTS), "test_weaving.txt")
    assert "DB$ ChooseCard | Choices$ Artifact.YouCtrl,Creature.YouCtrl" in script or \
        "SP$ ChooseCard | Choices$ Artifact.YouCtrl,Creature.YouCtrl" in script
    assert "Mandatory$ True | RememberChosen$ True" in script
    assert "CopyPermanent | Defined$ Remembered" in script
    assert "new TargetPermanent(StaticFilters.FILTER_CONTROLLED_PERMANENT_ARTIFACT_OR_CREATURE)" in source
    assert "target.withNotTarget(true);" in source
    assert "controller.choose(Outcome.Benefit, target, source, game);" in source
    assert "new CreateTokenCopyTargetEffect()" in source


@pytest.mark.parametrize(("selector", "plural", "words"), [
    ({"types": ["permanent"], "not_types": ["land"], "token": False}, False, "nonland, nontoken permanent"),
    ({"types": ["permanent"], "not_types": ["creature", "land"]}, True, "noncreature, nonland permanents"),
    ({"types": ["creature"], "token": False, "other": True}, True, "other nontoken creatures"),
])
def test_two_non_words_in_a_row_take_a_comma(selector: dict, plural: bool, words: str) -> None:
    assert render_filter(selector, plural) == words
    line = f"Destroy {'all' if plural else 'target'} {words}."
    reading = read_line(line, "Test Weaving", spell=True)
    assert reading.ability is not None, reading.problem
