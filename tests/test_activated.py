"""Activated abilities (602) and mana abilities (605): the `activated` kind through the resolver, both
engines' writers and readers, and the gift tokens' own abilities."""

from __future__ import annotations

import pytest

from cardgen.engines.forge.backend import ForgeBackend
from cardgen.engines.forge.reader import read_script
from cardgen.game.continuous import view
from cardgen.game.errors import GameError
from cardgen.model.card import TokenDef
from cardgen.model.gift import PREDEFINED_TOKENS
from cardgen.resolver.setup import put
from cardgen.resolver.testing import cast, events, find, make_card, new_game, spell
from cardgen.vocab.abilities.activated import ActivatedAbility
from cardgen.vocab.tokens import characteristics_of

CACHE_TEXT = "{1}, {T}, Sacrifice this artifact: Draw a card."


def _cache(**ability: object) -> object:
    fields = {"kind": "activated", "text": CACHE_TEXT, "cost": {"mana": "{1}", "tap": True, "sacrifice": "self"},
              "effects": [{"effect": "draw"}], **ability}
    return make_card("Cache", "Artifact", abilities=[fields])


def _on_battlefield(game, card, player="alice", **options):  # noqa: ANN001, ANN202 - test helper
    return put(game.state, player, card, "battlefield", **options)


def test_activating_pays_the_costs_and_the_ability_uses_the_stack() -> None:
    game = new_game()
    cache = _on_battlefield(game, _cache())
    game.activate("alice", cache.oid)
    assert find(game, "Cache", "graveyard")  # sacrificed as a cost, before the ability resolves
    assert len(game.state.stack) == 1 and game.state.players["alice"].hand == []
    game.resolve_stack()
    assert len(game.state.players["alice"].hand) == 1
    kinds = [e["event"] for e in events(game) if e["event"] in ("activated", "tapped", "sacrificed", "drew")]
    assert kinds == ["activated", "tapped", "sacrificed", "drew"]


def test_a_tapped_permanent_cant_pay_tap_and_nothing_changes() -> None:
    game = new_game()
    cache = _on_battlefield(game, _cache(), tapped=True)
    before = len(game.state.log)
    with pytest.raises(GameError) as error:
        game.activate("alice", cache.oid)
    assert error.value.code == "cost"
    assert cache.zone == "battlefield" and len(game.state.log) == before


def test_a_creature_that_just_came_under_control_cant_pay_tap() -> None:
    creature = make_card("Tapper", "Creature", pt="1/1", abilities=[
        {"kind": "activated", "text": "{T}: Draw a card.", "cost": {"tap": True}, "effects": [{"effect": "draw"}]}])
    game = new_game()
    put(game.state, "alice", creature, "hand")
    cast(game, "alice", "Tapper")
    with pytest.raises(GameError) as error:
        game.activate("alice", find(game, "Tapper", "battlefield").oid)
    assert error.value.rule == "302.6"


def test_sorcery_timing_and_control_are_checked() -> None:
    game = new_game(active="bob")
    cache = _on_battlefield(game, _cache(timing="sorcery", text=CACHE_TEXT + " Activate only as a sorcery."))
    with pytest.raises(GameError) as error:
        game.activate("alice", cache.oid)
    assert error.value.code == "timing"
    with pytest.raises(GameError) as error:
        game.activate("bob", cache.oid)
    assert error.value.code == "not_activatable"


def test_the_treasure_a_gift_makes_is_a_mana_ability_that_pays_for_a_spell() -> None:
    game = new_game()
    treasure = put(game.state, "bob", characteristics_of(PREDEFINED_TOKENS["treasure"]), "battlefield", token=True)
    shock = spell("Shock", {"effect": "damage", "to": {"target": {"any_target": True}}, "amount": 2},
                  mana_cost="{R}")
    put(game.state, "bob", shock, "hand")
    from cardgen.resolver.casting import CastRequest

    game.cast(CastRequest("bob", find(game, "Shock", "hand").oid, (), [["alice"]], None, [treasure.oid]))
    assert treasure.gone and not [o for o in game.state.permanents() if o.name == "Treasure"]
    assert [e["amount"] for e in events(game, "mana_added")] == [1]
    assert events(game, "mana_spent")[0]["paid_for"] == "Shock"
    assert game.state.players["bob"].mana_pool == 0


def test_a_mana_ability_doesnt_use_the_stack_and_its_mana_empties_at_the_step_end() -> None:
    game = new_game()
    treasure = put(game.state, "alice", characteristics_of(PREDEFINED_TOKENS["treasure"]), "battlefield",
                   token=True)
    game.activate("alice", treasure.oid)
    assert game.state.stack == [] and game.state.players["alice"].mana_pool == 1
    game.next_step()
    assert game.state.players["alice"].mana_pool == 0


def test_the_food_token_gains_its_controller_3_life() -> None:
    game = new_game()
    food = put(game.state, "bob", characteristics_of(PREDEFINED_TOKENS["food"]), "battlefield", token=True)
    game.activate("bob", food.oid)
    game.resolve_stack()
    assert game.state.players["bob"].life == 23


def test_a_token_a_spec_writes_out_has_only_what_its_spec_says() -> None:
    food_alike = TokenDef(name="Food", types=["Artifact"], subtypes=["Food"])
    assert characteristics_of(food_alike).token_abilities == ()


def test_the_predefined_token_abilities_are_valid_specs() -> None:
    from cardgen.vocab.tokens import PREDEFINED_TOKEN_ABILITIES

    for abilities in PREDEFINED_TOKEN_ABILITIES.values():
        for ability in abilities:
            assert ActivatedAbility.model_validate(ability.model_dump(mode="json")) == ability


@pytest.mark.parametrize("fields, line", [
    ({}, "A:AB$ Draw | Cost$ 1 T Sac<1/CARDNAME/this artifact> | SpellDescription$ Draw a card."),
    ({"effects": [], "mana": "any_color", "cost": {"tap": True, "sacrifice": "self"},
      "text": "{T}, Sacrifice this artifact: Add one mana of any color."},
     "A:AB$ Mana | Cost$ T Sac<1/CARDNAME/this artifact> | Produced$ Any | Amount$ 1 | "
     "SpellDescription$ Add one mana of any color."),
])
def test_forge_writes_an_ab_line_and_reads_it_back(fields: dict, line: str) -> None:
    card = _cache(**fields)
    text = ForgeBackend().render_card(card)
    assert line in text.split("\n")
    read = read_script(text)
    assert read.diagnostics == []
    assert read.card.abilities == card.abilities


def test_xmage_writes_simple_activated_ability_with_its_costs() -> None:
    from cardgen.engines.xmage.render import render_card

    java = render_card(_cache())
    assert "new SimpleActivatedAbility(new DrawCardSourceControllerEffect(1), new GenericManaCost(1))" in java
    assert "ability.addCost(new TapSourceCost());" in java
    assert 'ability.addCost(new SacrificeSourceCost().setText("sacrifice this artifact"));' in java


PUMP_TEXT = "{2}, {T}: Target creature gets +1/+1 until end of turn."


def _drillmaster() -> object:
    return make_card("Drillmaster", "Creature", pt="2/2", abilities=[
        {"kind": "activated", "text": PUMP_TEXT, "cost": {"mana": "{2}", "tap": True},
         "effects": [{"effect": "pump", "what": {"target": {"types": ["creature"]}}, "power": 1, "toughness": 1}]}])


def test_an_activated_ability_may_target_its_own_source() -> None:
    game = new_game()
    drillmaster = _on_battlefield(game, _drillmaster())
    game.activate("alice", drillmaster.oid, targets=[[drillmaster.oid]])  # 115.5 is about spells only
    game.resolve_stack()
    seen = view(game.state, drillmaster)
    assert (seen.power, seen.toughness, drillmaster.tapped) == (3, 3, True)


def test_xmage_adds_the_target_to_the_activated_ability_and_reads_it_back() -> None:
    from xmage_strategies import registrations_for

    from cardgen.canonical import meaning_diff
    from cardgen.engines.xmage.backend import XMageBackend
    from cardgen.engines.xmage.reader import read_class

    card = _drillmaster()
    java = XMageBackend().render_card(card)
    assert "ability.addCost(new TapSourceCost());\n        ability.addTarget(new TargetCreaturePermanent());" in java
    result = read_class(java, registrations_for(card))
    assert result.card is not None, result.diagnostics
    assert meaning_diff(result.card, card, ("xmage", "spec")) == []


SAC_TEXT = "{1}, Sacrifice another creature: You gain 2 life."


def _provisioner(sacrifice: object = None) -> object:
    return make_card("Provisioner", "Creature", pt="2/2", abilities=[
        {"kind": "activated", "text": SAC_TEXT,
         "cost": {"mana": "{1}", "sacrifice": sacrifice or {"types": ["creature"], "other": True}},
         "effects": [{"effect": "gain_life", "amount": 2}]}])


def test_a_sacrifice_cost_naming_a_filter_sacrifices_the_permanent_the_activator_chooses() -> None:
    from cardgen.game.choices import ScriptedChooser

    game = new_game()
    provisioner = _on_battlefield(game, _provisioner())
    _on_battlefield(game, make_card("Bear", "Creature", pt="2/2"))
    thopter = _on_battlefield(game, make_card("Thopter", "Creature", pt="0/2"))
    _on_battlefield(game, make_card("Drake", "Creature", pt="2/2"), player="bob")  # not the activator's
    game.state.chooser = ScriptedChooser([thopter.oid], lambda answer, options: [answer] if answer in options else None)
    game.activate("alice", provisioner.oid)
    game.resolve_stack()
    assert thopter.gone and find(game, "Bear", "battlefield") and provisioner.zone == "battlefield"
    assert game.state.players["alice"].life == 22


def test_another_creature_is_never_the_source_so_alone_it_cant_be_paid() -> None:
    game = new_game()
    provisioner = _on_battlefield(game, _provisioner())
    _on_battlefield(game, make_card("Drake", "Creature", pt="2/2"), player="bob")
    before = len(game.state.log)
    with pytest.raises(GameError) as error:
        game.activate("alice", provisioner.oid)
    assert (error.value.code, error.value.rule) == ("cost", "602.2h")
    assert provisioner.zone == "battlefield" and len(game.state.log) == before


@pytest.mark.parametrize("sacrifice, forge, xmage", [
    ({"types": ["creature"], "other": True}, "Sac<1/Creature.Other/another creature>",
     "new SacrificeTargetCost(StaticFilters.FILTER_CONTROLLED_ANOTHER_CREATURE)"),
    ({"types": ["creature"]}, "Sac<1/Creature/creature>",
     "new SacrificeTargetCost(StaticFilters.FILTER_PERMANENT_CREATURE)"),
])
def test_both_engines_write_the_sacrifice_of_a_kind_and_read_it_back(sacrifice: dict, forge: str, xmage: str) -> None:
    from xmage_strategies import registrations_for

    from cardgen.canonical import meaning_diff
    from cardgen.engines.xmage.backend import XMageBackend
    from cardgen.engines.xmage.reader import read_class

    words = "another creature" if sacrifice.get("other") else "a creature"
    card = make_card("Provisioner", "Creature", pt="2/2", abilities=[
        {"kind": "activated", "text": f"{{1}}, Sacrifice {words}: You gain 2 life.",
         "cost": {"mana": "{1}", "sacrifice": sacrifice}, "effects": [{"effect": "gain_life", "amount": 2}]}])
    script = ForgeBackend().render_card(card)
    assert f"Cost$ 1 {forge} |" in script
    read = read_script(script)
    assert read.diagnostics == [] and read.card.abilities == card.abilities
    java = XMageBackend().render_card(card)
    assert xmage in java
    result = read_class(java, registrations_for(card))
    assert result.card is not None, result.diagnostics
    assert meaning_diff(result.card, card, ("xmage", "spec")) == []


@pytest.mark.parametrize("sacrifice, code", [("{types: [land]}", "CG130"), ("{types: [creature]}", "CG130")])
def test_a_sacrifice_cost_the_line_doesnt_say_or_no_engine_writes_is_an_error(tmp_path, sacrifice: str,  # noqa: ANN001
                                                                              code: str) -> None:
    from pathlib import Path

    from click.testing import CliRunner

    from cardgen.cli import cli

    specs = Path(__file__).resolve().parents[1] / "card_specs" / "cgt"
    (tmp_path / "cgt").mkdir()
    (tmp_path / "cgt" / "set.yaml").write_text((specs / "set.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    text = (specs / "warren_provisioner.yaml").read_text(encoding="utf-8")
    spec = text.replace("sacrifice: {types: [creature], other: true}", f"sacrifice: {sacrifice}")
    assert spec != text
    (tmp_path / "cgt" / "warren_provisioner.yaml").write_text(spec, encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "--strict", str(tmp_path)])
    assert result.exit_code == 1 and code in result.output


def test_sacrifice_a_creature_may_sacrifice_the_source_itself_and_the_ability_still_resolves() -> None:
    game = new_game()
    card = make_card("Provisioner", "Creature", pt="2/2", abilities=[
        {"kind": "activated", "text": "Sacrifice a creature: You gain 2 life.",
         "cost": {"sacrifice": {"types": ["creature"]}}, "effects": [{"effect": "gain_life", "amount": 2}]}])
    provisioner = _on_battlefield(game, card)
    game.activate("alice", provisioner.oid)  # its only creature: the first (only) option is itself
    game.resolve_stack()  # 602.2: the ability exists on the stack apart from its source (113.7a)
    assert provisioner.gone and game.state.players["alice"].life == 22


def _land(*abilities: dict) -> object:
    return make_card("Test Land", "Land", mana_cost=None, abilities=list(abilities))


def _mana(text: str, mana: object, **more: object) -> dict:
    return {"kind": "activated", "text": text, "cost": {"tap": True}, "mana": mana, **more}


CREATURE_ONLY = "Spend this mana only to cast a creature spell."


@pytest.mark.parametrize("ability, forge, xmage", [
    (_mana("{T}: Add {C}.", "C"), "Produced$ C | SpellDescription$ Add {C}.", ["new ColorlessManaAbility()"]),
    (_mana("{T}: Add {G} or {W}.", ["G", "W"]), "Produced$ Combo G W | SpellDescription$ Add {G} or {W}.",
     ["new GreenManaAbility()", "new WhiteManaAbility()"]),
    (_mana(f"{{T}}: Add {{U}}. {CREATURE_ONLY}", "U", spend_only="creature_spell"),
     "Produced$ U | RestrictValid$ Spell.Creature",
     ["new ConditionalColoredManaAbility(", "Mana.BlueMana(1)",
      "new ConditionalSpellManaBuilder(StaticFilters.FILTER_SPELL_A_CREATURE)"]),
])
def test_both_engines_write_each_kind_of_mana_and_read_it_back(ability: dict, forge: str, xmage: list[str]) -> None:
    from engine_roundtrip import rendered_and_read_back

    script, java = rendered_and_read_back(_land(ability), "test_land.txt")
    assert forge in script
    assert all(call in java for call in xmage)


def test_creature_only_mana_pays_for_a_creature_spell_and_not_for_another() -> None:
    from cardgen.resolver.casting import CastRequest

    game = new_game()
    land = _on_battlefield(game, _land(_mana(f"{{T}}: Add {{R}}. {CREATURE_ONLY}", "R", spend_only="creature_spell")))
    game.activate("alice", land.oid)
    zap = make_card("Zap", "Instant", mana_cost="{R}", abilities=[
        {"kind": "spell", "text": "Draw a card.", "effects": [{"effect": "draw"}]}])
    with pytest.raises(GameError) as refused:  # 106.6: the pool holds no mana an instant may be paid with
        game.cast(CastRequest("alice", put(game.state, "alice", zap, "hand").oid, [], [], None, (), True))
    assert refused.value.code == "cost"
    bear = make_card("Bear", "Creature", mana_cost="{R}", pt="2/2")
    game.cast(CastRequest("alice", put(game.state, "alice", bear, "hand").oid, [], [], None, (), True))
    assert game.state.players["alice"].mana_pool == 0 and game.state.players["alice"].creature_only_mana == 0


def test_a_land_that_enters_tapped_is_tapped_as_it_enters_and_one_land_a_turn_is_played() -> None:
    game = new_game()
    tapland = put(game.state, "alice", _land({"kind": "enters_tapped", "text": "This land enters tapped."},
                                             _mana("{T}: Add {C}.", "C")), "hand")
    other = put(game.state, "alice", _land(_mana("{T}: Add {C}.", "C")), "hand")
    game.play_land("alice", tapland.oid)
    assert find(game, "Test Land", "battlefield").tapped
    with pytest.raises(GameError) as refused:
        game.play_land("alice", other.oid)
    assert refused.value.code == "land_drop"


def _costly(cost: dict, text: str, **ability: object) -> object:
    return make_card("Idol", "Artifact", abilities=[
        {"kind": "activated", "text": text, "cost": cost, "effects": [{"effect": "draw"}], **ability}])


def test_paying_life_loses_it_and_more_life_than_the_player_has_cant_be_paid() -> None:
    game = new_game()
    idol = _on_battlefield(game, _costly({"tap": True, "life": 2}, "{T}, Pay 2 life: Draw a card."))
    game.state.players["alice"].life = 1
    with pytest.raises(GameError) as error:
        game.activate("alice", idol.oid)
    assert (error.value.code, error.value.rule) == ("cost", "119.4") and not idol.tapped
    game.state.players["alice"].life = 2  # as much life as the payment: it can be paid (119.4)
    game.activate("alice", idol.oid)
    assert game.state.players["alice"].life == 0 and idol.tapped


def test_a_discard_cost_discards_a_card_from_hand_and_an_empty_hand_cant_pay_it() -> None:
    game = new_game()
    idol = _on_battlefield(game, _costly({"mana": "{1}", "discard": 1}, "{1}, Discard a card: Draw a card."))
    with pytest.raises(GameError) as error:
        game.activate("alice", idol.oid)
    assert error.value.code == "cost"
    put(game.state, "alice", make_card("Bear", "Creature", pt="2/2"), "hand")
    game.activate("alice", idol.oid)
    assert find(game, "Bear", "graveyard") and game.state.players["alice"].hand == []


def test_once_each_turn_refuses_a_second_activation_until_the_next_turn() -> None:
    game = new_game()
    idol = _on_battlefield(game, _costly({"mana": "{1}"}, "{1}: Draw a card. Activate only once each turn.",
                                         once_each_turn=True))
    game.activate("alice", idol.oid)
    with pytest.raises(GameError) as error:
        game.activate("alice", idol.oid)
    assert (error.value.code, error.value.rule) == ("timing", "602.5b")


@pytest.mark.parametrize("cost, text, forge, xmage, extra", [
    ({"tap": True, "life": 2, "sacrifice": "self"}, "{T}, Pay 2 life, Sacrifice this artifact: Draw a card.",
     "Cost$ T PayLife<2> Sac<1/CARDNAME/this artifact>", "new PayLifeCost(2)", {}),
    ({"mana": "{1}{R}", "discard": 1}, "{1}{R}, Discard a card: Draw a card.", "Cost$ 1 R Discard<1/Card>",
     "new DiscardCardCost()", {}),
    ({"mana": "{2}", "tap": True, "sacrifice": {"token": True}}, "{2}, {T}, Sacrifice a token: Draw a card.",
     "Cost$ 2 T Sac<1/Permanent.token/token>", "StaticFilters.FILTER_PERMANENT_TOKEN", {}),
    ({"mana": "{1}"}, "{1}: Draw a card. Activate only once each turn.", "ActivationLimit$ 1",
     "new LimitedTimesPerTurnActivatedAbility(", {"once_each_turn": True}),
])
def test_both_engines_write_the_other_cost_parts_and_read_them_back(cost: dict, text: str, forge: str, xmage: str,
                                                                     extra: dict) -> None:
    from xmage_strategies import registrations_for

    from cardgen.canonical import meaning_diff
    from cardgen.engines.xmage.backend import XMageBackend
    from cardgen.engines.xmage.reader import read_class

    card = _costly(cost, text, **extra)
    script = ForgeBackend().render_card(card)
    assert forge in script
    read = read_script(script)
    assert read.diagnostics == [] and read.card.abilities == card.abilities
    java = XMageBackend().render_card(card)
    assert xmage in java
    result = read_class(java, registrations_for(card))
    assert result.card is not None, result.diagnostics
    assert meaning_diff(result.card, card, ("xmage", "spec")) == []


def test_an_ability_that_exiles_its_card_from_the_graveyard_works_only_there() -> None:
    """113.6k: "{3}{B}, Exile this card from your graveyard: ..." is activated from the graveyard, its card
    exiled as the cost is paid; the same card on the battlefield can't activate it."""
    from cardgen.game.errors import GameError
    from cardgen.resolver.activating import activate
    from cardgen.resolver.testing import make_card, new_game, put

    text = "{3}{B}, Exile this card from your graveyard: Draw a card."
    orator = make_card("Test Orator", "Creature", pt="2/2", oracle=text, abilities=[
        {"kind": "activated", "text": text, "cost": {"mana": "{3}{B}", "exile_from_graveyard": True},
         "effects": [{"effect": "draw"}]}])
    game = new_game()
    in_play = put(game.state, "alice", orator, "battlefield")
    with pytest.raises(GameError) as refused:
        activate(game.state, "alice", in_play.oid)
    assert refused.value.code == "not_activatable"
    card = put(game.state, "alice", orator, "graveyard")
    assert activate(game.state, "alice", card.oid) is not None
    assert card.zone == "exile" or game.state.live(card.oid) is None
