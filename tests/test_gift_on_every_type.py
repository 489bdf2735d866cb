"""Each gift kind on each castable card type: 6 kinds x 8 types = 48 small generated cards.

For every combination the reminder text is the one 702.174b derives (a permanent gives the gift "when it
enters", an instant or sorcery "before its other effects"), the spec validates strictly, both engines render
it and read back the same meaning, XMage's rules text prints the card's other lines, and the resolver gives
the gift at the right time: a permanent by its enters trigger (702.174b), a spell as it resolves, before its
other effects (702.174j).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from engine_roundtrip import rendered_and_read_back

from cardgen.engines.xmage.lower import CardLowering
from cardgen.engines.xmage.render import card_class_name
from cardgen.load.specs import load_catalog
from cardgen.model.card import Card
from cardgen.model.gift import GIFT_KINDS, gift_lines
from cardgen.resolver.setup import put
from cardgen.resolver.snapshot import snapshot
from cardgen.resolver.testing import cast, events, find, make_card, new_game
from cardgen.text.oracle import strip_reminder, with_self_reference
from cardgen.validate import validate_catalog

SET_YAML = "name: Test Set\ncode: TST\nrelease_date: 2024-01-01\ntype: test\n"

# each castable card type: its type line and the one ability line (oracle, spec) a small card of it has
TYPES: dict[str, dict[str, Any]] = {
    "instant": {"types": ["Instant"], "lines": [
        ("You gain 1 life.", {"kind": "spell", "effects": [{"effect": "gain_life", "amount": 1}]})]},
    "sorcery": {"types": ["Sorcery"], "lines": [
        ("You gain 1 life.", {"kind": "spell", "effects": [{"effect": "gain_life", "amount": 1}]})]},
    "creature": {"types": ["Creature"], "subtypes": ["Rabbit"], "pt": "2/2", "lines": []},
    "artifact": {"types": ["Artifact"], "lines": [
        ("Creatures you control get +1/+0.", {"kind": "static", "effects": [
            {"effect": "modify", "affected": {"all": {"types": ["creature"], "controller": "you"}}, "power": 1}]})]},
    "enchantment": {"types": ["Enchantment"], "lines": [
        ("Creatures you control get +0/+1.", {"kind": "static", "effects": [
            {"effect": "modify", "affected": {"all": {"types": ["creature"], "controller": "you"}},
             "toughness": 1}]})]},
    "aura": {"types": ["Enchantment"], "subtypes": ["Aura"], "lines": [
        ("Enchant creature", {"kind": "enchant", "filter": {"types": ["creature"]}}),
        ("Enchanted creature gets +1/+1.", {"kind": "static", "effects": [
            {"effect": "modify", "affected": "enchanted", "power": 1, "toughness": 1}]})]},
    "equipment": {"types": ["Artifact"], "subtypes": ["Equipment"], "lines": [
        ("Equipped creature gets +1/+1.", {"kind": "static", "effects": [
            {"effect": "modify", "affected": "equipped", "power": 1, "toughness": 1}]}),
        ("Equip {1}", {"kind": "equip", "cost": "{1}"})]},
    "artifact creature": {"types": ["Artifact", "Creature"], "subtypes": ["Construct"], "pt": "1/1", "lines": []},
}
PERMANENT = {name: not ({"Instant", "Sorcery"} & set(spec["types"])) for name, spec in TYPES.items()}
XMAGE_GIFT_TYPES = {"card": "CARD", "extra_turn": "EXTRA_TURN", "food": "FOOD", "octopus": "OCTOPUS",
                    "tapped_fish": "TAPPED_FISH", "treasure": "TREASURE"}
COMBINATIONS = [(kind, type_name) for kind in sorted(GIFT_KINDS) for type_name in TYPES]


def _data(kind: str, type_name: str) -> dict[str, Any]:
    shape = TYPES[type_name]
    name = f"Gift {kind.replace('_', ' ').title()} {type_name.title()}"
    data: dict[str, Any] = {"name": name, "mana_cost": "{1}{G}", "types": shape["types"], "gift": kind,
                            "printings": [{"set": "TST", "number": "1", "rarity": "common"}]}
    for key in ("subtypes", "pt"):
        if key in shape:
            data[key] = shape[key]
    first = gift_lines(kind, PERMANENT[type_name])[0]
    data["oracle"] = "\n".join([first, *(line for line, _ in shape["lines"])])
    abilities = []
    for line, ability in shape["lines"]:
        ability = dict(ability)
        if ability["kind"] in ("spell", "static"):
            ability["text"] = line
        abilities.append(ability)
    if abilities:
        data["abilities"] = abilities
    return data


def _card(kind: str, type_name: str) -> Card:
    return Card.model_validate(_data(kind, type_name))


def _ids() -> list[str]:
    return [f"{kind}-{type_name.replace(' ', '_')}" for kind, type_name in COMBINATIONS]


@pytest.mark.parametrize(("kind", "type_name"), COMBINATIONS, ids=_ids())
def test_the_reminder_says_when_the_gift_is_given(kind: str, type_name: str) -> None:
    first = _card(kind, type_name).oracle.split("\n")[0]
    they = GIFT_KINDS[kind].they
    if PERMANENT[type_name]:
        assert f"If you do, when it enters, they {they}." in first
        assert "before its other effects" not in first
    elif GIFT_KINDS[kind].spell_timing:
        assert f"If you do, they {they} before its other effects." in first
        assert "when it enters" not in first
    else:  # an extra turn comes after this one whenever it is given: today's reminder says no more
        assert first.endswith(f"If you do, they {they}.)")


@pytest.mark.parametrize(("kind", "type_name"), COMBINATIONS, ids=_ids())
def test_it_validates_strictly(kind: str, type_name: str, tmp_path: Path) -> None:
    folder = tmp_path / "tst"
    folder.mkdir()
    (folder / "set.yaml").write_text(SET_YAML, encoding="utf-8")
    data = _data(kind, type_name)
    file = folder / (data["name"].lower().replace(" ", "_") + ".yaml")
    file.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    catalog = load_catalog([file])
    found = [*catalog.diagnostics, *validate_catalog(catalog)]
    assert [(d.code, d.message) for d in found] == []


@pytest.mark.parametrize(("kind", "type_name"), COMBINATIONS, ids=_ids())
def test_both_engines_render_it_and_read_back_the_same_meaning(kind: str, type_name: str) -> None:
    card = _card(kind, type_name)
    script, source = rendered_and_read_back(card, "gift_card.txt")
    assert "\nK:Gift\n" in script and "\nSVar:GiftAbility:DB$ " in script  # Forge adds the trigger itself
    assert f"new GiftAbility(this, GiftType.{XMAGE_GIFT_TYPES[kind]})" in source


@pytest.mark.parametrize(("kind", "type_name"), COMBINATIONS, ids=_ids())
def test_xmage_rules_text_prints_the_other_lines(kind: str, type_name: str) -> None:
    card = _card(kind, type_name)
    lowering = CardLowering(card, card_class_name(card))
    lowering.lower()
    printed = [with_self_reference(strip_reminder(line), card.name) for line in card.oracle.split("\n")]
    assert [block.rules for block in lowering.blocks] == [line for line in printed if line]


@pytest.mark.parametrize(("kind", "type_name"), COMBINATIONS, ids=_ids())
def test_the_resolver_gives_it_at_the_right_time(kind: str, type_name: str) -> None:
    card = _card(kind, type_name)
    game = new_game()
    put(game.state, "alice", card, "hand")
    if type_name == "aura":
        put(game.state, "alice", make_card("Bear", "Creature", pt="2/2"), "battlefield")
        cast(game, "alice", card.name, find(game, "Bear").oid, gift="bob", resolve=False)
    else:
        cast(game, "alice", card.name, gift="bob", resolve=False)
    assert not any(e["event"] == "gift_given" for e in events(game))  # 702.174a: not as it is cast
    game.resolve_stack()
    log = events(game)
    kinds = [e["event"] for e in log]
    given = kinds.index("gift_given")
    assert kinds.count("gift_given") == 1
    if PERMANENT[type_name]:  # 702.174b: the enters trigger gives it, after the permanent entered
        entered = next(i for i, e in enumerate(log) if e["event"] == "moved" and e["to_zone"] == "battlefield"
                       and e["card"] == card.name)
        trigger = kinds.index("triggered")
        assert entered < trigger < given
        assert log[trigger]["source"] == card.name
        assert find(game, card.name).zone == "battlefield"
    else:  # 702.174j: as the spell resolves, before its other effects
        assert given < kinds.index("life_gained") < kinds.index("resolved")
        assert "triggered" not in kinds
    info = GIFT_KINDS[kind]
    bob = game.state.players["bob"]
    assert len(bob.hand) == info.draws
    tokens = [obj for obj in game.state.all_live_objects() if obj.zone == "battlefield" and obj.controller == "bob"]
    assert len(tokens) == (1 if info.token else 0)
    if info.token:
        assert tokens[0].tapped is info.tapped
    assert snapshot(game.state)["extra_turns"] == (["bob"] if info.extra_turn else [])


@pytest.mark.parametrize(("kind", "type_name"), COMBINATIONS, ids=_ids())
def test_the_other_reminder_is_refused(kind: str, type_name: str, tmp_path: Path) -> None:
    """A permanent printed with the instant/sorcery reminder (or the other way round) is CG302."""
    folder = tmp_path / "tst"
    folder.mkdir()
    (folder / "set.yaml").write_text(SET_YAML, encoding="utf-8")
    data = _data(kind, type_name)
    lines = data["oracle"].split("\n")
    data["oracle"] = "\n".join([gift_lines(kind, not PERMANENT[type_name])[0], *lines[1:]])
    file = folder / (data["name"].lower().replace(" ", "_") + ".yaml")
    file.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    catalog = load_catalog([file])
    found = [*catalog.diagnostics, *validate_catalog(catalog)]
    assert [d.code for d in found] == ["CG302"]
