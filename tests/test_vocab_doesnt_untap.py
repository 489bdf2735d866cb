""""Doesn't untap during its controller's untap step" (502.3), an ability kind of one module
(`cardgen/vocab/abilities/doesnt_untap.py`): both lines read and render, both engines write their own form
and read it back, and the untap step keeps the permanent tapped only while the ability's permanent is on the
battlefield. Charmed Sleep's scenarios play the Aura's form from the spec and from both engines' files."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.game import zones
from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability
from cardgen.resolver.testing import find, make_card, new_game, put

SELF = "This artifact doesn't untap during your untap step."
ENCHANTED = "Enchanted creature doesn't untap during its controller's untap step."


def _relic(line: str) -> Card:
    return Card.model_validate({
        "name": "Test Relic", "mana_cost": "{3}", "types": ["Artifact"], "oracle": line,
        "printings": [{"set": "CGT", "number": "96", "rarity": "common"}],
        "abilities": [{"kind": "doesnt_untap", "text": line}]})


@pytest.mark.parametrize(("line", "what"), [(SELF, None), (ENCHANTED, "enchanted"),
                                            ("This creature doesn't untap during your untap step.", None)])
def test_the_line_reads_and_renders(line: str, what: str | None) -> None:
    ability = {"kind": "doesnt_untap", "text": line, **({"what": what} if what else {})}
    assert read_line(line, "Test Relic", spell=False).ability == ability
    assert read_line(line, "Test Relic", spell=True).ability != ability  # no instant or sorcery says it
    if "artifact" not in line and "creature doesn't untap during your" not in line:
        assert render_ability({k: v for k, v in ability.items() if k != "text"}, "Test Relic") == line


def test_both_engines_write_their_own_form_of_this_permanent_and_read_it_back() -> None:
    script, source = rendered_and_read_back(_relic(SELF), "test_relic.txt")
    assert ("R:Event$ Untap | ActiveZones$ Battlefield | ValidCard$ Card.Self+ActivePlayerCtrl | ActivePhases$ Untap"
            " | Layer$ CantHappen | Description$ This artifact doesn't untap during your untap step.") in script
    assert "AttachAILogic" not in script  # the hint is an Aura's
    assert "new SimpleStaticAbility(new DontUntapInControllersUntapStepSourceEffect())" in source


def test_the_untap_step_leaves_it_tapped_while_the_rest_untaps() -> None:
    game = new_game()
    relic = make_card("Test Relic", "Artifact", oracle=SELF, abilities=[{"kind": "doesnt_untap", "text": SELF}])
    kept = put(game.state, "alice", relic, "battlefield")
    other = put(game.state, "alice", make_card("Plain Relic", "Artifact"), "battlefield")
    kept.tapped = other.tapped = True
    game.next_turn()
    game.next_turn()  # alice's untap step
    assert kept.tapped and not other.tapped


def test_once_its_permanent_has_left_the_enchanted_creature_untaps() -> None:
    """502.3 asks the abilities on the battlefield as the step begins: the Aura gone, nothing keeps it."""
    game = new_game()
    aura = make_card("Test Sleep", "Enchantment", subtypes=["Aura"], oracle=f"Enchant creature\n{ENCHANTED}",
                     abilities=[{"kind": "enchant", "filter": {"types": ["creature"]}},
                                {"kind": "doesnt_untap", "text": ENCHANTED, "what": "enchanted"}])
    bear = put(game.state, "bob", make_card("Bear", "Creature", pt="2/2"), "battlefield")
    sleep = put(game.state, "alice", aura, "battlefield")
    sleep.attached_to, bear.tapped = bear.oid, True
    game.next_turn()
    assert bear.tapped
    zones.move(game.state, find(game, "Test Sleep").oid, "graveyard")
    game.next_turn()
    game.next_turn()
    assert not bear.tapped
