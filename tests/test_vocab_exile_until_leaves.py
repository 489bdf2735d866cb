"""Exile until this permanent leaves the battlefield (610.3), an effect kind added as one construct module
(`cardgen/vocab/effects/exile_until_leaves.py`): its phrasing, Forge's `ChangeZone` with `Duration$
UntilHostLeavesPlay`, XMage's `ExileUntilSourceLeavesEffect`, both readers, and the resolver's return of the
exiled card when the source leaves (played by `scenarios/blb/banishing_light.yaml`)."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.engines.forge.reader import read_script
from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

LINE = ("When this enchantment enters, exile target nonland permanent an opponent controls until this "
        "enchantment leaves the battlefield.")
EFFECTS = [{"effect": "exile_until_leaves",
            "what": {"target": {"types": ["permanent"], "not_types": ["land"], "controller": "opponent"}}}]
ABILITY = {"kind": "triggered", "text": LINE, "event": "enters", "effects": EFFECTS}


def _card() -> Card:
    return Card.model_validate({
        "name": "Test Light", "mana_cost": "{2}{W}", "types": ["Enchantment"], "oracle": LINE,
        "printings": [{"set": "CGT", "number": "97", "rarity": "common"}], "abilities": [ABILITY]})


def test_the_line_reads_and_renders() -> None:
    assert read_line(LINE, "Test Light", spell=False).ability == ABILITY
    assert render_ability({k: v for k, v in ABILITY.items() if k != "text"}, "Test Light") is not None


def test_both_engines_write_their_own_form_and_read_it_back() -> None:
    script, source = rendered_and_read_back(_card(), "test_light.txt")
    assert "Destination$ Exile | Duration$ UntilHostLeavesPlay" in script
    assert "new EntersBattlefieldTriggeredAbility(new ExileUntilSourceLeavesEffect())" in source


@pytest.mark.parametrize("duration", ["Permanent", "UntilYourNextTurn"])
def test_forge_another_duration_is_neither_exile_nor_this(duration: str) -> None:
    from cardgen.engines.forge.backend import ForgeBackend
    script = ForgeBackend().render_card(_card()).replace("UntilHostLeavesPlay", duration)
    result = read_script(script, "test_light.txt")
    assert result.card is None
    assert "FG203" in {d.code for d in result.diagnostics}


def test_forge_a_plain_exile_is_still_exile() -> None:
    from cardgen.engines.forge.backend import ForgeBackend
    script = ForgeBackend().render_card(_card()).replace(" | Duration$ UntilHostLeavesPlay", "")
    result = read_script(script, "test_light.txt")
    assert result.card is not None
    assert result.card.abilities[0].effects[0].effect == "exile"
