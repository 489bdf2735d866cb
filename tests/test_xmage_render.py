"""The XMage backend renders every shipped spec to a valid card class and its set registration.

Valid means: tree-sitter parses it without error; it has XMage's card class shape (package
`mage.cards.<letter>`, `public final class ... extends CardImpl`, the `(UUID, CardSetInfo)` constructor, a
private copy constructor and `copy()`); it imports exactly the classes it uses, each one XMage's
framework has (the list read from XMage, `known_classes.txt`), sorted as XMage sorts them.
"""

from __future__ import annotations

import datetime
import re

import pytest
import yaml
from xmage_strategies import ROOT, assert_card_class, shipped_catalog, shipped_render

from cardgen.engines.xmage.backend import XMageBackend
from cardgen.engines.xmage.java_parse import classes, parse
from cardgen.engines.xmage.render import render_card
from cardgen.engines.xmage.setindex import parse_registrations
from cardgen.model.card import Card, SetInfo
from cardgen.model.catalog import Catalog, LoadedCard, LoadedSet

GIFT_CARDS = yaml.safe_load((ROOT.parent / "shared" / "reference" / "gift_cards.yaml").read_text())["cards"] \
    if (ROOT.parent / "shared" / "reference" / "gift_cards.yaml").is_file() else []
SHIPPED = [loaded.card for loaded in shipped_catalog().cards]


def test_render_has_no_diagnostics_and_writes_every_card():
    """Every card but the basic lands, which are XMage's framework classes (registered, not written)."""
    result = shipped_render()
    assert result.diagnostics == []
    backend = XMageBackend()
    for card in SHIPPED:
        basic = card.name in ("Plains", "Island", "Swamp", "Mountain", "Forest")
        assert (backend.card_path(card) in result.files) != basic, card.name


WRITTEN = [card for card in SHIPPED if card.name not in ("Plains", "Island", "Swamp", "Mountain", "Forest")]


@pytest.mark.parametrize("card", WRITTEN, ids=lambda card: card.name)
def test_card_class_is_valid_java_with_xmage_shape(card: Card):
    source = shipped_render().files[XMageBackend().card_path(card)]
    assert_card_class(source, card)
    assert source.endswith("\n") and "\r" not in source and not re.search(r"[ \t]+\n", source)


def test_the_26_printed_gift_cards_are_all_rendered():
    if not GIFT_CARDS:
        pytest.skip("shared reference list not present")
    names = {card.name for card in SHIPPED}
    missing = [entry["name"] for entry in GIFT_CARDS if entry["name"] not in names]
    assert not missing
    assert len(GIFT_CARDS) == 26


def test_paths_follow_xmage_naming():
    files = shipped_render().files
    assert "Mage.Sets/src/mage/cards/c/CruelclawsHeist.java" in files
    assert "Mage.Sets/src/mage/cards/l/LongRiversPull.java" in files
    assert "Mage.Sets/src/mage/cards/i/IntoTheFloodMaw.java" in files


def test_gift_ability_is_added_before_any_spell_effect():
    for card in SHIPPED:
        if card.gift is None or not card.is_instant_or_sorcery:
            continue
        source = shipped_render().files[XMageBackend().card_path(card)]
        gift = source.index("new GiftAbility(this, GiftType.")
        first_effect = source.find("this.getSpellAbility().addEffect(")
        assert first_effect == -1 or gift < first_effect, card.name


def test_blooming_blast_uses_the_framework_effects_and_condition():
    source = shipped_render().files["Mage.Sets/src/mage/cards/b/BloomingBlast.java"]
    assert "new GiftAbility(this, GiftType.TREASURE)" in source
    assert "new DamageTargetEffect(2)" in source
    assert "new DamageTargetControllerEffect(3), GiftWasPromisedCondition.TRUE,\n" in source
    assert '"if the gift was promised, {this} also deals 3 damage to that creature\'s controller"' in source


def squash(source: str) -> str:
    """Java source with its line breaks and indentation folded away (layout is not what is tested)."""
    return re.sub(r"\s+\)", ")", re.sub(r"\(\s+", "(", " ".join(source.split())))


def test_conditional_targets_use_xmages_adjuster():
    files = shipped_render().files
    wear_down = files["Mage.Sets/src/mage/cards/w/WearDown.java"]
    assert ("new ConditionalTargetAdjuster(GiftWasPromisedCondition.TRUE, new TargetPermanent(2, 2, "
            "StaticFilters.FILTER_PERMANENT_ARTIFACT_OR_ENCHANTMENT))") in squash(wear_down)
    valley = squash(files["Mage.Sets/src/mage/cards/v/ValleyRally.java"])
    assert ("new ConditionalTargetAdjuster(GiftWasPromisedCondition.TRUE, true, "
            "new TargetControlledCreaturePermanent()") in valley


def test_permanent_enters_trigger_keeps_its_intervening_if():
    source = " ".join(shipped_render().files["Mage.Sets/src/mage/cards/s/Scrapshooter.java"].split())
    assert "new EntersBattlefieldTriggeredAbility(new DestroyTargetEffect()).withInterveningIf( " \
           "GiftWasPromisedCondition.TRUE )" in source or \
           "withInterveningIf(GiftWasPromisedCondition.TRUE)" in source
    assert "ReachAbility.getInstance()" in source


def test_card_specific_classes_are_package_private_and_named_after_roles():
    files = shipped_render().files
    for path, expected in [("Mage.Sets/src/mage/cards/c/CoilingRebirth.java", "CoilingRebirthEffect"),
                           ("Mage.Sets/src/mage/cards/p/PerchProtection.java", "PerchProtectionEffect"),
                           ("Mage.Sets/src/mage/cards/b/BilbosGambit.java", "BilbosGambitCantCastEffect"),
                           ("Mage.Sets/src/mage/cards/j/JollyGerbils.java", "JollyGerbilsTriggeredAbility")]:
        names = [decl.name for decl in classes(parse(files[path].encode()))]
        assert expected in names[1:], (path, names)


def test_a_token_xmage_ships_is_used_not_rewritten():
    """Perch Protection's 2/2 blue Bird with flying is XMage's `SwanSongBirdToken` (known_tokens.txt)."""
    source = shipped_render().files["Mage.Sets/src/mage/cards/p/PerchProtection.java"]
    assert "new CreateTokenEffect(new SwanSongBirdToken(), 4)" in source
    assert "extends TokenImpl" not in source


def test_output_is_byte_deterministic():
    first = XMageBackend().render(shipped_catalog()).files
    second = XMageBackend().render(shipped_catalog()).files
    assert first == second


# ------------------------------------------------------------------------------------------ sets


def test_set_lines_for_sets_xmage_has():
    files = shipped_render().files
    text = files["Mage.Sets/src/mage/sets/Bloomburrow.cards.txt"]
    lines = [line.strip() for line in text.splitlines()[1:]]
    assert lines == sorted(lines)
    assert 'cards.add(new SetCardInfo("Blooming Blast", 126, Rarity.UNCOMMON, mage.cards.b.BloomingBlast.class));' \
        in lines
    assert ('cards.add(new SetCardInfo("Kitnap", 357, Rarity.RARE, mage.cards.k.Kitnap.class, NON_FULL_USE_VARIOUS));'
            in lines)
    hobbit = files["Mage.Sets/src/mage/sets/TheHobbit.cards.txt"]
    assert "mage.cards.b.BilbosGambit.class, NON_FULL_USE_VARIOUS" in hobbit
    pw26 = files["Mage.Sets/src/mage/sets/WizardsPlayNetwork2026.cards.txt"]
    assert 'new SetCardInfo("Into the Flood Maw", 8, Rarity.RARE, mage.cards.i.IntoTheFloodMaw.class)' in pw26


def test_every_printing_has_exactly_one_line():
    found: dict = {}
    for path, text in shipped_render().files.items():
        if path.startswith("Mage.Sets/src/mage/sets/"):
            code = re.search(r'\((\w+)\); insert|"([A-Z0-9]+)", ExpansionSet', text)
            parse_registrations(text, code.group(1) or code.group(2), found)
    for card in SHIPPED:
        registration = next(r for fqn, r in found.items() if fqn.endswith("." + XMageBackend().card_path(card)
                                                                          .rsplit("/", 1)[1][:-5]))
        assert registration.name == card.name
        got = sorted((p["set"], p["number"]) for p in registration.printings)
        assert got == sorted((p.set, p.number) for p in card.printings)


def test_a_set_xmage_lacks_gets_a_whole_class():
    text = shipped_render().files["Mage.Sets/src/mage/sets/CardgenTestCards.java"]
    root = parse(text.encode())
    decl = classes(root)[0]
    assert decl.name == "CardgenTestCards" and decl.superclass == "ExpansionSet"
    assert 'super("cardgen test cards", "CGT", ExpansionSet.buildDate(2024, 1, 1), SetType.CUSTOM_SET);' in text
    assert 'new SetCardInfo("Forest", 5, Rarity.LAND, mage.cards.basiclands.Forest.class)' in text


def test_set_filter_limits_cards_and_set_files():
    result = XMageBackend().render(shipped_catalog(), frozenset({"HOB"}))
    assert sorted(result.files) == ["Mage.Sets/src/mage/cards/b/BilbosGambit.java",
                                    "Mage.Sets/src/mage/sets/TheHobbit.cards.txt"]


# ------------------------------------------------------------------------------------------ refusals


def _card(**changes) -> Card:
    data = {"name": "Test Card", "mana_cost": "{1}{R}", "types": ["Instant"],
            "printings": [{"set": "CGT", "number": "1", "rarity": "common"}],
            "abilities": [{"kind": "spell", "text": "Draw a card.", "effects": [{"effect": "draw"}]}]}
    data.update(changes)
    return Card.model_validate(data)


def _render_diagnostics(*cards: Card):
    catalog = Catalog(cards=[LoadedCard(card, ROOT / f"{index}.yaml") for index, card in enumerate(cards)])
    catalog.sets["CGT"] = LoadedSet(SetInfo.model_validate(
        {"name": "T", "code": "CGT", "release_date": datetime.date(2024, 1, 1), "type": "test"}), ROOT / "set.yaml")
    return XMageBackend().render(catalog)


@pytest.mark.parametrize(("changes", "code"), [
    ({"types": ["Creature"], "pt": "1/1", "subtypes": ["Wombatdragon"], "abilities": []}, "XMG101"),
    ({"abilities": [{"kind": "spell", "text": "x", "effects": [{"effect": "draw", "who": "gift_recipient"}]}],
      "gift": "card"}, "XMG100"),
    ({"name": "日本"}, "XMG102"),
    ({"name": "Override"}, "XMG102"),
    ({"name": "0 Sum"}, "XMG102"),
    ({"name": "Conditional One Shot Effect", "gift": "card", "abilities": [
        {"kind": "spell", "text": "x", "effects": [{"effect": "draw", "condition": "promised"}]}]}, "XMG102"),
])
def test_what_xmage_cannot_express_is_a_diagnostic(changes, code):
    result = _render_diagnostics(_card(**changes))
    assert [d.code for d in result.diagnostics] == [code]
    assert result.diagnostics[0].location is not None
    assert not any(path.endswith(".java") and "/cards/" in path for path in result.files)


def test_two_cards_with_one_class_name_are_refused():
    result = _render_diagnostics(_card(name="Fire Ball"), _card(name="Fire-Ball"))
    assert [d.code for d in result.diagnostics] == ["XMG104"]


def test_a_card_class_clashing_with_another_cards_helper_class_is_refused():
    steal = [{"effect": "reveal_and_exile", "id": "loot", "who": {"target": {"player": "opponent"}},
              "filter": {"zone": "hand"}}, {"effect": "may_cast_from_exile", "what": {"ref": "loot"}}]
    first = _card(name="Heist", abilities=[{"kind": "spell", "text": "x", "effects": steal}])
    second = _card(name="Heist Effect")
    result = _render_diagnostics(first, second)
    assert [d.code for d in result.diagnostics] == ["XMG104"]


def test_render_card_raises_nothing_for_shipped_cards():
    for card in SHIPPED:
        assert render_card(card).startswith("package mage.cards.")


def test_generated_lines_fit_xmages_width():
    """XMage wraps card classes at 120 columns; only the oracle comments above abilities run longer (as in
    XMage; set registrations are one line each there too), and a line carrying a string literal, which XMage
    keeps whole rather than cutting into `"a " +` pieces."""
    for path, text in shipped_render().files.items():
        if "/sets/" in path:
            continue
        long = [line for line in text.splitlines() if len(line) > 120 and not line.lstrip().startswith("//")
                and '"' not in line]
        assert not long, (path, long[:1])


def test_an_unconditional_effect_printed_first_runs_in_both_branches():
    """Wildfire Howl: "deals 2 damage to each creature. If the gift was promised, instead ... 1 damage to any
    target and 2 damage to each creature" is one ConditionalOneShotEffect that runs the 2 damage either way,
    with the whole line as its text (as XMage's own class writes it), not texts on the wrong effects."""
    source = squash(shipped_render().files["Mage.Sets/src/mage/cards/w/WildfireHowl.java"])
    assert ("new ConditionalOneShotEffect(new DamageTargetEffect(1), new DamageAllEffect(2, "
            "StaticFilters.FILTER_PERMANENT_CREATURES), GiftWasPromisedCondition.TRUE, ") in source
    assert ").addEffect(new DamageAllEffect(2, StaticFilters.FILTER_PERMANENT_CREATURES)));" in source


def test_classes_credit_the_spec_author_as_xmage_classes_do() -> None:
    """XMage's classes end their doc comment with `@author <name>`; ours name the spec's author, else cardgen."""
    from cardgen.model.card import Card

    spec = yaml.safe_load((ROOT / "card_specs" / "blb" / "kitnap.yaml").read_text(encoding="utf-8"))
    plain = render_card(Card.model_validate(spec))
    assert "\n *\n * @author cardgen\n */\npublic final class Kitnap extends CardImpl {" in plain
    credited = render_card(Card.model_validate({**spec, "author": "Jane Doe"}))
    assert " * @author Jane Doe\n */" in credited
    with pytest.raises(ValueError):
        Card.model_validate({**spec, "author": "x */ class Evil {"})
