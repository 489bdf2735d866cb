"""Bloomburrow's instants and sorceries and their constructs: each line reads, both engines write their own
form and read it back, and the resolver does what the rules say. The cards' scenarios play them from the
spec and from both engines' files."""

from __future__ import annotations

from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card
from cardgen.phrasing import read_line
from cardgen.resolver.testing import cast, find, make_card, new_game, put


def _spell(name: str, line: str, effects: list[dict[str, object]], cost: str = "{1}{B}") -> Card:
    return Card.model_validate({
        "name": name, "mana_cost": cost, "types": ["Instant"], "oracle": line,
        "printings": [{"set": "CGT", "number": "95", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": line, "effects": effects}]})


# ----------------------------------------------------------------------------- bite: twice its power

TWICE = "Target creature you control deals damage equal to twice its power to target creature you don't control."
TWICE_EFFECT = {"effect": "bite", "what": {"target": {"types": ["creature"], "controller": "you"}},
                "to": {"target": {"types": ["creature"], "controller": "not_you"}}, "twice": True}


def test_twice_its_power_reads() -> None:
    assert read_line(TWICE, "Test Wallop", spell=True).ability["effects"] == [TWICE_EFFECT]


def test_twice_its_power_in_both_engines() -> None:
    script, source = rendered_and_read_back(_spell("Test Wallop", TWICE, [TWICE_EFFECT]), "test_wallop.txt")
    assert "SVar:X:ParentTargeted$CardPower/Twice" in script
    assert 'new DamageWithPowerFromOneToAnotherTargetEffect("", 2)' in source


def test_twice_its_power_is_dealt() -> None:
    game = new_game()
    put(game.state, "alice", _spell("Test Wallop", TWICE, [TWICE_EFFECT]), "hand")
    bear = put(game.state, "alice", make_card("Bear", "Creature", pt="2/2"), "battlefield")
    wall = put(game.state, "bob", make_card("Wall", "Creature", pt="0/5"), "battlefield")
    cast(game, "alice", "Test Wallop", bear.oid, wall.oid)
    assert find(game, "Wall", "battlefield").damage == 4


# ------------------------------------------------------------------- exile_chosen: a player's own permanent

EXILES = "Target opponent exiles an enchantment they control."
EXILES_EFFECT = {"effect": "exile_chosen", "who": {"target": {"player": "opponent"}},
                 "filter": {"types": ["enchantment"]}}


def test_exiles_a_permanent_they_control_reads() -> None:
    assert read_line(EXILES, "Test Winter", spell=True).ability["effects"] == [EXILES_EFFECT]


def test_exiles_a_permanent_they_control_in_both_engines() -> None:
    script, source = rendered_and_read_back(_spell("Test Winter", EXILES, [EXILES_EFFECT]), "test_winter.txt")
    assert "DefinedPlayer$ Targeted | Mandatory$ True | ChangeType$ Enchantment | Hidden$ True" \
        in script and "Chooser$ Targeted" in script
    assert "new TestWinterEffect(filter)" in source and "target.withNotTarget(true);" in source


def test_the_player_exiles_only_a_permanent_they_control() -> None:
    game = new_game()
    put(game.state, "alice", _spell("Test Winter", EXILES, [EXILES_EFFECT]), "hand")
    put(game.state, "alice", make_card("Mine", "Enchantment"), "battlefield")
    put(game.state, "bob", make_card("Theirs", "Enchantment"), "battlefield")
    cast(game, "alice", "Test Winter", "bob")
    assert sorted(obj.name for obj in game.state.permanents()) == ["Mine"]


# ------------------------------------------------------------------------- forage_or_pay: an additional cost

FORAGE_OR_PAY = "As an additional cost to cast this spell, forage or pay {B}."
DESTROY = "Destroy target creature."


def _cycle() -> Card:
    return Card.model_validate({
        "name": "Test Cycle", "mana_cost": "{1}{B}", "types": ["Instant"], "oracle": f"{FORAGE_OR_PAY}\n{DESTROY}",
        "printings": [{"set": "CGT", "number": "96", "rarity": "common"}],
        "abilities": [{"kind": "forage_or_pay", "text": FORAGE_OR_PAY, "mana": "{B}"},
                      {"kind": "spell", "text": DESTROY,
                       "effects": [{"effect": "destroy", "what": {"target": {"types": ["creature"]}}}]}]})


def test_forage_or_pay_reads() -> None:
    assert read_line(FORAGE_OR_PAY, "Test Cycle", spell=True).ability == {
        "kind": "forage_or_pay", "text": FORAGE_OR_PAY, "mana": "{B}"}


def test_forage_or_pay_in_both_engines() -> None:
    script, source = rendered_and_read_back(_cycle(), "test_cycle.txt")
    assert "K:AlternateAdditionalCost:Forage:B" in script
    assert 'new OrCost("forage or pay {B}", new ForageCost(), new ManaCostsImpl<>("{B}"))' in source


def test_a_caster_who_cant_forage_pays_the_mana() -> None:
    from cardgen.resolver.casting import total_mana
    from cardgen.vocab.abilities.forage_or_pay import CONSTRUCT

    game = new_game()
    spell = put(game.state, "alice", _cycle(), "hand")
    ability = spell.chars.abilities[0]
    assert CONSTRUCT.rule.cast_cost is not None
    mana, _pay = CONSTRUCT.rule.cast_cost(game.state, spell, ability, "alice")  # an empty graveyard, no Food
    assert (total_mana(game.state, "alice", spell), mana) == (2, 1)


# ---------------------------------------------------------------- counter_unless_pays: an amount, or another

DENIAL = ("Counter target spell unless its controller pays {2}. If you control a Bird, counter that spell unless "
          "its controller pays {4} instead.")
DENIAL_EFFECT = {"effect": "counter_unless_pays", "what": {"target": {"zone": "stack"}}, "pays": "{2}",
                 "instead": {"condition": {"you_control": {"subtypes": ["Bird"]}}, "pays": "{4}"}}
LEAK = "Counter target spell unless its controller pays {3}."
LEAK_EFFECT = {"effect": "counter_unless_pays", "what": {"target": {"zone": "stack"}}, "pays": "{3}"}


def test_counter_unless_pays_reads() -> None:
    assert read_line(DENIAL, "Test Denial", spell=True).ability["effects"] == [DENIAL_EFFECT]
    assert read_line(LEAK, "Test Leak", spell=True).ability["effects"] == [LEAK_EFFECT]


def test_counter_unless_pays_in_both_engines() -> None:
    script, source = rendered_and_read_back(_spell("Test Denial", DENIAL, [DENIAL_EFFECT], "{1}{U}"), "test_denial.txt")
    assert "UnlessCost$ Y" in script and "SVar:X:Count$Valid Bird.YouCtrl" in script
    assert "SVar:Y:Count$Compare X GE1.4.2" in script
    assert "new CounterUnlessPaysEffect(new GenericManaCost(4))" in source
    script, source = rendered_and_read_back(_spell("Test Leak", LEAK, [LEAK_EFFECT], "{1}{U}"), "test_leak.txt")
    assert "UnlessCost$ 3" in script and "new CounterUnlessPaysEffect(new GenericManaCost(3))" in source


# ------------------------------------------------------------ the filter "that was dealt damage this turn"

DAMAGED = "Destroy target creature an opponent controls that was dealt damage this turn."
DAMAGED_EFFECT = {"effect": "destroy", "what": {"target": {"types": ["creature"], "controller": "opponent",
                                                           "dealt_damage_this_turn": True}}}


def test_dealt_damage_this_turn_reads() -> None:
    assert read_line(DAMAGED, "Test Ambush", spell=True).ability["effects"] == [DAMAGED_EFFECT]


def test_dealt_damage_this_turn_in_both_engines() -> None:
    script, source = rendered_and_read_back(_spell("Test Ambush", DAMAGED, [DAMAGED_EFFECT]), "test_ambush.txt")
    assert "ValidTgts$ Creature.OppCtrl+wasDealtDamageThisTurn" in script
    assert "StaticFilters.FILTER_OPPONENTS_CREATURE_DAMAGED_THIS_TURN" in source


def test_a_creature_dealt_damage_this_turn_only() -> None:
    from cardgen.game import filters
    from cardgen.game.actions import deal_damage
    from cardgen.model.parts import ObjectFilter

    game = new_game()
    hit = put(game.state, "bob", make_card("Wall", "Creature", pt="0/5"), "battlefield")
    spared = put(game.state, "bob", make_card("Bear", "Creature", pt="2/2"), "battlefield")
    deal_damage(game.state, "Shock", None, hit.oid, 2)
    selector = ObjectFilter(types=["creature"], dealt_damage_this_turn=True)
    assert [obj.name for obj in (hit, spared) if filters.matches(game.state, obj, selector, "alice")] == ["Wall"]


# ------------------------------------------------- "if that creature had power 2 or less" (max_power, LKI)

COYOTE = ("When this creature enters, exile target creature an opponent controls until this creature leaves the "
          "battlefield. If that creature had power 2 or less, put a +1/+1 counter on this creature.")


def test_had_power_or_less_reads_as_a_check_of_the_exiled_creature() -> None:
    effects = read_line(COYOTE, "Test Coyote", spell=False).ability["effects"]
    assert effects[1] == {"effect": "put_counters", "what": "self", "counter": "+1/+1",
                          "only_if": {"ref": effects[0]["id"], "matches": {"max_power": 2}}}


def test_had_power_in_both_engines() -> None:
    card = Card.model_validate({
        "name": "Test Coyote", "mana_cost": "{3}{W}", "types": ["Creature"], "pt": "3/4", "oracle": COYOTE,
        "printings": [{"set": "CGT", "number": "97", "rarity": "common"}],
        "abilities": [{"kind": "triggered", "text": COYOTE, "event": "enters",
                       "effects": read_line(COYOTE, "Test Coyote", spell=False).ability["effects"]}]})
    script, source = rendered_and_read_back(card, "test_coyote.txt")
    assert "ConditionDefined$ Targeted | ConditionPresent$ Card.powerLE2" in script
    assert "new TargetObjectMatchesFilterCondition(filter)" in source
    assert "new PowerPredicate(ComparisonType.OR_LESS, 2)" in source


# ------------------------------------------------ targets controlled by different players (601.2c)

TOGETHER = ("Choose two target creatures controlled by different players. Return those creatures to their owners' "
            "hands.")
TOGETHER_EFFECT = {"effect": "bounce", "what": {"target": {"types": ["creature"], "min": 2, "max": 2,
                                                           "different_controllers": True}}}


def test_different_controllers_reads() -> None:
    assert read_line(TOGETHER, "Test Together", spell=True).ability["effects"] == [TOGETHER_EFFECT]


def test_different_controllers_in_both_engines() -> None:
    script, source = rendered_and_read_back(_spell("Test Together", TOGETHER, [TOGETHER_EFFECT], "{1}{U}"),
                                            "test_together.txt")
    assert "TargetMin$ 2 | TargetMax$ 2 | TargetsWithDifferentControllers$ True" in script
    assert "new TestTogetherTarget(2, 2, StaticFilters.FILTER_PERMANENT_CREATURES)" in source
    assert "class TestTogetherTarget extends TargetPermanent" in source


def test_two_targets_of_one_controller_are_refused() -> None:
    import pytest

    from cardgen.game.errors import GameError

    game = new_game()
    put(game.state, "alice", _spell("Test Together", TOGETHER, [TOGETHER_EFFECT], "{1}{U}"), "hand")
    drake = put(game.state, "bob", make_card("Drake", "Creature", pt="2/2"), "battlefield")
    bird = put(game.state, "bob", make_card("Bird", "Creature", pt="1/1"), "battlefield")
    put(game.state, "alice", make_card("Bear", "Creature", pt="2/2"), "battlefield")
    with pytest.raises(GameError) as refused:
        cast(game, "alice", "Test Together", [drake.oid, bird.oid])
    assert refused.value.code == "illegal_target"
