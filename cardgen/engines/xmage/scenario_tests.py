"""XMage test classes from the scenarios: one `<Class>Test.java` per card with scenarios, in XMage's layout.

`Mage.Tests/src/test/java/org/mage/test/cards/single/<set>/<Class>Test.java`, `extends CardTestPlayerBase`
(`CardTestMultiPlayerBase` beyond two players), one `@Test` per scenario plus one that compares the
card's rules text in XMage with the printed text, the way XMage's `VerifyCardDataTest` does.

Each scenario is planned in Python as a typed `harness.TestMethod` (which XMage test command or
assertion says each part of it): `scenario_play` plays it in the resolver to learn XMage's choices,
`scenario_setup`, `scenario_actions` and `scenario_expect` choose the statements of its start, its
actions and its expectations. `templates/xmage/card_test.java.j2` writes the whole file from the
`harness.TestClass`, one macro per statement form. What XMage's harness cannot say is a diagnostic
naming the scenario file:line, the scenario and the field (`XMG300`), never silently left out. A
scenario listed in the engine-deviations data (`cardgen.deviations`, scope `framework`) still gets its
test, marked `@Ignore("<rule>: <reason>")`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import jinja2

from cardgen import deviations as deviation_data
from cardgen import progress
from cardgen.diagnostics import Diagnostic
from cardgen.engines.base import RenderResult
from cardgen.engines.xmage import verify
from cardgen.engines.xmage.harness import (
    AddTarget,
    AssertActivePlayer,
    ChooseText,
    MustThrow,
    RulesTest,
    SkipShuffling,
    Statement,
    StopAt,
    TestClass,
    TestMethod,
)
from cardgen.engines.xmage.java_text import DEFAULT_AUTHOR, is_identifier
from cardgen.engines.xmage.render import card_class_name, environment
from cardgen.engines.xmage.scenario_actions import stop_at, walk
from cardgen.engines.xmage.scenario_expect import assertions
from cardgen.engines.xmage.scenario_play import play
from cardgen.engines.xmage.scenario_scene import PHASE_STEPS, Fixtures, Problem, Scene
from cardgen.engines.xmage.scenario_setup import setup
from cardgen.load.codes import diagnostic
from cardgen.model.card import Card
from cardgen.resolver.scenario.loader import LoadedFile, LoadedScenario
from cardgen.text.oracle import self_reference

if TYPE_CHECKING:
    from cardgen.resolver.game import Game
    from cardgen.resolver.scenario.results import Failure

TESTS_ROOT = "Mage.Tests/src/test/java/org/mage/test/cards/single"
TEST_PACKAGE = "org.mage.test.cards.single"

NOT_EXPRESSIBLE = "XMG300"
"""A part of a scenario XMage's test harness cannot express (reported, never dropped)."""
UNKNOWN_CARD = "XMG301"
"""A scenario names a card outside the pool: export refuses, as `scenario run` does."""
UNPLAYABLE = "XMG302"
"""A scenario the reference resolver cannot play: no test is written for it (nothing to learn its choices from)."""
RULE = "xmage-tests"
BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def class_file_path(card: Card) -> str:
    set_code = card.printings[0].set.lower()
    return f"{TESTS_ROOT}/{set_code}/{card_class_name(card)}Test.java"


def method_name(scenario_name: str, taken: set[str]) -> str:
    """`test` + the scenario's words in camel case: "promised - Treasure first" -> `testPromisedTreasureFirst`."""
    words = re.findall(r"[A-Za-z0-9]+", scenario_name.replace("'", ""))
    body = "".join(word[:1].upper() + word[1:] for word in words) or "Scenario"
    name = "test" + body
    if len(name) > 80:
        name = name[:80]
    candidate, number = name, 2
    while candidate in taken or not is_identifier(candidate):
        candidate = f"{name}_{number}"
        number += 1
    taken.add(candidate)
    return candidate


def expected_rules(card: Card) -> list[str]:
    """The printed text as XMage's verify test compares it (`verify.oracle_rules`: one rule per line,
    reminder text removed, `{this}` and symbols as `VerifyCardDataTest.prepareRule` writes them); a basic
    land type's intrinsic mana ability (305.6), which XMage prints, first."""
    lines = [f"{{T}}: Add {{{BASIC_MANA[subtype]}}}." for subtype in card.subtypes if subtype in BASIC_MANA]
    lines += [line for line in verify.oracle_rules(card.oracle, card) if line] if card.oracle else []
    return lines


# ------------------------------------------------------------------------------------------ a method
def seats_of(loaded: LoadedScenario, seats: tuple[str, ...]) -> dict[str, str] | None:
    """The scenario's players to XMage's player variables, in turn order from the active one; None when
    the scenario has more players than the test base."""
    order = list(loaded.scenario.players)
    if len(order) > len(seats):
        return None
    start = order.index(loaded.scenario.active or order[0])
    return {player: seats[index] for index, player in enumerate(order[start:] + order[:start])}


def plan_method(loaded: LoadedScenario, name: str, card: Card, pool: Mapping[str, Card], seats: tuple[str, ...],
                deviations: deviation_data.DeviationFile, problems: list[Problem],
                built: tuple[Game | None, list[Failure]] | None = None) -> TestMethod | None:
    """The test of one scenario: its setup, the commands of its actions, where it stops, what `execute()`
    must do and the assertions; `problems` gets what the harness cannot say. None when the resolver cannot
    play the scenario: its choices, triggers and final state, which the test scripts, are then unknown."""
    scenario = loaded.scenario
    seated = seats_of(loaded, seats)
    if seated is None:
        problems.append(Problem(("players",), "players", f"XMage's test bases have at most {len(seats)} players"))
        return TestMethod(name, scenario.name, stop=StopAt(turn=1, step=PHASE_STEPS[scenario.step]),
                          ignore="cardgen: more players than XMage's test base has")
    snapshot, events = play(loaded, pool, built)
    if snapshot is None:
        return None
    scene = Scene(loaded, card, pool, seated, snapshot, events, problems)
    start, ordered = setup(scene)
    fixtures = Fixtures.of(list(seated.values()))
    actions = walk(scene, fixtures)
    if snapshot.get("stack") and not snapshot.get("game_over"):  # a game over asserts
        scene.problem(("expect",), "stack", "the scenario ends with objects on the stack; an XMage test asserts "
                      "once the stack is empty", "the scenario ends with objects on the stack")
    arrange: list[Statement] = [SkipShuffling()] if ordered else []
    arrange += fixtures.land_cards() + start + fixtures.cards + actions.out + _engine_choices(scene, deviations)
    fails = None
    if actions.expects_failure:
        fails = MustThrow(tuple(actions.expects_failure), actions.refusal or actions.expects_failure[0])
    asserts = assertions(scene, fixtures, stop_at(actions), actions.refusing_player,
                         state_asserted=actions.refused_cast_resolves is None)
    if actions.refusing_player is not None:
        kept = [s for s in asserts if getattr(s, "player", None) != actions.refusing_player
                or isinstance(s, AssertActivePlayer)]  # whose turn it is is the game's, not the caster's
        if len(kept) < len(asserts):
            scene.problem(("expect",), "expect", "XMage refuses the last cast as it is made (its targeting, or the "
                          "gift's choice), which stops the game mid-cast, so its caster's state is not asserted")
        asserts = kept
    if actions.refused_cast_resolves is not None and asserts:
        scene.problem(("expect",), "expect", f"{actions.refused_cast_resolves} (the refusal is the unused addTarget "
                      "XMage reports), so the state after the refusal is not asserted")
        asserts = []
    return TestMethod(name, scenario.name, stop_at(actions), arrange, fails, asserts, _ignored(scene, deviations))


def _engine_choices(scene: Scene, deviations: deviation_data.DeviationFile) -> list[Statement]:
    """What a recorded deviation makes XMage ask that the rules don't (`engine_choices`): scripted after the
    actions, so the ignored test, run, fails on its assertions rather than on a choice left unscripted."""
    out: list[Statement] = []
    for choice in deviation_data.engine_choices(scene.loaded.file, scene.scenario.name, "xmage", deviations):
        player = scene.seat(choice.by)
        out.append(ChooseText(player=player, text=choice.choice) if choice.choice is not None
                   else AddTarget(player=player, target=scene.xmage_name(choice.target or "")))
    return out


def _ignored(scene: Scene, deviations: deviation_data.DeviationFile) -> str | None:
    """Why the test is `@Ignore`d: a known deviation of XMage's framework, else what left it unplayable."""
    reason = f"cardgen: {scene.unplayable}" if scene.unplayable is not None else None
    for entry in deviation_data.for_scenario(scene.loaded.file, scene.scenario.name, "xmage", deviations):
        if entry.scope == "framework":
            reason = entry.reason()
    return reason


# ------------------------------------------------------------------------------------------ a class
def render_tests(cards: Mapping[str, Card], card_files: Mapping[str, str], files: Sequence[LoadedFile],
                 env: jinja2.Environment | None = None,
                 deviations: deviation_data.DeviationFile | None = None) -> RenderResult:
    """Test classes for the cards in `card_files` (card name -> its spec file) that have scenarios in
    `files`. `cards` is the whole pool the scenarios play with."""
    env = env or environment()
    data = deviations if deviations is not None else deviation_data.load()
    result = RenderResult()
    by_card: dict[str, list[LoadedScenario]] = {}
    for loaded_file in files:
        for loaded in loaded_file.scenarios:
            by_card.setdefault(loaded.card, []).append(loaded)
    with progress.phase("xmage-tests", len(by_card)) as advance:
        for card_name in sorted(by_card):
            advance(1)
            _card_tests(env, card_name, cards, card_files, by_card[card_name], data, result)
    result.diagnostics.sort(key=Diagnostic.sort_key)
    return result


def _card_tests(env: jinja2.Environment, card_name: str, cards: Mapping[str, Card], card_files: Mapping[str, str],
                scenarios: list[LoadedScenario], data: deviation_data.DeviationFile, result: RenderResult) -> None:
    """The test classes of one card (none when it is not wanted or its scenarios name unknown cards)."""
    if card_name not in card_files or card_name not in cards:
        return
    from cardgen.resolver.scenario.build import build_game

    built = {id(loaded): build_game(loaded, cards) for loaded in scenarios}  # each played once, below
    unknown = [failure for loaded in scenarios for failure in _unknown(built[id(loaded)][1])]
    if unknown:
        result.diagnostics.extend(unknown)
        return
    card = cards[card_name]
    duel = [loaded for loaded in scenarios if len(loaded.scenario.players) <= 2]
    multi = [loaded for loaded in scenarios if len(loaded.scenario.players) > 2]
    if duel or not multi:
        path, text = _render_class(env, card, cards, duel, data, result, built, players=2, rules=True)
        result.files[path] = text
    if multi:
        count = max(len(loaded.scenario.players) for loaded in multi)
        path, text = _render_class(env, card, cards, multi, data, result, built, players=count, rules=not duel)
        result.files[path] = text


def _render_class(env: jinja2.Environment, card: Card, cards: Mapping[str, Card], scenarios: list[LoadedScenario],
                  data: deviation_data.DeviationFile, result: RenderResult,
                  built: Mapping[int, tuple[Game | None, list[Failure]]], *, players: int,
                  rules: bool) -> tuple[str, str]:
    """One test class: the two-player scenarios on `CardTestPlayerBase`, or those with more players on
    `CardTestMultiPlayerBase` with a game of exactly that many players (`<Class>MultiplayerTest`)."""
    seats = _seats(players)
    multiplayer = players > 2
    taken: set[str] = set()
    rules_test = RulesTest(method_name("rules text is the printed text", taken), card.name,
                           tuple(expected_rules(card)), self_reference(card)) if rules else None
    methods = []
    for loaded in scenarios:
        problems: list[Problem] = []
        method = plan_method(loaded, method_name(loaded.scenario.name, taken), card, cards, seats, data, problems,
                             built.get(id(loaded)))
        if method is None:
            result.diagnostics.append(diagnostic(
                UNPLAYABLE, f"[{loaded.scenario.name}] the resolver cannot play this scenario (`cardgen scenario "
                "run` says why), so it gets no XMage test", loaded.location("name")))
            continue
        methods.append(method)
        if problems:
            result.diagnostics.append(_problems_diagnostic(loaded, problems))
        result.diagnostics.extend(deviation_data.scenario_notes([loaded], ["xmage"], data))
    test_class = TestClass(
        package=f"{TEST_PACKAGE}.{card.printings[0].set.lower()}",
        name=card_class_name(card) + ("MultiplayerTest" if multiplayer else "Test"),
        seats=seats,
        created=_created(players) if multiplayer else (),
        rules=rules_test,
        methods=methods,
        author=card.author or DEFAULT_AUTHOR,
    )
    text = env.get_template("card_test.java.j2").render(test=test_class)
    path = class_file_path(card).rsplit("/", 1)[0] + f"/{test_class.name}.java"
    return path, _tidy(text)


def unknown_cards(loaded: LoadedScenario, pool: Mapping[str, Card]) -> list[Diagnostic]:
    """An error for each card the scenario names that is not in the pool (`scenario run`'s "unknown card"):
    a test written without the card would assert on wrong names and leave out its targets."""
    from cardgen.resolver.scenario.build import build_game

    return _unknown(build_game(loaded, pool)[1])


def _unknown(failures: list[Failure]) -> list[Diagnostic]:
    return [diagnostic(UNKNOWN_CARD, f"[{failure.scenario}] {failure.message}; export writes no tests: add the "
                       "card's spec to the paths exported", failure.location)
            for failure in failures if "unknown card" in failure.message]


def _seats(players: int) -> tuple[str, ...]:
    """XMage's players in turn order: a duel is A, B; a free-for-all of players created A, B, C, ... goes
    A, then the others in reverse order of creation (A -> D -> C -> B)."""
    if players <= 2:
        return ("playerA", "playerB")
    created = _created(players)
    return (created[0], *reversed(created[1:]))


def _created(players: int) -> tuple[str, ...]:
    """The player variables of XMage's test bases, in the order a free-for-all creates them."""
    return tuple(f"player{chr(ord('A') + index)}" for index in range(players))


def _problems_diagnostic(loaded: LoadedScenario, problems: list[Problem]) -> Diagnostic:
    """One note per scenario, at its name, listing each field the XMage test leaves out with its line."""
    parts = []
    for problem in problems:
        where = loaded.location(*problem.path) if problem.path else loaded.location("name")
        line = f" (line {where.line})" if where.line is not None else ""
        parts.append(f"{problem.field}{line}: {problem.why}")
    return Diagnostic(NOT_EXPRESSIBLE, f"[{loaded.scenario.name}] not expressible in XMage's test harness, left out "
                      "of its XMage test: " + "; ".join(parts), loaded.location("name"), RULE, "note")


def _tidy(text: str) -> str:
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"


__all__ = ["NOT_EXPRESSIBLE", "TESTS_ROOT", "catalog_tests", "class_file_path", "expected_rules", "method_name",
           "render_tests"]


def stand_in_cards(catalog: Any) -> dict[str, Card]:
    """cardgen's test cards (Grizzly Bears, Shock, basic lands, ...) from the folders the catalog doesn't
    cover: `scenario run` always has them, so the tests of a partial export play the same pool."""
    from pathlib import Path

    from cardgen.load.specs import load_catalog
    from cardgen.stand_ins import stand_in_folders

    covered = {Path(loaded.path).resolve().parent for loaded in catalog.cards}
    extra = [folder for folder in stand_in_folders() if folder.resolve() not in covered]
    return {loaded.card.name: loaded.card for loaded in load_catalog(extra).cards} if extra else {}


def catalog_tests(catalog: Any, scenario_paths: Sequence[Any], set_codes: frozenset[str] | None,
                  pool_paths: Sequence[Any] = ()) -> RenderResult:
    """`render_tests` for a loaded catalog: the scenario files under `scenario_paths` (missing paths are
    skipped), test classes for the cards with a printing in `set_codes` (all when None). The cards of
    `pool_paths` (spec files or folders) join the pool the scenarios play with, without tests of their own:
    installing one card of the project plays its scenarios with the project's other cards, as
    `scenario run` does."""
    from cardgen.resolver.scenario.loader import load_file, scenario_files

    existing = [path for path in scenario_paths if path.exists()]  # only the default can be missing
    paths = scenario_files(existing)
    with progress.phase("scenarios", len(paths)) as advance:
        files = []
        for path in paths:
            files.append(load_file(path))
            advance(1)
    result = RenderResult()
    for loaded_file in files:
        result.diagnostics.extend(d for d in loaded_file.diagnostics)
    cards = {loaded.card.name: loaded.card for loaded in catalog.cards}
    if pool_paths:
        from cardgen.load.specs import load_catalog

        cards = {**{loaded.card.name: loaded.card for loaded in load_catalog(list(pool_paths)).cards}, **cards}
    cards = {**stand_in_cards(catalog), **cards}  # the pool `scenario run` plays with
    wanted = {loaded.card.name: str(loaded.path) for loaded in catalog.cards
              if set_codes is None or any(p.set in set_codes for p in loaded.card.printings)}
    rendered = render_tests(cards, wanted, files)
    result.files.update(rendered.files)
    result.diagnostics.extend(rendered.diagnostics)
    return result
