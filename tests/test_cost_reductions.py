"""Cost reductions of a spell's own (601.2f): "This spell costs {1} less to cast if you control an Otter." and
affinity (702.41a), written for both engines and read back, and played by the resolver."""

from __future__ import annotations

import pytest

from cardgen.engines.forge.backend import ForgeBackend
from cardgen.engines.forge.reader import read_script
from cardgen.game.errors import GameError
from cardgen.resolver.casting import CastRequest, cast, total_mana
from cardgen.resolver.setup import put
from cardgen.resolver.testing import make_card, new_game

REDUCED = {"kind": "cost_reduction", "text": "This spell costs {1} less to cast if you control an Otter.",
           "if_you_control": {"subtypes": ["Otter"]}}
AFFINITY = {"kind": "affinity", "affinity": "Lizard"}
DRAW = {"kind": "spell", "text": "Draw a card.", "effects": [{"effect": "draw"}]}


def _spell(ability: dict, cost: str = "{2}{U}") -> object:
    return make_card("Insight", "Sorcery", mana_cost=cost, abilities=[ability, DRAW])


def _creature(name: str, subtype: str) -> object:
    return make_card(name, "Creature", pt="1/1", subtypes=[subtype])


def test_the_condition_reduces_the_generic_part_while_the_caster_controls_the_permanent() -> None:
    game = new_game()
    spell = put(game.state, "alice", _spell(REDUCED), "hand")
    assert total_mana(game.state, "alice", spell) == 3
    put(game.state, "bob", _creature("Otter", "Otter"), "battlefield")  # not the caster's
    assert total_mana(game.state, "alice", spell) == 3
    put(game.state, "alice", _creature("Otter", "Otter"), "battlefield")
    assert total_mana(game.state, "alice", spell) == 2


def test_affinity_counts_each_permanent_and_never_takes_colored_mana() -> None:
    game = new_game()
    spell = put(game.state, "alice", _spell(AFFINITY, "{2}{B}"), "hand")
    for index in range(4):
        put(game.state, "alice", _creature(f"Lizard {index}", "Lizard"), "battlefield")
    assert total_mana(game.state, "alice", spell) == 1  # {2} reduced to {0}; {B} stays (601.2f)


def test_a_cast_from_the_pool_needs_the_reduced_cost_only() -> None:
    game = new_game()
    spell = put(game.state, "alice", _spell(REDUCED), "hand")
    game.state.players["alice"].mana_pool = 2
    with pytest.raises(GameError) as error:
        cast(game.state, CastRequest("alice", spell.oid, pool_only=True))
    assert error.value.code == "cost" and game.state.players["alice"].mana_pool == 2
    put(game.state, "alice", _creature("Otter", "Otter"), "battlefield")
    cast(game.state, CastRequest("alice", spell.oid, pool_only=True))
    assert game.state.players["alice"].mana_pool == 0


@pytest.mark.parametrize("ability, forge, xmage", [
    (REDUCED, "S:Mode$ ReduceCost | ValidCard$ Card.Self | Type$ Spell | Amount$ 1 | EffectZone$ All | "
              "IsPresent$ Otter.YouCtrl",
     "new SpellCostReductionSourceEffect(1, new PermanentsOnTheBattlefieldCondition("),
    (AFFINITY, "K:Affinity:Lizard", "new AffinityAbility(AffinityType.LIZARDS)"),
])
def test_both_engines_write_the_reduction_and_read_it_back(ability: dict, forge: str, xmage: str) -> None:
    from xmage_strategies import registrations_for

    from cardgen.canonical import meaning_diff
    from cardgen.engines.xmage.backend import XMageBackend
    from cardgen.engines.xmage.reader import read_class

    card = _spell(ability)
    script = ForgeBackend().render_card(card)
    assert forge in script
    read = read_script(script)
    assert read.diagnostics == [] and meaning_diff(read.card, card, ("forge", "spec")) == []
    java = XMageBackend().render_card(card)
    assert xmage in java
    result = read_class(java, registrations_for(card))
    assert result.card is not None, result.diagnostics
    assert meaning_diff(result.card, card, ("xmage", "spec")) == []
