"""Effects with two object targets whose Forge API takes one (a fight, damage dealt by a creature equal to its
power) are written and read as Forge's own scripts spell them: a parent `Pump` without changes holds the first
target, the effect names it `ParentTarget`, with the AI hints PumpAi reads for that pump.

Facts from Forge (Card-Forge/forge): PumpAi.checkApiLogic (d96d5daa) treats `AILogic$ Fight` and
`AILogic$ PowerDmg` alike as a pump that picks a fighter; rabid_bite.txt (81bb01da) is `SP$ Pump |
ValidTgts$ Creature.YouCtrl | AILogic$ PowerDmg | SubAbility$ ...` over `DB$ DealDamage | ValidTgts$
Creature.YouDontCtrl | AILogic$ PowerDmg | NumDmg$ X | DamageSource$ ParentTarget` with
`SVar:X:ParentTargeted$CardPower`; prey_upon.txt (eded29c9) is `SP$ Pump | ValidTgts$ Creature.YouCtrl |
SubAbility$ ...` over `DB$ Fight | Defined$ ParentTarget | ValidTgts$ Creature.YouDontCtrl`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from shipped import shipped_catalog

from cardgen.canonical import meaning_diff
from cardgen.engines.forge.backend import ForgeBackend
from cardgen.engines.forge.hints import script_hints
from cardgen.engines.forge.reader import read_script
from cardgen.model.card import Card

ROOT = Path(__file__).resolve().parents[1]
BACKEND = ForgeBackend()
MINE = {"target": {"types": ["creature"], "controller": "you"}}
THEIRS = {"target": {"types": ["creature"], "controller": "not_you"}}


def _spell(effect: dict[str, Any], text: str) -> Card:
    return Card.model_validate({"name": "Probe", "mana_cost": "{G}", "types": ["Sorcery"],
                                "printings": [{"set": "CGT", "number": "1", "rarity": "common"}], "oracle": text,
                                "abilities": [{"kind": "spell", "text": text, "effects": [effect]}]})


FIGHT = _spell({"effect": "fight", "what": MINE, "other": THEIRS},
               "Target creature you control fights target creature you don't control.")
BITE = _spell({"effect": "bite", "what": MINE, "to": THEIRS},
              "Target creature you control deals damage equal to its power to target creature you don't control.")


def _lines(card: Card) -> list[str]:
    return BACKEND.render_card(card).split("\n")


def test_two_target_fight_holds_the_first_target_in_a_parent_pump() -> None:
    lines = _lines(FIGHT)
    assert ("A:SP$ Pump | ValidTgts$ Creature.YouCtrl | TgtPrompt$ Select target creature you control | "
            "AILogic$ Fight | SubAbility$ DBFight | SpellDescription$ Target creature you control fights target "
            "creature you don't control.") in lines
    assert ("SVar:DBFight:DB$ Fight | Defined$ ParentTarget | ValidTgts$ Creature.YouDontCtrl | "
            "TgtPrompt$ Select target creature you don't control") in lines


def test_two_target_bite_deals_the_parent_targets_power() -> None:
    lines = _lines(BITE)
    assert lines[3].startswith("A:SP$ Pump | ValidTgts$ Creature.YouCtrl | TgtPrompt$ Select target creature you "
                               "control | AILogic$ PowerDmg | SubAbility$ DBDealDamage | SpellDescription$ ")
    assert ("SVar:DBDealDamage:DB$ DealDamage | ValidTgts$ Creature.YouDontCtrl | TgtPrompt$ Select target creature "
            "you don't control | AILogic$ PowerDmg | NumDmg$ X | DamageSource$ ParentTarget") in lines
    assert "SVar:X:ParentTargeted$CardPower" in lines


def test_ai_hints_are_those_of_forges_own_scripts() -> None:
    assert "Pump: AILogic$ Fight" in script_hints(BACKEND.render_card(FIGHT))
    assert {"Pump: AILogic$ PowerDmg", "DealDamage: AILogic$ PowerDmg"} <= set(script_hints(BACKEND.render_card(BITE)))


def test_what_is_written_reads_back_as_the_spec() -> None:
    for card in (FIGHT, BITE):
        result = read_script(BACKEND.render_card(card), "probe.txt")
        assert result.diagnostics == []
        assert result.card is not None
        assert meaning_diff(card, result.card, ("spec", "forge")) == []


FORGE_SHAPED_BITE = """\
Name:Rabid Bite
ManaCost:1 G
Types:Sorcery
A:SP$ Pump | ValidTgts$ Creature.YouCtrl | AILogic$ PowerDmg | TgtPrompt$ Select target creature you control | \
SubAbility$ Bite | StackDescription$ None | SpellDescription$ Target creature you control deals damage equal to its \
power to target creature you don't control
SVar:Bite:DB$ DealDamage | ValidTgts$ Creature.YouDontCtrl | AILogic$ PowerDmg | NumDmg$ X | DamageSource$ ParentTarget
SVar:X:ParentTargeted$CardPower
Oracle:Target creature you control deals damage equal to its power to target creature you don't control.
"""


def test_a_script_in_forges_spelling_means_the_shipped_rabid_bite() -> None:
    result = read_script(FORGE_SHAPED_BITE, "rabid_bite.txt")
    assert result.diagnostics == []
    assert result.card is not None
    spec = shipped_catalog().by_name()["Rabid Bite"].card
    assert meaning_diff(spec, result.card, ("spec", "forge")) == []


def test_a_bare_pump_whose_target_nothing_names_is_reported() -> None:
    text = ("Name:Probe\nManaCost:G\nTypes:Sorcery\nA:SP$ Pump | ValidTgts$ Creature | SubAbility$ DBDraw | "
            "SpellDescription$ Do it.\nSVar:DBDraw:DB$ Draw\nOracle:Do it.\n")
    assert "FG201" in [d.code for d in read_script(text, "probe.txt").diagnostics]
