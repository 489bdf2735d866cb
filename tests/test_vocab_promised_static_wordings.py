"""Promise-dependent statics in other wordings and on other permanents: an aura's "If the gift was
promised, enchanted creature also gets +1/+1", an equipment's "... If the gift was promised, it also has
first strike.", a creature's "As long as the gift was promised, this creature has flying." (and the
not-promised polarity). Each line reads to its structure and renders back to itself, both engines write
the condition (Forge `IsPresent$ Card.Self+PromisedGift`, XMage `ConditionalContinuousEffect` with
`GiftWasPromisedCondition`) and read it back, and the resolver applies the conditional part only while the
permanent's gift was (or wasn't) promised (702.174k). The CGT cards Mossveil Blessing, Briarthorn Blade and
Skyhearth Kestrel play them in scenarios."""

from __future__ import annotations

from typing import Any

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.engines.xmage.lower import CardLowering
from cardgen.engines.xmage.render import card_class_name
from cardgen.game.continuous import view
from cardgen.model.card import Card
from cardgen.model.gift import gift_lines
from cardgen.phrasing import read_line
from cardgen.phrasing.compose import render_ability
from cardgen.resolver.setup import put
from cardgen.resolver.testing import find, make_card, new_game
from cardgen.text.oracle import self_noun, with_self_reference

GIFT = gift_lines("card", permanent=True)[0]

CASES: dict[str, dict[str, Any]] = {
    "aura": {
        "types": ["Enchantment"], "subtypes": ["Aura"], "lines": ["Enchant creature"],
        "pre": [{"kind": "enchant", "filter": {"types": ["creature"]}}],
        "line": "Enchanted creature gets +1/+1. If the gift was promised, enchanted creature also gets +1/+1.",
        "effects": [{"effect": "modify", "affected": "enchanted", "power": 1, "toughness": 1},
                    {"effect": "modify", "affected": "enchanted", "power": 1, "toughness": 1,
                     "condition": "promised"}],
        "forge": "S:Mode$ Continuous | Affected$ Card.EnchantedBy | AddPower$ 1 | AddToughness$ 1 | "
                 "IsPresent$ Card.Self+PromisedGift\n",
        "xmage": "new BoostEnchantedEffect(1, 1), GiftWasPromisedCondition.TRUE",
    },
    "equipment": {
        "types": ["Artifact"], "subtypes": ["Equipment"], "post": [{"kind": "equip", "cost": "{2}"}],
        "line": "Equipped creature gets +2/+0. If the gift was promised, it also has first strike.",
        "effects": [{"effect": "modify", "affected": "equipped", "power": 2},
                    {"effect": "modify", "affected": "equipped", "add_keywords": ["first_strike"],
                     "condition": "promised"}],
        "forge": "S:Mode$ Continuous | Affected$ Creature.EquippedBy | AddKeyword$ First Strike | "
                 "IsPresent$ Card.Self+PromisedGift\n",
        "xmage": "new GainAbilityAttachedEffect(FirstStrikeAbility.getInstance(), AttachmentType.EQUIPMENT),\n"
                 "                GiftWasPromisedCondition.TRUE",
    },
    "enchantment": {
        "types": ["Enchantment"],
        "line": "Creatures you control get +1/+0. If the gift was promised, they also have menace.",
        "effects": [{"effect": "modify", "affected": {"all": {"types": ["creature"], "controller": "you"}},
                     "power": 1},
                    {"effect": "modify", "affected": {"all": {"types": ["creature"], "controller": "you"}},
                     "add_keywords": ["menace"], "condition": "promised"}],
        "forge": "AddKeyword$ Menace | IsPresent$ Card.Self+PromisedGift",
        "xmage": "GiftWasPromisedCondition.TRUE",
    },
    "creature": {
        "types": ["Creature"], "pt": "2/2",
        "line": "As long as the gift was promised, this creature has flying.",
        "effects": [{"effect": "modify", "affected": "self", "add_keywords": ["flying"], "condition": "promised"}],
        "forge": "S:Mode$ Continuous | Affected$ Card.Self | AddKeyword$ Flying | IsPresent$ Card.Self+PromisedGift |",
        "xmage": "new GainAbilitySourceEffect(FlyingAbility.getInstance(), Duration.WhileOnBattlefield),\n"
                 "                GiftWasPromisedCondition.TRUE",
    },
    "aura, it also has": {
        "types": ["Enchantment"], "subtypes": ["Aura"], "lines": ["Enchant creature"],
        "pre": [{"kind": "enchant", "filter": {"types": ["creature"]}}],
        "line": "Enchanted creature gets +1/+1. If the gift was promised, it also has vigilance.",
        "effects": [{"effect": "modify", "affected": "enchanted", "power": 1, "toughness": 1},
                    {"effect": "modify", "affected": "enchanted", "add_keywords": ["vigilance"],
                     "condition": "promised"}],
        "forge": "Affected$ Card.EnchantedBy | AddKeyword$ Vigilance | IsPresent$ Card.Self+PromisedGift",
        "xmage": "new GainAbilityAttachedEffect(VigilanceAbility.getInstance(), AttachmentType.AURA),\n"
                 "                GiftWasPromisedCondition.TRUE",
    },
    "equipment, it also gets": {
        "types": ["Artifact"], "subtypes": ["Equipment"], "post": [{"kind": "equip", "cost": "{2}"}],
        "line": "Equipped creature gets +1/+0. If the gift was promised, it also gets +1/+1.",
        "rendered": "Equipped creature gets +1/+0. If the gift was promised, equipped creature also gets +1/+1.",
        "effects": [{"effect": "modify", "affected": "equipped", "power": 1},
                    {"effect": "modify", "affected": "equipped", "power": 1, "toughness": 1,
                     "condition": "promised"}],
        "forge": "Affected$ Creature.EquippedBy | AddPower$ 1 | AddToughness$ 1 | IsPresent$ Card.Self+PromisedGift",
        "xmage": "new BoostEquippedEffect(1, 1), GiftWasPromisedCondition.TRUE",
    },
    "enchantment, they also get": {
        "types": ["Enchantment"],
        "line": "Creatures you control get +1/+0. If the gift was promised, they also get +0/+1.",
        "effects": [{"effect": "modify", "affected": {"all": {"types": ["creature"], "controller": "you"}},
                     "power": 1},
                    {"effect": "modify", "affected": {"all": {"types": ["creature"], "controller": "you"}},
                     "toughness": 1, "condition": "promised"}],
        "forge": "AddToughness$ 1 | IsPresent$ Card.Self+PromisedGift",
        "xmage": "GiftWasPromisedCondition.TRUE",
    },
    "creature, not promised": {
        "types": ["Creature"], "pt": "2/2",
        "line": "As long as the gift wasn't promised, this creature gets +1/+1.",
        "effects": [{"effect": "modify", "affected": "self", "power": 1, "toughness": 1,
                     "condition": "not_promised"}],
        "forge": "IsPresent$ Card.Self+PromisedGift | PresentCompare$ EQ0",
        "xmage": "GiftWasPromisedCondition.FALSE",
    },
}
NAME = "Test Permanent"


def _card(case: dict[str, Any]) -> Card:
    data: dict[str, Any] = {
        "name": NAME, "mana_cost": "{1}{W}", "types": case["types"], "gift": "card",
        "oracle": "\n".join([GIFT, *case.get("lines", []), case["line"], *(["Equip {2}"] if "post" in case else [])]),
        "printings": [{"set": "CGT", "number": "90", "rarity": "common"}],
        "abilities": [*case.get("pre", []), {"kind": "static", "text": case["line"], "effects": case["effects"]},
                      *case.get("post", [])]}
    for key in ("subtypes", "pt"):
        if key in case:
            data[key] = case[key]
    return Card.model_validate(data)


@pytest.mark.parametrize("case", CASES.values(), ids=list(CASES))
def test_the_line_reads_to_its_structure_and_renders_back(case: dict[str, Any]) -> None:
    ability = {"kind": "static", "text": case["line"], "effects": case["effects"]}
    assert read_line(case["line"], NAME, spell=False).ability == ability
    # rendering names the card itself where the line says "this creature" (the canonical self-reference)
    assert render_ability({"kind": "static", "effects": case["effects"]}, NAME) == \
        case.get("rendered", case["line"]).replace("this creature", NAME)


@pytest.mark.parametrize("case", CASES.values(), ids=list(CASES))
def test_both_engines_write_the_condition_and_read_it_back(case: dict[str, Any]) -> None:
    card = _card(case)
    script, source = rendered_and_read_back(card, "test_permanent.txt")
    assert case["forge"] in script
    assert "new ConditionalContinuousEffect(" in source and case["xmage"] in source
    lowering = CardLowering(card, card_class_name(card))
    lowering.lower()
    # XMage prints the line as written, its self-reference ("this creature") being how it prints {this}
    line = with_self_reference(case["line"], "", self_noun(card.types, card.subtypes, card.supertypes))
    assert line in [block.rules for block in lowering.blocks]


def _view(case: dict[str, Any], promised: bool) -> Any:
    game = new_game()
    creature = put(game.state, "alice", make_card("Bear", "Creature", pt="2/2"), "battlefield")
    permanent = put(game.state, "alice", _card(case), "battlefield")
    permanent.promised = promised
    if case["types"] == ["Creature"]:
        return view(game.state, permanent)
    if case.get("subtypes"):  # an aura or an equipment, attached to the Bear
        permanent.attached_to = creature.oid
    return view(game.state, find(game, "Bear"))


@pytest.mark.parametrize("promised", [True, False])
@pytest.mark.parametrize("case", CASES.values(), ids=list(CASES))
def test_the_resolver_applies_the_conditional_part_only_while_it_holds(case: dict[str, Any], promised: bool) -> None:
    seen = _view(case, promised)
    base = 2
    power, toughness, keywords = base, base, set()
    for effect in case["effects"]:
        holds = effect.get("condition") is None or (effect["condition"] == "promised") is promised
        if holds:
            power += effect.get("power", 0)
            toughness += effect.get("toughness", 0)
            keywords |= set(effect.get("add_keywords", []))
    assert (seen.power, seen.toughness) == (power, toughness)
    assert keywords <= set(seen.keywords)
    assert not ({"flying", "menace", "first_strike", "vigilance"} - keywords) & set(seen.keywords)
