"""What XMage's final state tells of a scenario's events and of the game (`scenario_events`,
`scenario_expect._game`): asserted there, and only the rest reported (XMG300)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from shipped import shipped_catalog

from cardgen import deviations
from cardgen.engines.xmage.scenario_tests import NOT_EXPRESSIBLE, TESTS_ROOT, render_tests
from cardgen.resolver.scenario.loader import load_text

ROOT = Path(__file__).resolve().parent.parent
HEAD = """\
card: Blooming Blast
scenarios:
  - name: {name}
    players:
      alice: {{hand: [Blooming Blast]}}
      bob: {{battlefield: [Grizzly Bears]}}
    actions:
      - cast: Blooming Blast
        targets: [Grizzly Bears]
{gift}    expect:
"""


@pytest.fixture(scope="module")
def cards():
    return {loaded.card.name: loaded.card for loaded in shipped_catalog().cards}


def _test(cards, expect: str, gift: bool = False) -> tuple[str, list[str]]:
    """The body of the generated test of one Blooming Blast scenario, and its XMG300 messages."""
    text = HEAD.format(name="a scenario", gift="        gift: bob\n" if gift else "") + expect
    loaded = load_text(text, "scenarios/blb/x.yaml")
    assert not loaded.diagnostics
    result = render_tests(cards, {"Blooming Blast": "card_specs/blb/blooming_blast.yaml"}, [loaded],
                          deviations=deviations.DeviationFile())
    source = result.files[f"{TESTS_ROOT}/blb/BloomingBlastTest.java"]
    body = source[source.index("public void testAScenario()"):]
    notes = [d.message for d in result.diagnostics if d.code == NOT_EXPRESSIBLE]
    return body[body.index("execute();"):body.index("\n    }\n")], notes


def test_a_gift_given_is_asserted_by_what_it_gave(cards) -> None:
    body, notes = _test(cards, "      events:\n        - {event: gift_given, to: bob}\n", gift=True)
    assert 'assertPermanentCount(playerB, "Treasure Token", 1);' in body
    assert notes == []


def test_no_gift_is_asserted_by_what_no_player_got(cards) -> None:
    body, notes = _test(cards, "      no_events:\n        - {event: gift_given}\n")
    assert 'assertPermanentCount(playerA, "Treasure Token", 0);' in body
    assert 'assertPermanentCount(playerB, "Treasure Token", 0);' in body
    assert notes == []


def test_damage_that_destroyed_a_creature_is_asserted_where_the_creature_went(cards) -> None:
    body, notes = _test(cards, "      events:\n        - {event: damage, to: Grizzly Bears, amount: 2}\n")
    assert 'assertPermanentCount(playerB, "Grizzly Bears", 0);' in body
    assert 'assertGraveyardCount(playerB, "Grizzly Bears", 1);' in body
    assert notes == []


def test_a_spell_cast_is_asserted_by_where_its_card_is(cards) -> None:
    body, notes = _test(cards, "      events:\n        - {event: cast, card: Blooming Blast}\n")
    assert 'assertHandCount(playerA, "Blooming Blast", 0);' in body
    assert 'assertGraveyardCount(playerA, "Blooming Blast", 1);' in body
    assert notes == []


def test_a_quantity_the_scenario_asserts_is_not_asserted_twice(cards) -> None:
    body, _ = _test(cards, "      players:\n        bob: {graveyard: [Grizzly Bears]}\n"
                           "      events:\n        - {event: died, card: Grizzly Bears}\n")
    assert body.count('assertGraveyardCount(playerB, "Grizzly Bears", 1);') == 1


def test_an_event_the_state_does_not_show_is_still_reported_and_so_is_the_order(cards) -> None:
    _, notes = _test(cards, "      events:\n        - {event: resolved, source: Blooming Blast}\n"
                            "        - {event: died, card: Grizzly Bears}\n")
    assert len(notes) == 1 and "events (line 11): 1 of 2 event pattern(s) (resolved)" in notes[0]
    _, notes = _test(cards, "      events:\n        - {event: damage, to: Grizzly Bears}\n"
                            "        - {event: died, card: Grizzly Bears}\n")
    assert len(notes) == 1 and "the order of its 2 event patterns" in notes[0]


def test_the_turn_whose_it_is_and_the_empty_stack_are_asserted_on_the_game(cards) -> None:
    body, notes = _test(cards, "      stack: []\n      turns: [alice]\n")
    assert "assertTurn(1);" in body and "assertActivePlayer(playerA);" in body
    assert 'Assert.assertEquals("objects on the stack", 0, currentGame.getStack().size());' in body
    assert notes == []


def test_every_assertion_the_tests_make_is_a_method_of_xmage_s_test_base() -> None:
    """Each `assert...(...)` call of the shipped XMage tests names a method of `CardTestPlayerAPIImpl` (read at
    the commit `cardgen/engines/xmage/test_api.txt` names) with an overload of that many parameters; the
    calls the statement macros write are all among them."""
    import tree_sitter_java
    from tree_sitter import Language, Parser

    from cardgen.engines.xmage.test_api import methods

    known = methods()
    parser = Parser(Language(tree_sitter_java.language()))
    seen: set[str] = set()
    for path in sorted((ROOT / "output/xmage" / TESTS_ROOT).rglob("*Test.java")):
        stack = [parser.parse(path.read_bytes()).root_node]
        while stack:
            node = stack.pop()
            stack.extend(node.children)
            name = node.child_by_field_name("name") if node.type == "method_invocation" else None
            if name is None or node.child_by_field_name("object") is not None:
                continue
            called = name.text.decode()
            if not called.startswith("assert"):
                continue
            seen.add(called)
            count = len(node.child_by_field_name("arguments").named_children)
            assert any(len(params) == count for params in known.get(called, ())), f"{path.name}: {called}/{count}"
    template = (ROOT / "templates/xmage/card_test_statements.java.j2").read_text("utf-8")
    assert set(re.findall(r"%\}(assert\w+)\(", template)) <= seen


def test_the_top_of_a_library_is_asserted_in_order(cards) -> None:
    text = HEAD.format(name="a scenario", gift="").replace(
        "alice: {hand: [Blooming Blast]}", "alice: {hand: [Blooming Blast], library: [Shock, Cancel]}")
    loaded = load_text(text + "      players:\n        alice: {library_top: [Shock, Cancel]}\n", "scenarios/blb/x.yaml")
    result = render_tests(cards, {"Blooming Blast": "card_specs/blb/blooming_blast.yaml"}, [loaded],
                          deviations=deviations.DeviationFile())
    source = result.files[f"{TESTS_ROOT}/blb/BloomingBlastTest.java"]
    assert ('Assert.assertEquals("the top of playerA\'s library", Arrays.asList("Shock", "Cancel"), currentGame'
            '.getPlayer(playerA.getId()).getLibrary().getCards(currentGame).stream().limit(2)') in source
    assert not [d for d in result.diagnostics if d.code == NOT_EXPRESSIBLE]


def test_an_unattached_permanent_is_asserted_on_what_it_is_attached_to(cards) -> None:
    text = HEAD.format(name="a scenario", gift="").replace(
        "alice: {hand: [Blooming Blast]}", "alice: {hand: [Blooming Blast], battlefield: [Short Bow]}")
    loaded = load_text(text + "      permanents:\n        - {name: Short Bow, unattached: true}\n",
                       "scenarios/blb/x.yaml")
    result = render_tests(cards, {"Blooming Blast": "card_specs/blb/blooming_blast.yaml"}, [loaded],
                          deviations=deviations.DeviationFile())
    source = result.files[f"{TESTS_ROOT}/blb/BloomingBlastTest.java"]
    assert '"Short Bow is attached to nothing", Arrays.asList(true)' in source
    assert "p.getAttachedTo() == null" in source
    assert not [d for d in result.diagnostics if d.code == NOT_EXPRESSIBLE]
