"""Investigate (701.16), an effect kind added as one construct module (`cardgen/vocab/effects/investigate.py`):
its phrasing forms, Forge's `Investigate` API, XMage's `InvestigateEffect`, both readers, and the Clue token
it creates (111.10f) with its ability; the resolver's investigate and the Clue's ability are played by
`scenarios/cgt/lanternlit_inquiry.yaml`, from the spec and from both engines' files."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.engines.forge.backend import ForgeBackend
from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability
from cardgen.resolver.testing import make_card
from cardgen.text.phrases import effect_phrase

REMINDER = ' (To investigate, create a Clue token. It\'s an artifact with "{2}, Sacrifice this token: Draw a card.")'


def _card(line: str, effects: list[dict]) -> Card:
    return Card.model_validate({
        "name": "Test Inquiry", "mana_cost": "{U}", "types": ["Sorcery"], "oracle": line,
        "printings": [{"set": "CGT", "number": "97", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": line, "effects": effects}]})


@pytest.mark.parametrize(("line", "effects"), [
    ("Investigate.", [{"effect": "investigate"}]),
    ("Investigate twice.", [{"effect": "investigate", "amount": 2}]),
    ("Investigate three times.", [{"effect": "investigate", "amount": 3}]),
    ("Draw a card, then investigate.", [{"effect": "draw"}, {"effect": "investigate"}]),
])
def test_the_line_reads_and_renders(line: str, effects: list[dict]) -> None:
    assert read_line(line, "Test Inquiry", spell=True).ability == {"kind": "spell", "text": line, "effects": effects}
    if ", then" not in line:  # "then" is read, "and" is written
        assert render_ability({"kind": "spell", "effects": effects}, "Test Inquiry") == line


@pytest.mark.parametrize(("amount", "clause"), [(1, "investigate"), (2, "investigate twice"),
                                                (4, "investigate four times")])
def test_the_clause_says_how_many_times(amount: int, clause: str) -> None:
    effect = make_card("Clause", "Sorcery", abilities=[
        {"kind": "spell", "text": "Line.", "effects": [{"effect": "investigate", "amount": amount}]}]
    ).abilities[0].effects[0]
    assert effect_phrase(effect) == clause


@pytest.mark.parametrize(("effects", "forge", "xmage"), [
    ([{"effect": "investigate"}], "A:SP$ Investigate | SpellDescription$", "new InvestigateEffect()"),
    ([{"effect": "investigate", "amount": 2}], "A:SP$ Investigate | Num$ 2 |", "new InvestigateEffect(2)"),
])
def test_both_engines_write_their_own_form_and_read_it_back(effects: list[dict], forge: str, xmage: str) -> None:
    line = render_ability({"kind": "spell", "effects": effects}, "Test Inquiry")
    assert line is not None
    script, source = rendered_and_read_back(_card(line + REMINDER, effects), "test_inquiry.txt")
    assert forge in script
    assert "DeckHas:Ability$Investigate|Token|Sacrifice & Type$Artifact|Clue" in script
    assert xmage in source


def test_a_count_of_times_is_a_count_svar_and_a_dynamic_value() -> None:
    """Investigate takes every amount kind: X times is `Num$ X` with its count SVar, and XMage's
    `InvestigateEffect(DynamicValue)` (read back by both engines' readers)."""
    effects = [{"effect": "investigate", "amount": {"count": "x"}}]
    card = Card.model_validate({
        "name": "Test Inquiry", "mana_cost": "{X}{U}", "types": ["Sorcery"], "oracle": "Investigate X times.",
        "printings": [{"set": "CGT", "number": "97", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": "Investigate X times.", "effects": effects}]})
    script, source = rendered_and_read_back(card, "test_inquiry.txt")
    assert "A:SP$ Investigate | Num$ X |" in script and "SVar:X:Count$xPaid" in script
    assert "new InvestigateEffect(GetXValue.instance)" in source


def test_forge_investigating_for_another_player_is_not_read_as_yours() -> None:
    from cardgen.engines.forge.reader import read_script
    script = ForgeBackend().render_card(_card("Investigate.", [{"effect": "investigate"}]))
    result = read_script(script.replace("A:SP$ Investigate |", "A:SP$ Investigate | Defined$ Opponent |"),
                         "test_inquiry.txt")
    assert [d.code for d in result.diagnostics] == ["FG203"]
    assert "only the controller investigates" in result.diagnostics[0].message
