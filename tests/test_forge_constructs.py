"""The Forge construct table (`cardgen/engines/forge/constructs.yaml`) covers everything the backend writes:
every construct of every script rendered from the shipped specs and from any card the hypothesis strategy
builds has an entry saying where Forge's engine reads it and what it does there."""

from __future__ import annotations

from pathlib import Path

from examples import examples
from hypothesis import HealthCheck, given, settings
from shipped import shipped_catalog
from strategies import cards

from cardgen.engines.forge.backend import ForgeBackend
from cardgen.engines.forge.build import RenderError
from cardgen.engines.forge.constructs import script_constructs, table
from cardgen.model.card import Card

ROOT = Path(__file__).resolve().parents[1]
BACKEND = ForgeBackend()


def _unknown(card: Card) -> set[str]:
    try:
        text = BACKEND.render_card(card)
    except RenderError:
        return set()  # refused with a diagnostic: nothing is written
    return script_constructs(text) - table().keys()


def test_every_entry_says_where_forge_reads_it() -> None:
    for name, entry in table().items():
        assert entry["read"].startswith(("forge-", "forge-ai")), name
        assert entry["does"] and entry["seen"] in ("source", "class", "script"), name
        assert isinstance(entry["scripts"], list), name


def test_shipped_specs_use_only_known_constructs() -> None:
    unknown = {loaded.card.name: _unknown(loaded.card) for loaded in shipped_catalog().cards}
    assert {name: found for name, found in unknown.items() if found} == {}


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cards())
def test_generated_cards_use_only_known_constructs(card: Card) -> None:
    assert _unknown(card) == set()


def test_the_extractor_names_what_a_script_uses() -> None:
    text = ("Name:X\nManaCost:1 R\nTypes:Instant\nK:Gift\n"
            "SVar:GiftAbility:DB$ Draw | Defined$ Promised | GiftDescription$ a card\n"
            "A:SP$ ChangeZone | ValidTgts$ Creature.!token+YouCtrl | TargetMin$ X | TargetMax$ X | Origin$ Battlefield"
            " | Destination$ Hand | SpellDescription$ x\nSVar:X:Count$PromisedGift.1.0\nSVar:PlayMain1:TRUE\n"
            "Oracle:x\n")
    found = script_constructs(text)
    assert {"keyword:Gift", "api:Draw", "defined:Promised", "api:ChangeZone", "property:!token", "property:YouCtrl",
            "type:Creature", "param:TargetMin", "count:PromisedGift.<N>.<N>", "hint:PlayMain1",
            "param:ChangeZone.Origin", "zone:Battlefield"} <= found
    # `nonToken` reads as non<Type> with the type word `Token`, which is no type: not in the table
    assert script_constructs(text.replace("!token", "nonToken")) - table().keys() == {"type:Token"}
    # `!Token` is no construct Forge reads as "not a token" (CardProperty matches `token` as written)
    assert script_constructs(text.replace("!token", "!Token")) - table().keys() == {"property:!Token"}
