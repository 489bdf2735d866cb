"""Intervening "if" in both polarities (603.4): "When ~ enters, if the gift wasn't promised, ..." is a
condition of the trigger (`intervening_if: not_promised`), not a conditional effect inside an
unconditional trigger - through the phrasing forms, validation, both engines and their readers.
The resolver side is played by `scenarios/cgt/thornwood_greeter.yaml` (in `test_scenarios` and `check`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from click.testing import CliRunner
from shipped import shipped_catalog

from cardgen.canonical import meaning_diff
from cardgen.cli import cli
from cardgen.engines.forge.backend import ForgeBackend
from cardgen.engines.forge.reader import read_script
from cardgen.engines.xmage.backend import XMageBackend
from cardgen.engines.xmage.java_expr import New, Raw, Str
from cardgen.engines.xmage.reader import _intervening, read_class_file
from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

ROOT = Path(__file__).resolve().parents[1]
LINE = "When Thornwood Greeter enters, if the gift wasn't promised, draw a card."
ABILITY = {"kind": "triggered", "text": LINE, "event": "enters", "intervening_if": "not_promised",
           "effects": [{"effect": "draw"}]}


def _card() -> Card:
    [loaded] = [c for c in shipped_catalog().cards if c.card.name == "Thornwood Greeter"]
    return loaded.card


def test_the_line_reads_as_an_intervening_if_and_renders_back() -> None:
    reading = read_line(LINE, "Thornwood Greeter", spell=False)
    assert reading.ability == ABILITY
    assert render_ability({k: v for k, v in ABILITY.items() if k != "text"}, "Thornwood Greeter") == LINE


def test_a_condition_on_the_effect_is_said_after_it() -> None:
    """The same words can't mean a resolution-only condition: that one is printed after the effect."""
    ability = {"kind": "triggered", "event": "enters",
               "effects": [{"effect": "draw", "condition": "not_promised"}]}
    assert render_ability(ability, "Thornwood Greeter") == \
        "When Thornwood Greeter enters, draw a card if the gift wasn't promised."


def test_forge_writes_the_negated_property_and_reads_it_back() -> None:
    card = _card()
    script = ForgeBackend().render_card(card)
    assert "ValidCard$ Card.Self+!PromisedGift | Execute$ TrigDraw" in script
    result = read_script(script, "thornwood_greeter.txt")
    assert result.card is not None, result.diagnostics
    assert result.card.abilities[0].intervening_if == "not_promised"
    assert meaning_diff(result.card, card, ("forge", "spec")) == []


def test_xmage_prints_wasnt_through_invert_condition_and_reads_it_back() -> None:
    card = _card()
    java = XMageBackend().render_card(card)
    assert ".withInterveningIf(new InvertCondition(GiftWasPromisedCondition.TRUE, \"the gift wasn't promised\"))" \
        in java
    result = read_class_file(ROOT / "output/xmage/Mage.Sets/src/mage/cards/t/ThornwoodGreeter.java")
    assert result.card is not None, result.diagnostics
    assert meaning_diff(result.card, card, ("xmage", "spec")) == []


def test_xmage_reader_knows_both_spellings_of_each_polarity() -> None:
    true, false = Raw("GiftWasPromisedCondition.TRUE"), Raw("GiftWasPromisedCondition.FALSE")
    assert _intervening(true) == "promised"
    assert _intervening(false) == "not_promised"
    assert _intervening(New("InvertCondition", (true, Str("the gift wasn't promised")))) == "not_promised"
    assert _intervening(New("InvertCondition", (false,))) == "promised"
    assert _intervening(Raw("SourceAttackingCondition.instance")) is None


def test_not_promised_on_a_card_without_gift_is_cg208(tmp_path: Path) -> None:
    data = {"name": "Plain Greeter", "mana_cost": "{1}{G}", "types": ["Creature"], "pt": "2/2",
            "printings": [{"set": "CGT", "number": "99", "rarity": "common"}],
            "oracle": "When Plain Greeter enters, if the gift wasn't promised, draw a card.",
            "abilities": [{**ABILITY, "text": "When Plain Greeter enters, if the gift wasn't promised, draw a card."}]}
    folder = tmp_path / "cgt"
    folder.mkdir()
    shutil.copy(ROOT / "card_specs/cgt/set.yaml", folder / "set.yaml")
    (folder / "plain_greeter.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(tmp_path)])
    assert result.exit_code == 1
    assert "CG208" in result.output and "intervening_if: not_promised" in result.output
