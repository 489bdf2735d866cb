"""The shipped card specs agree with the printed facts of the reference list of gift cards.

The reference list keeps older Oracle wording ("When Kitnap enters", "Sacrifice this artifact" in a
token's reminder); the specs carry today's (`tests/data/scryfall_gift_cards.json`, from current card
data): its text is compared with theirs only where the two wordings are meant to be read alike.

The reference (`shared/reference/gift_cards.yaml`) lives beside the repository, not in it: in a checkout
the repo is `<root>/main` and the reference `<root>/shared/...`; in CI the repo is cloned elsewhere with a
copy of `shared/` beside it. `CARDGEN_REFERENCE` names the file explicitly when neither layout applies.
Tests that need it skip when it is absent; tests about the specs alone always run.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from shipped import shipped_catalog

from cardgen.model.catalog import Catalog
from cardgen.model.derive import implies_oracle
from cardgen.model.gift import gift_keyword_text, gift_lines
from cardgen.naming import slug
from cardgen.text.oracle import self_names, with_self_reference

REPO = Path(__file__).resolve().parents[1]
SPECS = REPO / "card_specs"
CURRENT = Path(__file__).resolve().parent / "data" / "scryfall_gift_cards.json"
TEST_SET = "CGT"
TEST_CARDS = {
    "Plains", "Island", "Swamp", "Mountain", "Forest", "Grizzly Bears", "Divination", "Shock", "Cancel",
    "Wind Drake", "Isamaru, Hound of Konda", "Ornithopter", "Glorious Anthem",
    # invented gift cards that prove a construct of the vocabulary end to end
    "Thornwood Greeter", "Whispered Ruin", "Dawnstir Call", "Hearthward Captain",
    "Emberpaw Banner", "Tidewatch Augury", "Burrow Musings", "Silt Siphon", "Eddy Swap", "Burrowed Cache",
    "Blightmaw Hex", "Brambleguard Pair", "Rootguard Drillmaster", "Warren Provisioner", "Ledgerwing Survey",
    "Mossveil Blessing", "Briarthorn Blade", "Skyhearth Kestrel", "Quietpaw Scout",  # promised statics
    "Hollowbark Steward",  # subtypes in filters (205.3)
    "Hoarder's Reckoning",  # the cards in your hand, counted as the spell resolves (608.2h)
    "Lanternlit Inquiry",  # investigate (701.16a): a Clue token an effect creates of its own
    "Bellwether Vole",  # "at the beginning of your upkeep" / "of combat on your turn" (603.2, 503.1, 507.1)
    "Wickwarden's Talent",  # a Class's levels (716.2): a static of level 2, a "becomes level 3" trigger
    "Moatback Sentinel", "Hushscale Warden", "Gloomfeather Owl", "Larderback Boar",  # ward (702.21)
    "Rallying Drummer",  # "whenever you attack" (508.1m): once for the declaration
    "Hollowmere Mourner",  # "whenever one or more other creatures you control die" (603.2c, 603.10a)
    "Ashwing Vigil",  # "whenever this creature or another creature you control with flying dies" (603.10a)
}


def reference_path() -> Path | None:
    """Where the reference list is: beside the repository, else wherever `CARDGEN_REFERENCE` says."""
    beside = Path(__file__).resolve().parents[2] / "shared" / "reference" / "gift_cards.yaml"
    if beside.is_file():
        return beside
    named = os.environ.get("CARDGEN_REFERENCE")
    if named and Path(named).is_file():
        return Path(named)
    return None


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return shipped_catalog()


@pytest.fixture(scope="module")
def reference() -> dict[str, dict[str, Any]]:
    path = reference_path()
    if path is None:
        pytest.skip("reference gift_cards.yaml not found beside the repo and CARDGEN_REFERENCE not set")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {card["name"]: card for card in data["cards"]}


# ------------------------------------------------------------------------------------- specs alone


def test_every_spec_file_loads_without_diagnostics(catalog: Catalog) -> None:
    assert catalog.diagnostics == []
    assert catalog.cards, "no card specs found"


def test_card_names_are_unique(catalog: Catalog) -> None:
    counts = Counter(loaded.card.name for loaded in catalog.cards)
    assert [name for name, count in counts.items() if count > 1] == []


def test_each_card_lives_in_its_first_printing_set_folder_under_its_slug(catalog: Catalog) -> None:
    misplaced = [
        str(loaded.path.relative_to(SPECS))
        for loaded in catalog.cards
        if loaded.path.stem != slug(loaded.card.name)
        or loaded.path.parent.name != loaded.card.printings[0].set.lower()
    ]
    assert misplaced == []


def test_every_printing_set_has_a_set_file(catalog: Catalog) -> None:
    used = {printing.set for loaded in catalog.cards for printing in loaded.card.printings}
    assert used - set(catalog.sets) == set()
    for code, loaded_set in catalog.sets.items():
        assert loaded_set.path.parent.name == code.lower()


def test_printings_in_one_set_are_told_apart(catalog: Catalog) -> None:
    """Engines key a printing by set, number and art variant: two printings of a card in one set need
    distinct numbers, and every printing after the first in a set needs a variant."""
    for loaded in catalog.cards:
        seen: dict[str, list[Any]] = {}
        for printing in loaded.card.printings:
            seen.setdefault(printing.set, []).append(printing)
        for printings in seen.values():
            assert len({p.number for p in printings}) == len(printings), loaded.card.name
            assert all(p.variant is not None for p in printings[1:]), loaded.card.name


def test_every_oracle_is_one_the_structure_implies(catalog: Catalog) -> None:
    wrong = [loaded.card.name for loaded in catalog.cards if not implies_oracle(loaded.card)]
    assert wrong == []


def test_test_set_holds_the_scenario_cards(catalog: Catalog) -> None:
    assert catalog.sets[TEST_SET].info.type == "test"
    in_test_set = {
        loaded.card.name for loaded in catalog.cards if loaded.card.printings[0].set == TEST_SET
    }
    assert in_test_set == TEST_CARDS
    cards = catalog.by_name()
    assert cards["Isamaru, Hound of Konda"].card.supertypes == ["Legendary"]
    assert "Artifact" in cards["Ornithopter"].card.types
    assert cards["Glorious Anthem"].card.types == ["Enchantment"]
    for basic in ("Plains", "Island", "Swamp", "Mountain", "Forest"):
        card = cards[basic].card
        assert (card.supertypes, card.types, card.subtypes) == (["Basic"], ["Land"], [basic])
        assert card.mana_cost is None and card.abilities == [] and card.oracle == ""


# ---------------------------------------------------------------------------------- vs. reference


def test_all_reference_cards_are_specified(catalog: Catalog, reference: dict[str, dict[str, Any]]) -> None:
    assert set(reference) - set(catalog.by_name()) == set()
    assert len(reference) == 26


def test_printed_fields_equal_the_reference(catalog: Catalog, reference: dict[str, dict[str, Any]]) -> None:
    cards = catalog.by_name()
    mismatches: list[str] = []
    for name, expected in sorted(reference.items()):
        card = cards[name].card
        actual_fields = {
            "mana_cost": str(card.mana_cost) if card.mana_cost is not None else None,
            "types": card.types,
            "subtypes": card.subtypes,
            "pt": card.pt,
            "printings": [(p.set, p.number, p.rarity) for p in card.printings],
            "gift": gift_keyword_text(card.gift).removeprefix("Gift ") if card.gift else None,
        }
        expected_fields = {
            "mana_cost": expected["mana_cost"],
            "types": expected["types"],
            "subtypes": expected["subtypes"],
            "pt": expected.get("pt"),
            "printings": [(p["set"], str(p["number"]), p["rarity"]) for p in expected["printings"]],
            "gift": expected["gift"],
        }
        for field, value in expected_fields.items():
            if actual_fields[field] != value:
                mismatches.append(f"{name}.{field}: spec {actual_fields[field]!r} != reference {value!r}")
    assert mismatches == []


def test_oracles_are_the_current_oracle_text(catalog: Catalog) -> None:
    """Each printed card's oracle is its current Oracle text, as the card data a contributor downloads
    has it."""
    current = {entry["name"]: entry["oracle_text"]
               for entry in json.loads(CURRENT.read_text(encoding="utf-8"))}
    cards = catalog.by_name()
    assert {name: cards[name].card.oracle for name in current} == current


def test_the_old_wording_of_the_reference_is_still_read(
    catalog: Catalog, reference: dict[str, dict[str, Any]]
) -> None:
    """A spec keeps the wording its oracle has: the reference's older gift reminders are accepted gift
    lines, and its older lines name the card the way the text check reads (`self_names`)."""
    cards = catalog.by_name()
    for name, expected in reference.items():
        card = cards[name].card
        lines = expected["oracle"].split("\n")
        if card.gift is not None:
            assert lines[0] in gift_lines(card.gift, card.is_permanent), name
        for old, new in zip(lines, card.oracle.split("\n"), strict=True):
            if old != new and "(" not in old:
                assert any(with_self_reference(old, card) == with_self_reference(new.replace(said, name), card)
                           for said in self_names(card)) or name == "Parting Gust", (name, old, new)
