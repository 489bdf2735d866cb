"""The Forge backend writes scripts the way Forge writes them: header, keywords, the gift ability per kind,
promise conditions and promise-gated targets, "instead" forms, no default parameters, LF endings, safe text;
plus the edition file of each set."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
from shipped import shipped_catalog

from cardgen.engines import load_backend
from cardgen.engines.forge.backend import ForgeBackend
from cardgen.engines.forge.build import RenderError
from cardgen.model.card import Card, SetInfo
from cardgen.model.catalog import Catalog, LoadedCard, LoadedSet
from cardgen.model.derive import oracle_variants

ROOT = Path(__file__).resolve().parents[1]
SPECS = ROOT / "card_specs"
BACKEND = ForgeBackend()


def make_card(**fields: Any) -> Card:
    data: dict[str, Any] = {"name": "Test Card", "mana_cost": "{1}{R}", "types": ["Instant"],
                            "printings": [{"set": "CGT", "number": "1", "rarity": "common"}]}
    data.update(fields)
    card = Card.model_validate(data)
    return card.model_copy(update={"oracle": oracle_variants(card)[0]})


def spell(*effects: dict[str, Any], gift: str | None = "card", text: str = "Do it.") -> Card:
    extra = {"gift": gift} if gift else {}
    return make_card(abilities=[{"kind": "spell", "text": text, "effects": list(effects)}], **extra)


def lines(card: Card) -> list[str]:
    return BACKEND.render_card(card).split("\n")


def line(card: Card, prefix: str) -> str:
    return next(text for text in lines(card) if text.startswith(prefix))


# ------------------------------------------------------------------------------------------ shipped cards


def shipped() -> Catalog:
    return shipped_catalog()


def test_backend_is_registered() -> None:
    assert isinstance(load_backend("forge"), ForgeBackend)


def test_every_shipped_card_renders_to_its_forge_path() -> None:
    catalog = shipped()
    result = BACKEND.render(catalog)
    assert result.diagnostics == []
    for loaded in catalog.cards:
        path = BACKEND.card_path(loaded.card)
        assert path in result.files, loaded.card.name
        text = result.files[path]
        assert text.startswith(f"Name:{loaded.card.name}\n")
        assert "\r" not in text and text.endswith("\n") and not text.endswith("\n\n")
        assert "\nOracle:" in text


def test_render_is_deterministic() -> None:
    catalog = shipped()
    assert BACKEND.render(catalog).files == BACKEND.render(catalog).files


def test_card_path_follows_forge_naming() -> None:
    assert BACKEND.card_path(make_card(name="Cruelclaw's Heist")) == "cardsfolder/c/cruelclaws_heist.txt"
    assert BACKEND.card_path(make_card(name="Long River's Pull")) == "cardsfolder/l/long_rivers_pull.txt"


def test_set_filter_keeps_only_that_sets_cards() -> None:
    result = BACKEND.render(shipped(), frozenset({"HOB"}))
    assert sorted(result.files) == ["cardsfolder/b/bilbos_gambit.txt", "editions/The Hobbit.txt"]


# ------------------------------------------------------------------------------------------ header


def test_header_lines() -> None:
    card = make_card(name="Hound", mana_cost="{W}", types=["Creature"], supertypes=["Legendary"], subtypes=["Dog"],
                     pt="2/2")
    assert lines(card)[:4] == ["Name:Hound", "ManaCost:W", "Types:Legendary Creature Dog", "PT:2/2"]


def test_no_mana_cost_is_no_cost_and_hybrid_is_joined() -> None:
    land = make_card(name="Plains", mana_cost=None, types=["Land"], supertypes=["Basic"], subtypes=["Plains"])
    assert line(land, "ManaCost:") == "ManaCost:no cost"
    assert line(make_card(mana_cost="{2}{W/U}{G}"), "ManaCost:") == "ManaCost:2 WU G"


def test_oracle_newlines_become_literal_backslash_n() -> None:
    card = spell({"effect": "draw"})
    assert line(card, "Oracle:") == "Oracle:" + card.oracle.replace("\n", "\\n")
    assert "\\n" in line(card, "Oracle:")


def test_keywords_enchant_and_equip() -> None:
    aura = make_card(types=["Enchantment"], subtypes=["Aura"], abilities=[
        {"kind": "enchant", "filter": {"types": ["creature"]}},
        {"kind": "static", "text": "You control enchanted creature.",
         "effects": [{"effect": "control", "affected": "enchanted"}]}])
    assert "K:Enchant:Creature" in lines(aura)
    assert line(aura, "S:") == ("S:Mode$ Continuous | Affected$ Card.EnchantedBy | GainControl$ You | "
                                "Description$ You control enchanted creature.")
    sword = make_card(types=["Artifact"], subtypes=["Equipment"], abilities=[{"kind": "equip", "cost": "{2}{W}"}])
    assert "K:Equip:2 W" in lines(sword)
    bear = make_card(types=["Creature"], pt="2/2", abilities=[{"kind": "keyword", "keyword": "first_strike"}])
    assert "K:First Strike" in lines(bear)


# ------------------------------------------------------------------------------------------ the gift

GIFT_LINES = {
    "card": "SVar:GiftAbility:DB$ Draw | Defined$ Promised | GiftDescription$ a card",
    "food": "SVar:GiftAbility:DB$ Token | TokenScript$ c_a_food_sac | TokenOwner$ Promised | GiftDescription$ a Food",
    "treasure": "SVar:GiftAbility:DB$ Token | TokenScript$ c_a_treasure_sac | TokenOwner$ Promised | "
                "GiftDescription$ a Treasure",
    "tapped_fish": "SVar:GiftAbility:DB$ Token | TokenScript$ u_1_1_fish | TokenTapped$ True | TokenOwner$ Promised | "
                   "LockTokenScript$ True | GiftDescription$ a tapped Fish",
    "octopus": "SVar:GiftAbility:DB$ Token | TokenScript$ u_8_8_octopus | TokenOwner$ Promised | "
               "LockTokenScript$ True | GiftDescription$ an Octopus",
    "extra_turn": "SVar:GiftAbility:DB$ AddTurn | Defined$ Promised | NumTurns$ 1 | GiftDescription$ an extra turn",
}


@pytest.mark.parametrize("kind", sorted(GIFT_LINES))
def test_gift_keyword_and_ability_per_kind(kind: str) -> None:
    rendered = lines(spell({"effect": "draw"}, gift=kind))
    assert "K:Gift" in rendered
    assert GIFT_LINES[kind] in rendered


def test_permanent_gift_needs_no_written_trigger() -> None:
    creature = make_card(types=["Creature"], pt="1/1", gift="card", abilities=[])
    rendered = lines(creature)
    assert "K:Gift" in rendered and not any(text.startswith("T:") for text in rendered)


def test_explicit_give_gift_is_not_written_twice() -> None:
    rendered = BACKEND.render_card(spell({"effect": "give_gift"}, {"effect": "draw"}))
    assert rendered.count("Promised") == 1


# ------------------------------------------------------------------------------------------ the promise

SPELL_PROMISED = "ConditionZone$ Stack | ConditionPresent$ Card.Self+PromisedGift | ConditionCompare$ EQ1"
SPELL_NOT_PROMISED = "ConditionZone$ Stack | ConditionPresent$ Card.Self+PromisedGift | ConditionCompare$ EQ0"


def test_spell_conditions() -> None:
    card = spell({"effect": "destroy", "what": {"target": {"types": ["creature"]}}},
                 {"effect": "lose_life", "amount": 2, "condition": "not_promised"},
                 {"effect": "gain_life", "amount": 3, "condition": "promised"})
    assert line(card, "SVar:DBLoseLife:") == f"SVar:DBLoseLife:DB$ LoseLife | LifeAmount$ 2 | {SPELL_NOT_PROMISED} | " \
                                             "SubAbility$ DBGainLife"
    assert line(card, "SVar:DBGainLife:") == f"SVar:DBGainLife:DB$ GainLife | LifeAmount$ 3 | {SPELL_PROMISED}"


def test_permanent_conditions_and_intervening_if() -> None:
    card = make_card(types=["Creature"], pt="2/2", gift="card", abilities=[
        {"kind": "triggered", "text": "When this enters, if the gift was promised, draw.", "event": "enters",
         "intervening_if": "promised", "effects": [{"effect": "draw"}]},
        {"kind": "triggered", "text": "When this enters, lose 1 life if the gift wasn't promised.",
         "event": "enters", "effects": [{"effect": "lose_life", "amount": 1, "condition": "not_promised"}]}])
    rendered = lines(card)
    assert ("T:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self+PromisedGift | "
            "Execute$ TrigDraw | TriggerDescription$ When this enters, if the gift was promised, draw.") in rendered
    assert ("SVar:TrigLoseLife:DB$ LoseLife | LifeAmount$ 1 | ConditionDefined$ Self | "
            "ConditionPresent$ Card.PromisedGift | ConditionCompare$ EQ0") in rendered


def test_target_that_exists_only_if_promised() -> None:
    card = spell({"effect": "pump", "power": 2, "condition": "promised",
                  "what": {"target": {"types": ["creature"], "controller": "you", "only_if_promised": True}}})
    assert line(card, "A:") == ("A:SP$ Pump | ValidTgts$ Creature.YouCtrl | TgtPrompt$ Select target creature you "
                                "control | TargetMin$ X | TargetMax$ X | NumAtt$ +2 | SpellDescription$ Do it.")
    assert "SVar:X:Count$PromisedGift.1.0" in lines(card)


def test_instead_with_more_targets_is_one_ability() -> None:
    destroy = {"effect": "destroy", "what": {"target": {"types": ["artifact", "enchantment"]}}}
    card = spell({**destroy, "instead_if_promised": {
        "effect": "destroy", "what": {"target": {"types": ["artifact", "enchantment"], "min": 2, "max": 2}}}})
    assert line(card, "A:") == ("A:SP$ Destroy | ValidTgts$ Artifact,Enchantment | TgtPrompt$ Select target artifact "
                                "or enchantment | TargetMin$ X | TargetMax$ X | SpellDescription$ Do it.")
    assert "SVar:X:Count$PromisedGift.2.1" in lines(card)


def test_instead_with_other_targets_is_two_gated_abilities() -> None:
    card = spell({"effect": "bounce", "what": {"target": {"types": ["creature"], "controller": "opponent"}},
                  "instead_if_promised": {"effect": "bounce", "what": {"target": {
                      "types": ["permanent"], "not_types": ["land"], "controller": "opponent"}}}})
    rendered = lines(card)
    assert line(card, "A:").startswith("A:SP$ ChangeZone | ValidTgts$ Creature.OppCtrl | TgtPrompt$ Select target "
                                       "creature an opponent controls | TargetMin$ X | TargetMax$ X")
    assert line(card, "SVar:DBChangeZone:").startswith(
        "SVar:DBChangeZone:DB$ ChangeZone | ValidTgts$ Permanent.nonLand+OppCtrl | TgtPrompt$ Select target nonland "
        "permanent an opponent controls | TargetMin$ Y | TargetMax$ Y")
    assert "SVar:X:Count$PromisedGift.0.1" in rendered and "SVar:Y:Count$PromisedGift.1.0" in rendered


def test_instead_without_targets_is_two_conditions() -> None:
    card = spell({"effect": "draw", "instead_if_promised": {"effect": "draw", "amount": 2}})
    assert line(card, "A:") == f"A:SP$ Draw | {SPELL_NOT_PROMISED} | SubAbility$ DBDraw | SpellDescription$ Do it."
    assert line(card, "SVar:DBDraw:") == f"SVar:DBDraw:DB$ Draw | NumCards$ 2 | {SPELL_PROMISED}"


def test_ai_hints_follow_forges_scripts_of_the_same_shape() -> None:
    """Prompts and AI hints by construct: Cruelclaw's Heist (IsCurse, PlayMain1), Kitnap (AttachAILogic),
    Jolly Gerbils (DeckNeeds), Sazacap's Brew (DeckHas), Consumed by Greed (SacMessage)."""
    pool = shipped().by_name()
    heist = lines(pool["Cruelclaw's Heist"].card)
    assert "SVar:PlayMain1:TRUE" in heist and any("TgtPrompt$ Select target opponent" in t and "IsCurse$ True" in t
                                                   for t in heist)
    assert "SVar:AttachAILogic:GainControl" in lines(pool["Kitnap"].card)
    assert "DeckNeeds:Keyword$Gift" in lines(pool["Jolly Gerbils"].card)
    assert "DeckHas:Ability$Discard" in lines(pool["Sazacap's Brew"].card)
    assert "SacMessage$ the creature with the greatest power" in line(pool["Consumed by Greed"].card, "A:")
    assert "TgtPrompt" not in line(pool["Shock"].card, "A:")  # any target: Forge leaves it unprompted


def test_no_default_parameters() -> None:
    text = BACKEND.render_card(spell({"effect": "draw"}, {"effect": "put_counters", "what": "self",
                                                           "counter": "+1/+1"}, gift=None))
    for default in ("NumCards$ 1", "TargetMin$ 1", "TargetMax$ 1", "Defined$ Self",
                    "Defined$ You", "TokenAmount$ 1"):
        assert default not in text
    assert "CounterNum$ 1" in text  # a counter amount is always written: Forge's default changed over time


# ------------------------------------------------------------------------------------------ safety


@pytest.mark.parametrize("bad", ["Deal 2 | NumDmg$ 9", "Cost $5", "First.\nA:SP$ Draw", "back\\slash"])
def test_text_that_could_break_out_of_a_field_is_refused(bad: str) -> None:
    card = spell({"effect": "draw"}, text=bad)
    with pytest.raises(RenderError) as caught:
        BACKEND.render_card(card)
    assert caught.value.code == "FG100"
    catalog = Catalog(cards=[LoadedCard(card, Path("bad.yaml"))])
    result = BACKEND.render(catalog)
    assert result.files == {}
    assert [d.code for d in result.diagnostics] == ["FG100"]
    assert result.diagnostics[0].location is not None and result.diagnostics[0].location.file == "bad.yaml"


def test_unexpressible_spec_is_a_diagnostic_not_a_crash() -> None:
    card = spell({"effect": "draw", "id": "drawn"},
                 {"effect": "damage", "amount": 1, "to": {"ref": "drawn"}})
    result = BACKEND.render(Catalog(cards=[LoadedCard(card, Path("odd.yaml"))]))
    assert [d.code for d in result.diagnostics] == ["FG101"]


def test_card_name_in_descriptions_becomes_cardname() -> None:
    card = spell({"effect": "damage", "amount": 2, "to": {"target": {"any_target": True}}},
                 text="Test Card deals 2 damage to any target.")
    assert line(card, "A:").endswith("SpellDescription$ CARDNAME deals 2 damage to any target.")


# ------------------------------------------------------------------------------------------ editions


def test_edition_file() -> None:
    info = SetInfo(name="Sample Set", code="SMP", release_date=datetime.date(2024, 8, 2), type="expansion")
    printed = [
        make_card(name="Tenth", printings=[{"set": "SMP", "number": "10", "rarity": "mythic"}]),
        make_card(name="Second", printings=[{"set": "SMP", "number": "2", "rarity": "uncommon"},
                                            {"set": "SMP", "number": "300", "rarity": "uncommon",
                                             "variant": "showcase"}]),
        make_card(name="Plains", mana_cost=None, types=["Land"], supertypes=["Basic"], subtypes=["Plains"],
                  printings=[{"set": "SMP", "number": "250", "rarity": "common"}]),
        make_card(name="Elsewhere", printings=[{"set": "OTH", "number": "1", "rarity": "rare"}]),
    ]
    catalog = Catalog(cards=[LoadedCard(card, Path("x.yaml")) for card in printed],
                      sets={"SMP": LoadedSet(info, Path("set.yaml"))})
    text = BACKEND.render(catalog).files["editions/Sample Set.txt"]
    assert text == ("[metadata]\nCode=SMP\nDate=2024-08-02\nName=Sample Set\nType=Expansion\nScryfallCode=SMP\n\n"
                    "[cards]\n2 U Second\n10 M Tenth\n250 L Plains\n\n[showcase]\n300 U Second\n")


def test_an_edition_names_its_scryfall_set_as_forge_does() -> None:
    """Forge's own Bloomburrow.txt: `Type=Expansion` then `ScryfallCode=BLB` (CardEdition reads it, its
    default being `Code`); the test set, which Scryfall does not have, has no such line."""
    editions = BACKEND.render(shipped()).files
    assert "\nType=Expansion\nScryfallCode=BLB\n" in editions["editions/Bloomburrow.txt"]
    assert "\nType=Commander\nScryfallCode=BLC\n" in editions["editions/Bloomburrow Commander.txt"]
    assert "ScryfallCode" not in editions["editions/cardgen test cards.txt"]


def test_a_commander_set_lists_every_printing_under_cards() -> None:
    """As Forge's Bloomburrow Commander edition does: its extended-art reprints (41-72) sit in [cards]."""
    text = BACKEND.render(shipped(), frozenset({"BLC"})).files["editions/Bloomburrow Commander.txt"]
    assert "[extended art]" not in text
    assert text.endswith("[cards]\n11 R Perch Protection\n37 R Octomancer\n47 R Perch Protection\n69 R Octomancer\n")


def test_an_expansion_keeps_treatments_in_their_sections() -> None:
    """Forge's Bloomburrow edition: showcase 295-336, extended art 356-368, promo 381-386."""
    text = BACKEND.render(shipped(), frozenset({"BLB"})).files["editions/Bloomburrow.txt"]
    sections = {block.split("]\n")[0].lstrip("["): block for block in text.split("\n\n")[1:]}
    assert "298 R Starfall Invocation" in sections["showcase"]
    assert "357 R Kitnap" in sections["extended art"]
    assert "384 U Wear Down" in sections["promo"]


def test_shipped_bloomburrow_edition_is_sorted_numerically() -> None:
    text = BACKEND.render(shipped(), frozenset({"BLB"})).files["editions/Bloomburrow.txt"]
    cards_section = text.split("[cards]\n")[1].split("\n\n")[0].splitlines()
    numbers = [int(entry.split()[0]) for entry in cards_section]
    assert numbers == sorted(numbers)
    assert "126 U Blooming Blast" in cards_section


def test_written_out_gift_trigger_of_a_permanent_is_left_to_forge() -> None:
    creature = make_card(types=["Creature"], pt="1/1", gift="card", abilities=[
        {"kind": "triggered", "text": "When this enters, if the gift was promised, they get it.", "event": "enters",
         "intervening_if": "promised", "effects": [{"effect": "give_gift"}]}])
    rendered = lines(creature)
    assert "K:Gift" in rendered and not any(text.startswith("T:") for text in rendered)


def test_perch_protection_uses_forges_vocabulary() -> None:
    """No Forge script exists for it: phasing, life that can't change and protection from everything are
    written the way Forge writes them elsewhere (Teferi's Protection, Platinum Emperion)."""
    card = shipped().by_name()["Perch Protection"].card
    rendered = lines(card)
    assert line(card, "SVar:GiftAbility:").startswith("SVar:GiftAbility:DB$ AddTurn | Defined$ Promised")
    assert line(card, "A:").startswith("A:SP$ Token | TokenAmount$ 4 | TokenScript$ u_2_2_bird_flying")
    assert line(card, "SVar:DBPhases:").startswith("SVar:DBPhases:DB$ Phases | Defined$ Valid Permanent.YouCtrl")
    assert any("KW$ Protection from everything | Duration$ UntilYourNextTurn" in text for text in rendered)
    assert "SVar:STCantChangeLife:Mode$ CantChangeLife | ValidPlayer$ You | Description$ Life totals can't change." \
        in rendered
    assert line(card, "SVar:DBChangeZone:") == ("SVar:DBChangeZone:DB$ ChangeZone | Origin$ Stack | "
                                                "Destination$ Exile | SpellDescription$ Exile CARDNAME.")


def test_bilbos_gambit_returns_a_spell_and_stops_casting() -> None:
    card = shipped().by_name()["Bilbo's Gambit"].card
    assert line(card, "A:").startswith(
        "A:SP$ ChangeZone | ValidTgts$ Card.inZoneStack | TgtZone$ Stack | TgtPrompt$ Select target spell | "
        "Origin$ Stack | Destination$ Hand | Fizzle$ True")
    expected = ("SVar:STCantBeCast:Mode$ CantBeCast | ValidCard$ Card | Caster$ Player | "
                "Description$ Spells can't be cast.")
    assert expected in lines(card)


# ----------------------------------------------------------------------------------------- damage events


def test_separate_damage_instructions_are_separate_damage_events() -> None:
    """Two sentences of damage (Blooming Blast): no damage map, each ability deals its own damage event."""
    card = spell({"effect": "damage", "id": "hit", "amount": 2, "to": {"target": {"types": ["creature"]}}},
                 {"effect": "damage", "amount": 3, "to": {"ref": "hit", "relation": "controller"},
                  "condition": "promised"})
    text = BACKEND.render_card(card)
    assert "DamageMap" not in text and "DamageResolve" not in text


def test_simultaneous_damage_is_one_damage_map() -> None:
    """One instruction (Wildfire Howl): DamageMap$ True on the first, DamageResolve after the last."""
    card = spell({"effect": "damage", "amount": 1, "to": {"target": {"any_target": True}}},
                 {"effect": "damage", "amount": 2, "to": {"all": {"types": ["creature"]}}, "simultaneous": True})
    assert "DamageMap$ True" in line(card, "A:")
    assert "SVar:DBDamageResolve:DB$ DamageResolve" in lines(card)


def test_simultaneous_damage_needs_damage_before_it() -> None:
    card = spell({"effect": "draw"}, {"effect": "damage", "amount": 2, "to": {"all": {"types": ["creature"]}},
                                      "simultaneous": True})
    with pytest.raises(RenderError, match="simultaneous"):
        BACKEND.render_card(card)
