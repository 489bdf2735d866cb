"""AI and deck-building hints by construct, where Forge's own scripts of the same shape carry them: the
AI plays the card better with them, and `cardgen diff` reports them apart from the meaning.

Facts from Forge's own scripts (Card-Forge/forge, forge-gui/res/cardsfolder): disfigure.txt (cf0faecb)
`A:SP$ Pump | ValidTgts$ Creature | ... | NumAtt$ -2 | NumDef$ -2 | IsCurse$ True`; savor.txt (88965a88)
the same Pump with `IsCurse$ True`, a Food token and `DeckHas:Ability$Token|LifeGain|Food`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from shipped import shipped_catalog

from cardgen.engines.forge.backend import ForgeBackend
from cardgen.engines.forge.hints import script_hints
from cardgen.model.card import Card

ROOT = Path(__file__).resolve().parents[1]
BACKEND = ForgeBackend()

SAVOR_AS_DRAFTED = """\
name: Savor
mana_cost: '{1}{B}'
types: [Instant]
printings:
  - {set: BLB, number: 109, rarity: common}
oracle: |-
  Target creature gets -2/-2 until end of turn. Create a Food token. (It's an artifact with "{2}, {T}, \
Sacrifice this token: You gain 3 life.")
abilities:
  - kind: spell
    text: 'Target creature gets -2/-2 until end of turn. Create a Food token. (It''s an artifact with "{2}, {T}, \
Sacrifice this token: You gain 3 life.")'
    effects:
      - {effect: pump, what: {target: {types: [creature]}}, power: -2, toughness: -2}
      - {effect: create_token, token: food}
"""
"""Savor as `cardgen new "Savor" --set BLB` drafts it from Scryfall's data (the printed fields and the
abilities read from the oracle text, nothing added by hand)."""

SAVOR_HINTS = ["DeckHas: Ability$Food|LifeGain|Token", "Pump: IsCurse$ True"]
"""The hints of Forge's own savor.txt that say what the card is (its `DeckHints:Ability$Food` asks for other
Food cards, a choice of Forge's deck builders, not a fact of the card)."""


def _card(data: dict[str, Any]) -> Card:
    return Card.model_validate(data)


def _spell(*effects: dict[str, Any]) -> Card:
    return _card({"name": "Probe", "mana_cost": "{B}", "types": ["Instant"],
                  "printings": [{"set": "CGT", "number": "1", "rarity": "common"}], "oracle": "Do it.",
                  "abilities": [{"kind": "spell", "text": "Do it.", "effects": list(effects)}]})


def _pump(**what: Any) -> dict[str, Any]:
    return {"effect": "pump", "what": {"target": {"types": ["creature"], **what}}, "power": -2, "toughness": -2}


def test_savor_drafted_as_a_new_user_would_carries_forges_own_hints() -> None:
    text = BACKEND.render_card(_card(yaml.safe_load(SAVOR_AS_DRAFTED)))
    assert set(SAVOR_HINTS) <= set(script_hints(text))
    assert "DeckHas:Ability$Token|LifeGain|Food" in text.split("\n")


def test_a_shrinking_pump_of_a_target_is_a_curse() -> None:
    """-N/-N of "target creature" (Disfigure, Blightmaw Hex) and of an opponent's creature; not a boost,
    not a mixed change, not a creature of yours, not every creature."""
    assert "IsCurse$ True" in BACKEND.render_card(_spell(_pump()))
    assert "IsCurse$ True" in BACKEND.render_card(_spell(_pump(controller="opponent")))
    assert "IsCurse$ True" in BACKEND.render_card(_spell({**_pump(), "power": 0, "toughness": -3}))
    for calm in (_pump(controller="you"), {**_pump(), "power": 2, "toughness": 2},
                 {**_pump(), "power": 2, "toughness": -2},
                 {"effect": "pump", "what": {"all": {"types": ["creature"]}}, "power": -1, "toughness": -1}):
        assert "IsCurse" not in BACKEND.render_card(_spell(calm)), calm


def test_blightmaw_hex_carries_the_curse_hint() -> None:
    hex_card = next(loaded.card for loaded in shipped_catalog().cards
                    if loaded.card.name == "Blightmaw Hex")
    assert "Pump: IsCurse$ True" in script_hints(BACKEND.render_card(hex_card))


def test_a_token_for_the_gift_is_not_the_decks() -> None:
    """Blooming Blast gives the opponent a Treasure: Forge's own script has no DeckHas for it."""
    blast = next(loaded.card for loaded in shipped_catalog().cards
                 if loaded.card.name == "Blooming Blast")
    assert not any(line.startswith("DeckHas") for line in script_hints(BACKEND.render_card(blast)))


def test_hints_of_one_kind_share_one_line() -> None:
    """Forge's CardRules reader keeps only the last `DeckHas:` line (`has = new DeckHints(value)`), so a
    discard cost and a token share one: `DeckHas:Ability$Discard|Token`."""
    card = _card({"name": "Probe", "mana_cost": "{B}", "types": ["Instant"],
                  "printings": [{"set": "CGT", "number": "1", "rarity": "common"}], "oracle": "x",
                  "abilities": [{"kind": "additional_cost", "text": "As an additional cost to cast this spell, "
                                 "discard a card.", "discard": 1},
                                {"kind": "spell", "text": "x", "effects": [{"effect": "create_token",
                                                                             "token": "food"}]}]})
    deck_lines = [line for line in BACKEND.render_card(card).split("\n") if line.startswith("DeckHas")]
    assert deck_lines == ["DeckHas:Ability$Discard|Token|LifeGain|Food"]


def test_script_hints_ignore_layout_and_svar_names() -> None:
    one = "A:SP$ Pump | NumAtt$ -2 | IsCurse$ True | SubAbility$ DBX\nSVar:DBX:DB$ Draw\nSVar:PlayMain1:TRUE\n" \
          "DeckHas:Ability$Token|Food\n"
    two = "SVar:PlayMain1:TRUE\nA:SP$ Pump | IsCurse$ True | NumAtt$ -2 | SubAbility$ DBY\nSVar:DBY:DB$ Draw\n" \
          "DeckHas:Ability$Food|Token\n"
    assert script_hints(one) == script_hints(two) == ["DeckHas: Ability$Food|Token", "Pump: IsCurse$ True",
                                                      "SVar PlayMain1:TRUE"]
