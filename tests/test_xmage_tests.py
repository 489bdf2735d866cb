"""XMage test classes generated from the scenarios (`cardgen.engines.xmage.scenario_tests`), and the
engine-deviations data (`cardgen.deviations`) that marks the tests an engine is known to fail."""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import tree_sitter_java
import yaml
from click.testing import CliRunner
from examples import examples
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shipped import shipped_catalog
from tree_sitter import Language, Parser

from cardgen import deviations, naming
from cardgen.cli import cli
from cardgen.engines.xmage.scenario_scene import lands_for
from cardgen.engines.xmage.scenario_tests import NOT_EXPRESSIBLE, TESTS_ROOT, catalog_tests, render_tests
from cardgen.resolver.scenario.loader import load_file, load_text
from cardgen.resolver.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
SPECS = ROOT / "card_specs"


@pytest.fixture(scope="module")
def catalog():
    return shipped_catalog()


@pytest.fixture(scope="module")
def shipped(catalog):
    return catalog_tests(catalog, [SCENARIOS], None)


def _tree(source: str):
    return Parser(Language(tree_sitter_java.language())).parse(source.encode("utf-8")).root_node


def _methods(source: str) -> list[str]:
    return re.findall(r"@Test\n    public void (\w+)\(\)", source)


def _method_body(source: str, name: str) -> str:
    start = source.index(f"public void {name}()")
    end = source.find("\n    }\n", start)
    return source[start:end]


def test_every_card_with_scenarios_has_a_parsing_test_class_with_one_test_per_scenario(shipped) -> None:
    files = {}
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        loaded = load_file(path)
        files[loaded.model.card] = loaded
    methods_of: dict[str, list[str]] = {}
    for path, source in shipped.files.items():
        assert path.startswith(TESTS_ROOT + "/") and path.endswith("Test.java")
        set_code = path.split("/")[-2]
        assert f"package org.mage.test.cards.single.{set_code};" in source
        assert not _tree(source).has_error, path
        class_name = Path(path).stem
        base = "CardTestMultiPlayerBase" if class_name.endswith("MultiplayerTest") else "CardTestPlayerBase"
        assert f"public class {class_name} extends {base} {{" in source
        card = next(name for name in files if class_name in (f"{naming.class_name(name)}Test",
                                                             f"{naming.class_name(name)}MultiplayerTest"))
        methods_of.setdefault(card, []).extend(_methods(source))
        assert "setStrictChooseMode(true);" in source and "execute();" in source
    assert set(methods_of) == set(files)
    for card, methods in methods_of.items():
        assert len(methods) == len(set(methods)), "method names are unique"
        assert len(methods) == 1 + len(files[card].scenarios), card  # one per scenario, plus the rules text


def test_promise_recipient_targets_and_assertions_read_like_xmage_gift_tests(shipped) -> None:
    source = shipped.files[f"{TESTS_ROOT}/blb/BloomingBlastTest.java"]
    body = _method_body(source, "testPromisedTreasureFirst2DamageToTheCreature3ToItsController")
    lines = [line.strip() for line in body.splitlines()]
    # mana for the spell (the scenario leaves it implicit), then the scenario's position
    assert lines[1:4] == ['addCard(Zone.BATTLEFIELD, playerA, "Mountain", 2);',
                          'addCard(Zone.HAND, playerA, "Blooming Blast");',
                          'addCard(Zone.BATTLEFIELD, playerB, "Grizzly Bears");']
    # the promise and its recipient exactly as XMage's GiftTest scripts them, right before the cast
    assert lines[4:7] == ["setChoice(playerA, true);", "setChoice(playerA, playerB.getName());",
                          'castSpell(1, PhaseStep.PRECOMBAT_MAIN, playerA, "Blooming Blast", "Grizzly Bears");']
    assert "setStopAt(1, PhaseStep.POSTCOMBAT_MAIN);" in lines
    assert "assertLife(playerB, 17);" in lines
    assert 'assertTokenCount(playerB, "Treasure Token", 1);' in lines
    # alice's graveyard is exactly the spell; bob controls only the Treasure
    assert "assertGraveyardCount(playerA, 1);" in lines and "assertPermanentCount(playerB, 1);" in lines
    not_promised = _method_body(source, "testNotPromisedOnly2DamageToTheCreatureNoTreasure")
    assert "setChoice(playerA, false);" in not_promised


def test_mana_lands_are_counted_in_battlefield_totals(shipped) -> None:
    source = shipped.files[f"{TESTS_ROOT}/blb/BloomingBlastTest.java"]
    body = _method_body(source, "testCounteredSpellGivesNoGift")
    # bob casts Cancel ({1}{U}{U}): three Islands, counted with his Grizzly Bears
    assert 'addCard(Zone.BATTLEFIELD, playerB, "Island", 3);' in body
    assert "assertPermanentCount(playerB, 4);" in body
    assert 'castSpell(1, PhaseStep.PRECOMBAT_MAIN, playerB, "Cancel", "Blooming Blast", "Blooming Blast");' in body


def test_an_x_announced_for_a_spell_without_x_is_left_out_not_expected_to_fail(shipped) -> None:
    """XMage's cast command has no X to announce for Shock, so the refused cast can't be commanded: it is
    left out (reported), and the test does not expect a failure XMage never gives."""
    source = shipped.files[f"{TESTS_ROOT}/blb/MindSpringTest.java"]
    body = _method_body(source, "testAValueForXIsAnnouncedOnlyForASpellWithXInItsCost")
    assert 'castSpell(1, PhaseStep.PRECOMBAT_MAIN, playerA, "Shock"' not in body
    assert "must throw exception" not in body
    assert 'assertHandCount(playerA, "Shock", 1);' in body


def test_hybrid_mana_is_paid_with_lands_of_its_first_color() -> None:
    """Moonrise Cleric costs {1}{W/B}{W/B}: a land per hybrid symbol, of its first color, and one more of
    that color for the generic mana (a lone Wastes could pay none of the hybrid symbols)."""
    assert lands_for(["{1}{W/B}{W/B}"]) == Counter({"Plains": 3})
    assert lands_for(["{2/U}{B/P}"]) == Counter({"Island": 1, "Swamp": 1})


def test_a_spell_cast_after_one_that_phases_out_your_lands_is_paid_with_mana_floated_before(shipped) -> None:
    """Perch Protection promised phases out all its caster's permanents, the lands the test adds to pay
    too: the next spell's mana is made while Perch Protection waits on the stack (the pool keeps it)."""
    source = shipped.files[f"{TESTS_ROOT}/blc/PerchProtectionTest.java"]
    body = source[source.index("testLifeTotalCantChange"):]
    floated = body.index('activateManaAbility(1, PhaseStep.PRECOMBAT_MAIN, playerA, "{T}: Add {B}", 3);')
    assert body.index('castSpell(1, PhaseStep.PRECOMBAT_MAIN, playerA, "Perch Protection");') < floated
    assert floated < body.index("waitStackResolved(1, PhaseStep.PRECOMBAT_MAIN);")
    # not promised, nothing phases out: nothing is floated
    unpromised = source[source.index("testNotPromisedFour22"):source.index("testPromisedExtraTurn")]
    assert "activateManaAbility" not in unpromised


def test_a_choice_with_one_option_is_still_scripted_for_xmage_strict_mode(shipped) -> None:
    """XMage's strict mode fails on any unscripted choice, one option or not: Starfall Invocation's "a
    creature card put into your graveyard this way" with only Ornithopter, Cruelclaw's Heist's nonland
    card with only Shock in the revealed hand."""
    starfall = _method_body(shipped.files[f"{TESTS_ROOT}/blb/StarfallInvocationTest.java"],
                            "testPromisedACardThatWasAlreadyInYourGraveyardIsntPutThereThisWay")
    assert 'setChoice(playerA, "Ornithopter");' in starfall
    heist = _method_body(shipped.files[f"{TESTS_ROOT}/blb/CruelclawsHeistTest.java"],
                         "testNotPromisedTheCardIsExiledAndCantBeCast")
    assert 'setChoice(playerA, "Shock");' in heist


def test_a_target_the_spell_does_not_have_is_an_unused_add_target(shipped) -> None:
    """XMage's test player never offers a target the spell doesn't have (Consumed by Greed not promised has
    no graveyard target): it casts the spell with the others, so the test scripts what that cast asks
    (the opponent's sacrifice) and expects the end-of-game report of the addTarget left unused, not a
    refused cast; the state after the refusal is not XMage's and is reported, not asserted."""
    body = _method_body(shipped.files[f"{TESTS_ROOT}/blb/ConsumedByGreedTest.java"],
                        "testNotPromisedChoosingTheGraveyardTargetIsAnError")
    assert 'addTarget(playerA, "Wind Drake");' in body
    assert 'setChoice(playerB, "Grizzly Bears");' in body
    assert 'e.getMessage().contains("(Targets of PlayerA) Count are not equal (found [")' in body
    assert "assertHandCount" not in body
    found = [d.message for d in shipped.diagnostics if d.code == NOT_EXPRESSIBLE
             and "choosing the graveyard target is an error" in d.message]
    assert found and "the state after the refusal is not asserted" in found[0]


def test_a_refused_trigger_target_answer_is_scripted_as_given_and_must_fail(shipped) -> None:
    """Brambleguard Pair's trigger can't untap the creature it taps ("another target creature", 601.2c):
    the resolver refuses the answer (`bad_choice`) and logs no trigger, so the test scripts the answers
    as given and expects XMage's strict player to report the one it could not use (it said, in the
    engine: "Targets list was setup by addTarget with [Wind Drake], but not used")."""
    body = _method_body(shipped.files[f"{TESTS_ROOT}/cgt/BrambleguardPairTest.java"],
                        "testNotPromisedTheOtherTargetCantBeTheFirstTargetsCreatureTheChoiceIsRefused")
    assert body.count('addTarget(playerA, "Wind Drake");') == 2
    assert 'e.getMessage().contains("Targets")' in body
    assert 'assertTapped("Wind Drake", false);' in body


def test_rules_text_assertion_is_the_oracle_without_reminder_text(shipped) -> None:
    source = shipped.files[f"{TESTS_ROOT}/blb/BloomingBlastTest.java"]
    body = _method_body(source, "testRulesTextIsThePrintedText")
    assert 'CardRepository.instance.findCard("Blooming Blast").createCard()' in body
    assert '"Gift a Treasure",' in body  # the gift line without its reminder, a rule of its own
    assert "(You may promise" not in body
    assert '"Blooming Blast deals 2 damage to target creature.' in body


def test_rules_text_test_compares_as_xmages_verify_test(shipped) -> None:
    """VerifyCardDataTest matches the rules in any order, a keyword line of the Oracle text split one
    keyword a rule (XMage prints one keyword ability a line), and a rule equal to an Oracle rule also
    with the card's name cut to its short forms (compareText); the generated test does the same."""
    source = shipped.files[f"{TESTS_ROOT}/blb/ShrikeForceTest.java"]
    body = _method_body(source, "testRulesTextIsThePrintedText")
    start = body.index("List<String> oracle = Arrays.asList(")
    oracle = body[start:body.index(");", start)]
    assert re.findall(r'"([^"]*)"', oracle) == ["Flying", "Double strike", "Vigilance"]
    assert 'split("[\\\\$\\\\n]")' in body  # rules cut at each newline and '$', as the verify test cuts them
    assert "for (String rule : printed) {" in body and "unmatched.remove(hit);" in body  # any order
    assert 'want.replace(name, name.split(", ")[0]).equals(rule.replace(name, name.split(", ")[0]))' in body
    assert 'want.replace(name, name.split(" ")[0]).equals(rule.replace(name, name.split(" ")[0]))' in body
    assert "CardNameUtil.normalizeCardName(" in body and "import mage.cards.decks.CardNameUtil;" in source
    assert 'rule.startsWith("({T}: Add")' in body  # a mana ability's parentheses dropped
    assert 'Assert.assertEquals(String.join("\\n", oracle), String.join("\\n", found));' in body


def test_what_xmage_cannot_assert_is_reported_with_file_line_scenario_and_field(shipped) -> None:
    found = [d for d in shipped.diagnostics if d.code == NOT_EXPRESSIBLE
             and d.location.file.endswith("blooming_blast.yaml") and "[promised - Treasure first" in d.message]
    assert len(found) == 1
    diagnostic = found[0]
    assert diagnostic.severity == "note" and diagnostic.location.line == 3
    assert "events (line 19)" in diagnostic.message
    assert "abilities (line 18): XMage asserts an ability by its object" in diagnostic.message


def test_export_writes_the_tests_and_reports_left_out_fields(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(
        cli, ["export", "--engine", "xmage", "--out", str(out), str(SPECS), "--scenarios", str(SCENARIOS)])
    assert result.exit_code == 0, result.output
    assert (out / "xmage" / TESTS_ROOT / "blb" / "KitnapTest.java").is_file()
    assert "XMG300" in result.output and "scenarios/blb/" in result.output  # the first file it is noted in


SCENARIO = """\
card: Blooming Blast
scenarios:
  - name: promised - Treasure and 3 damage
    players:
      alice: {hand: [Blooming Blast]}
      bob: {battlefield: [Grizzly Bears]}
      carol: {}
    actions:
      - cast: Blooming Blast
        gift: bob
        targets: [Grizzly Bears]
    expect:
      players:
        bob: {life: 17}
"""


def _one(catalog, text: str, data: deviations.DeviationFile | None = None, file: str = "scenarios/blb/x.yaml"):
    loaded = load_text(text, file)
    assert not loaded.diagnostics
    cards = {c.card.name: c.card for c in catalog.cards}
    return render_tests(cards, {"Blooming Blast": "card_specs/blb/blooming_blast.yaml"}, [loaded],
                        deviations=data or deviations.DeviationFile())


def test_more_than_two_players_use_the_multiplayer_base(catalog) -> None:
    result = _one(catalog, SCENARIO)
    source = result.files[f"{TESTS_ROOT}/blb/BloomingBlastMultiplayerTest.java"]
    assert "extends CardTestMultiPlayerBase" in source and not _tree(source).has_error
    # a game of exactly three players, all in range, created A, B, C: turn order A -> C -> B
    assert "new FreeForAll(MultiplayerAttackOption.MULTIPLE, RangeOfInfluence.ALL" in source
    assert 'playerC = createPlayer(game, "PlayerC");' in source and "playerD" not in source
    assert "setChoice(playerA, playerC.getName());" in source  # bob is next in turn order: XMage's playerC
    assert "testRulesTextIsThePrintedText" in source  # the only class of the card carries the rules test


def test_a_scenario_of_a_known_framework_deviation_is_ignored_with_rule_and_reason(catalog) -> None:
    data = deviations.DeviationFile.model_validate({"deviations": [{
        "id": "xmage-test", "engine": "xmage", "rule": "702.174j", "requires": "the gift first",
        "engine_does": "it gives \"nothing\"", "scope": "framework",
        "scenarios": [{"file": "scenarios/blb/x.yaml", "name": "promised - Treasure and 3 damage"}],
        "established": "probed", "seen_on": "0" * 40}]})
    result = _one(catalog, SCENARIO, data)
    source = result.files[f"{TESTS_ROOT}/blb/BloomingBlastMultiplayerTest.java"]
    assert '@Ignore("702.174j: it gives \\"nothing\\"")\n    @Test' in source
    assert "import org.junit.Ignore;" in source and not _tree(source).has_error
    notes = [d for d in result.diagnostics if d.code == deviations.KNOWN_DEVIATION]
    assert len(notes) == 1 and "xmage-test" in notes[0].message and notes[0].location.line == 3


def test_method_names_are_readable_unique_java_identifiers(catalog) -> None:
    twice = SCENARIO.replace("      carol: {}\n", "") + SCENARIO.split("scenarios:\n", 1)[1].replace(
        "      carol: {}\n", "").replace("3 damage", "3 damage!")
    result = _one(catalog, twice)
    source = result.files[f"{TESTS_ROOT}/blb/BloomingBlastTest.java"]
    assert _methods(source) == ["testRulesTextIsThePrintedText", "testPromisedTreasureAnd3Damage",
                                "testPromisedTreasureAnd3Damage_2"]


# ------------------------------------------------------------------------------------------ deviations


def test_the_deviations_file_is_valid_and_names_existing_scenarios() -> None:
    data = deviations.load()
    for entry in data.deviations:
        path = ROOT / entry.scenarios[0].file
        for ref in entry.scenarios:
            loaded = load_file(ROOT / ref.file)
            assert ref.name in [s.scenario.name for s in loaded.scenarios], (entry.id, ref)
        assert path.is_file()


def test_the_deviations_model_refuses_unknown_keys_and_repeated_ids() -> None:
    entry = {"id": "abc", "engine": "xmage", "rule": "702.174c", "requires": "x", "engine_does": "y",
             "scope": "framework", "scenarios": [{"file": "scenarios/blb/a.yaml", "name": "n"}],
             "established": "probed", "seen_on": "a" * 40}
    with pytest.raises(ValueError):
        deviations.DeviationFile.model_validate({"deviations": [{**entry, "guess": True}]})
    with pytest.raises(ValueError):
        deviations.DeviationFile.model_validate({"deviations": [entry, entry]})
    for wrong in ({"established": "guessed"}, {"established": "read"}, {"seen_on": None},
                  {"established": None}):
        with pytest.raises(ValueError):  # how it is known is said, and a reading names its lines
            deviations.DeviationFile.model_validate({"deviations": [{**entry, **wrong}]})
    assert yaml.safe_load(deviations.DATA_FILE.read_text(encoding="utf-8"))["deviations"] is not None


def test_every_deviation_says_how_it_was_established() -> None:
    """Probed in the engine, or read in its source with the lines; the table shows which."""
    data = deviations.load()
    assert {entry.established for entry in data.deviations} == {"probed", "read"}
    token = next(entry for entry in data.deviations if entry.id == "forge-own-script-capital-token")
    assert token.engine == "forge" and token.scope == "card_script" and token.established == "read"
    assert any("Creature.!Token" in line.line for line in token.source_lines)
    assert any('startsWith("token")' in line.line and line.commit for line in token.source_lines)
    table = deviations.markdown_table(data)
    assert "| established |" in table and "probed in the engine" in table and "read in its source" in table
    assert "`forge-game/src/main/java/forge/game/card/CardProperty.java` @ `001bd07c94`" in table


# ------------------------------------------------------------------------- format: choices and triggers

CHOICES = """\
card: Consumed by Greed
scenarios:
  - name: tie - bob chooses
    players:
      alice: {hand: [Consumed by Greed]}
      bob: {battlefield: [Wind Drake, Grizzly Bears]}
    actions:
      - cast: Consumed by Greed
        targets: [bob]
        choices: [{choose: Wind Drake, by: BY}]
    expect:
      players:
        bob: {graveyard: [Wind Drake]}
"""


def test_a_choice_says_who_makes_it_and_the_resolver_checks(catalog) -> None:
    cards = {c.card.name: c.card for c in catalog.cards}
    right = load_text(CHOICES.replace("BY", "bob"), "scenarios/blb/c.yaml").scenarios[0]
    assert run_scenario(right, cards).failures == []
    wrong = load_text(CHOICES.replace("BY", "alice"), "scenarios/blb/c.yaml").scenarios[0]
    failures = run_scenario(wrong, cards).failures
    assert failures and "bob decides" in failures[0].message
    as_target = load_text(CHOICES.replace("{choose: Wind Drake, by: BY}", "{target: Wind Drake}"),
                          "scenarios/blb/c.yaml").scenarios[0]
    assert "scripted as a target" in run_scenario(as_target, cards).failures[0].message


KITNAP = """\
card: Kitnap
scenarios:
  - name: promised - ordered triggers
    players:
      alice: {hand: [Kitnap]}
      bob: {battlefield: [Grizzly Bears], library: 5}
    actions:
      - cast: Kitnap
        gift: bob
        targets: [Grizzly Bears]
        ORDER: []
    expect:
      players:
        bob: {hand: 1}
"""


def _triggered(catalog, text: str) -> list[str]:
    cards = {c.card.name: c.card for c in catalog.cards}
    outcome = run_scenario(load_text(text, "scenarios/blb/k.yaml").scenarios[0], cards)
    assert outcome.failures == [], outcome.failures
    return [event["trigger"] for event in outcome.events if event["event"] == "triggered"]


def test_trigger_order_puts_the_named_trigger_on_the_stack_first(catalog) -> None:
    default = _triggered(catalog, KITNAP.replace("ORDER", "trigger_order"))
    assert len(default) == 2 and default[0].startswith("When this permanent enters")
    scripted = _triggered(catalog, KITNAP.replace("ORDER: []", "trigger_order: [When this Aura enters]"))
    assert scripted == [default[1], default[0]]
    cards = {c.card.name: c.card for c in catalog.cards}
    wrong = load_text(KITNAP.replace("ORDER: []", "trigger_order: [Whenever]"), "scenarios/blb/k.yaml").scenarios[0]
    assert "names none of the triggers" in run_scenario(wrong, cards).failures[0].message


def test_xmage_test_scripts_the_trigger_order_the_resolver_used(catalog) -> None:
    cards = {c.card.name: c.card for c in catalog.cards}
    for order, first in (("trigger_order: []", "When this permanent enters"),
                         ("trigger_order: [When this Aura enters]", "When {this} enters")):
        loaded = load_text(KITNAP.replace("ORDER: []", order), "scenarios/blb/k.yaml")
        source = render_tests(cards, {"Kitnap": "card_specs/blb/kitnap.yaml"}, [loaded],
                              deviations=deviations.DeviationFile()).files[f"{TESTS_ROOT}/blb/KitnapTest.java"]
        lines = [line.strip() for line in source.splitlines()]
        cast = lines.index('castSpell(1, PhaseStep.PRECOMBAT_MAIN, playerA, "Kitnap", "Grizzly Bears");')
        assert lines[cast + 1] == f'setChoice(playerA, "{first}");'  # one choice for two triggers


VALIANT = """\
card: Mouse Trapper
scenarios:
  - name: a trigger that targets a valiant creature
    rules: ["603.3b", "603.3d"]
    players:
      alice: {battlefield: [Mouse Trapper, Thistledown Players]}
      bob: {battlefield: [Grizzly Bears]}
    actions:
      - attack: Thistledown Players
        choices: [{target: Mouse Trapper}, {target: Grizzly Bears}]
    expect:
      permanents:
        - {name: Grizzly Bears, tapped: true}
"""


def test_a_trigger_caused_by_putting_another_on_the_stack_goes_in_the_next_batch(catalog) -> None:
    # 603.3b: the valiant trigger (603.2) triggers as the attack trigger targets its source, so it was
    # not waiting when that one was put on the stack: the two are not ordered together
    cards = {c.card.name: c.card for c in catalog.cards}
    loaded = load_text(VALIANT, "scenarios/blb/mouse_trapper.yaml")
    outcome = run_scenario(loaded.scenarios[0], cards)
    assert outcome.failures == [], outcome.failures
    batches = [(event["source"], event["batch"]) for event in outcome.events if event["event"] == "triggered"]
    assert batches == [("Thistledown Players", 1), ("Mouse Trapper", 2)]
    source = render_tests(cards, {"Mouse Trapper": "card_specs/blb/mouse_trapper.yaml"}, [loaded],
                          deviations=deviations.DeviationFile()).files[f"{TESTS_ROOT}/blb/MouseTrapperTest.java"]
    lines = [line.strip() for line in source.splitlines()]
    attack = lines.index('attack(1, playerA, "Thistledown Players");')
    # XMage asks no order for one trigger at a time; each trigger's target is still scripted
    assert lines[attack + 1:attack + 3] == ['addTarget(playerA, "Mouse Trapper");',
                                            'addTarget(playerA, "Grizzly Bears");']
    assert not any(line.startswith("setChoice(") for line in lines)


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(min_size=1, max_size=60).filter(lambda text: text.strip() and "\x00" not in text))
def test_any_scenario_name_gives_a_parsing_class_and_an_identifier(catalog, name: str) -> None:
    text = SCENARIO.replace("      carol: {}\n", "").replace("promised - Treasure and 3 damage", "NAME")
    loaded = load_text(text.replace("name: NAME", "name: " + json.dumps(name)), "scenarios/blb/x.yaml")
    assume(not loaded.diagnostics)
    cards = {c.card.name: c.card for c in catalog.cards}
    source = render_tests(cards, {"Blooming Blast": "card_specs/blb/blooming_blast.yaml"}, [loaded],
                          deviations=deviations.DeviationFile()).files[f"{TESTS_ROOT}/blb/BloomingBlastTest.java"]
    assert not _tree(source).has_error
    methods = _methods(source)
    assert len(methods) == 2 and re.fullmatch(r"test[A-Za-z0-9_]+", methods[1])


def _statement_classes() -> list[type]:
    from cardgen.engines.xmage import harness

    return [value for value in vars(harness).values() if isinstance(value, type)
            and issubclass(value, harness.Statement) and value not in (harness.Statement, harness.Timed)]


def test_every_statement_form_of_the_model_has_its_macro_and_every_macro_a_form() -> None:
    """A statement class is written by the macro named after it (`CastSpell`: `cast_spell`); a form
    without one would fail only when a scenario first needs it."""
    from cardgen.engines.xmage.render import environment

    module = environment().get_template("card_test_statements.java.j2").module
    macros = {name for name in dir(module) if not name.startswith("_")} - {"text", "bool", "at", "keyword"}
    forms = {re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower() for cls in _statement_classes()}
    assert forms == macros


@functools.cache
def _statement_macros() -> Any:
    """The statement macros, loaded once: the property below calls one macro per example and a fresh
    environment per example would spend its time reading templates."""
    from cardgen.engines.xmage.render import environment

    return environment().get_template("card_test_statements.java.j2").module


@given(name=st.text(max_size=40), player=st.sampled_from(["playerA", "playerB"]))
def test_statement_text_is_written_as_one_java_literal_whatever_it_holds(name: str, player: str) -> None:
    """Raw text in a statement reaches the Java only through `java_string`: no name can end the literal."""
    from cardgen.engines.xmage import harness
    from cardgen.engines.xmage.java_text import java_string

    line = str(_statement_macros().cast_spell(harness.CastSpell(turn=1, step="PRECOMBAT_MAIN", player=player, name=name,
                                                   target=name)))
    literal = java_string(name)
    assert line == f"castSpell(1, PhaseStep.PRECOMBAT_MAIN, {player}, {literal}, {literal});"
    source = f"class T {{ void t() {{ {line} }} }}"
    assert not _tree(source).has_error


def test_a_gift_promised_to_the_caster_expects_xmage_s_refusal_of_the_choice(catalog) -> None:
    """XMage's test player refuses a gift choice its cost doesn't offer with "Found wrong choice command"
    (seen in its engine) as the cast is made; a spell without targets has no unused addTarget to report
    instead."""
    text = """card: Skyhearth Kestrel
scenarios:
  - name: promised to its caster
    players:
      alice: {hand: [Skyhearth Kestrel]}
      bob: {}
    actions:
      - cast: Skyhearth Kestrel
        gift: alice
        error: not_an_opponent
    expect:
      players:
        alice: {hand: [Skyhearth Kestrel]}
"""
    loaded = load_text(text, "scenarios/cgt/skyhearth_kestrel.yaml")
    cards = {c.card.name: c.card for c in catalog.cards}
    result = render_tests(cards, {"Skyhearth Kestrel": "card_specs/cgt/skyhearth_kestrel.yaml"}, [loaded],
                          deviations=deviations.DeviationFile())
    source = result.files[f"{TESTS_ROOT}/cgt/SkyhearthKestrelTest.java"]
    body = _method_body(source, "testPromisedToItsCaster")
    assert "setChoice(playerA, playerA.getName());" in body
    assert "must throw exception" in body and 'contains("Found wrong choice command")' in body
    # the refusal stops the game mid-cast (the card is on the stack), so the caster's state is not asserted
    assert "assertHandCount(playerA" not in body
    assert any("gift's choice" in d.message for d in result.diagnostics if d.code == "XMG300")


def test_a_player_s_hexproof_is_asserted_on_the_player_s_abilities(shipped) -> None:
    """XMage keeps a player's hexproof among the player's abilities (Dawn's Truce's GainAbilityControllerEffect),
    so the expectation is asserted, no longer left out as XMG300."""
    source = shipped.files[f"{TESTS_ROOT}/blb/DawnsTruceTest.java"]
    assert ('Assert.assertTrue("playerA has HexproofAbility", currentGame.getPlayer(playerA.getId()).getAbilities()'
            ".containsClass(HexproofAbility.class));") in source
    assert "Assert.assertFalse(\"playerA lacks HexproofAbility\"" in source
    assert "import org.junit.Assert;" in source and not _tree(source).has_error
    assert not any("hexproof" in d.message and "a player's" in d.message
                   for d in shipped.diagnostics if d.code == "XMG300")


def test_the_extra_turns_to_come_are_asserted_on_the_game_s_turn_modifications(shipped) -> None:
    """XMage keeps each extra turn among the game state's turn modifications until it is taken, so a
    scenario's `extra_turns` is asserted, no longer left out as XMG300."""
    source = shipped.files[f"{TESTS_ROOT}/blc/PerchProtectionTest.java"]
    assert ('Assert.assertEquals("extra turns to come", Arrays.asList(), currentGame.getState().getTurnMods()'
            ".stream().filter(TurnMod::isExtraTurn).map(TurnMod::getPlayerId).collect(Collectors.toList()));") in source
    assert "import mage.game.turn.TurnMod;" in source and not _tree(source).has_error
    assert not any("extra_turns" in d.message for d in shipped.diagnostics if d.code == "XMG300")


def test_a_permanent_s_promise_is_asserted_on_the_cost_tags_xmage_keeps_for_it(shipped) -> None:
    """XMage keeps a permanent's promise among the cost tags stored for it under the spell's reference,
    so a permanent's `promised` is asserted, no longer left out as XMG300."""
    source = shipped.files[f"{TESTS_ROOT}/blc/OctomancerTest.java"]
    assert ('Assert.assertEquals("Octomancer was promised", Arrays.asList(true), currentGame.getBattlefield()'
            '.getAllPermanents().stream().filter(p -> p.getName().equals("Octomancer"))') in source
    assert "GiftAbility.GIFT_ACTIVATION_VALUE_KEY" in source and not _tree(source).has_error
    bears = shipped.files[f"{TESTS_ROOT}/cgt/GrizzlyBearsTest.java"]
    assert '"Grizzly Bears was not promised", Arrays.asList(false)' in bears
    assert not any("a permanent's `promised`" in d.message for d in shipped.diagnostics if d.code == "XMG300")
