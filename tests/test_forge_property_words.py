"""Every restriction word the Forge backend writes (`Creature.YouCtrl+!token`) is one Forge's source matches
as written, case included: the first test of Forge's chain it passes (card_properties.yaml, read in
CardProperty.cardHasProperty and ForgeScript.cardStateHasProperty) is the test the construct table says
reads it (constructs.yaml `matched_by`). A word no CardProperty test matches reaches the type test, which
only a type, supertype or subtype word passes: `Token` is none, so `!Token` lets tokens through."""

from __future__ import annotations

import re
from pathlib import Path

from examples import examples
from hypothesis import HealthCheck, given, settings
from shipped import shipped_catalog
from strategies import cards

from cardgen.engines.forge.backend import ForgeBackend
from cardgen.engines.forge.build import RenderError
from cardgen.engines.forge.constructs import matching_test, property_chain, property_words, table
from cardgen.engines.forge.valid import SUPERTYPE_WORDS, TYPE_WORDS
from cardgen.model import subtypes
from cardgen.model.card import Card

ROOT = Path(__file__).resolve().parents[1]
BACKEND = ForgeBackend()
TYPE_TEST = "ForgeScript hasStringType"
TYPE_WORD_SET = set(TYPE_WORDS.values()) | set(SUPERTYPE_WORDS.values()) | set(subtypes.kinds())


def _construct(word: str) -> str | None:
    """The construct table's name of a restriction word (as constructs.py names it); None for a subtype."""
    if word in subtypes.kinds():
        return None
    if re.fullmatch(r"(cmc|power)(LE|LT|GE|GT|EQ)[0-9]+", word):
        return "property:" + re.sub(r"[0-9]+$", "<N>", word)
    if re.fullmatch(r"non[A-Z][A-Za-z'-]+", word):
        return "property:non<Type>"
    return f"property:{word}"


def _problems(words: set[str]) -> list[str]:
    out = []
    for word in sorted(words):
        bare = word.removeprefix("!")
        found = matching_test(bare)
        name = _construct(word)
        if name is None:
            if found != TYPE_TEST:
                out.append(f"subtype {word!r} is read by {found}, not the type test")
            continue
        entry = table().get(name)
        if entry is None or "matched_by" not in entry:
            out.append(f"{word!r}: no {name} entry with matched_by in constructs.yaml")
            continue
        if found != entry["matched_by"]:
            out.append(f"{word!r} is read by {found}, not {entry['matched_by']} as {name} says")
        if found == TYPE_TEST and bare not in TYPE_WORD_SET:
            out.append(f"{word!r} reaches the type test but is no type word: no card has it")
        if found == "ForgeScript startsWith non" and bare[3:] not in TYPE_WORD_SET:
            out.append(f"{word!r} negates {bare[3:]!r}, which is no type word: every card passes")
    return out


def _script_words(card: Card) -> set[str]:
    try:
        return property_words(BACKEND.render_card(card))
    except RenderError:
        return set()  # refused with a diagnostic: nothing is written


def test_the_words_of_the_shipped_cards_are_read_as_meant() -> None:
    words: set[str] = set()
    for loaded in shipped_catalog().cards:
        words |= _script_words(loaded.card)
    assert {"!token", "token", "YouCtrl", "PromisedGift"} <= words
    assert "!Token" not in words
    assert _problems(words) == []


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cards())
def test_the_words_of_any_card_are_read_as_meant(card: Card) -> None:
    assert _problems(_script_words(card)) == []


def test_every_property_entry_names_the_test_that_reads_it() -> None:
    for name, entry in table().items():
        if not name.startswith("property:"):
            continue
        assert "matched_by" in entry, name
        word = name.removeprefix("property:").removeprefix("!")
        word = {"cmcLE<N>": "cmcLE2", "non<Type>": "nonLand"}.get(word, word)
        assert matching_test(word) == entry["matched_by"], name


def test_the_case_of_token_decides_what_forge_reads() -> None:
    """`token` is CardProperty's token test at every version read; `Token` reaches the type test (no card
    has the type Token); `nonToken` was CardProperty's own test until recent Forge dropped it."""
    for version in ("cardproperty-001bd07c", "cardproperty-a4af5ccb", "cardproperty-recent"):
        assert matching_test("token", version) == "CardProperty startsWith token"
        assert matching_test("Token", version) == TYPE_TEST
    assert matching_test("nonToken", "cardproperty-001bd07c") == "CardProperty startsWith nonToken"
    assert matching_test("nonToken", "cardproperty-recent") == "ForgeScript startsWith non"
    assert _problems({"!Token"}) != [] and _problems({"nonToken"}) != []
    assert matching_test("PromisedGift", "cardproperty-001bd07c") == TYPE_TEST  # before the gift existed


def test_the_sources_carry_their_commits() -> None:
    sources = property_chain()["sources"]
    for name, source in sources.items():
        assert source["path"].startswith("forge-"), name
        assert re.fullmatch(r"[0-9a-f]{40}", source["commit"]) or name == "cardproperty-recent", name
    assert property_chain()["card_property"]["source"] in sources
    assert property_chain()["card_state"]["source"] in sources
