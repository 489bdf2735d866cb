"""XMage test classes from the scenarios: one `<Class>Test.java` per card with scenarios, in XMage's layout.

`Mage.Tests/src/test/java/org/mage/test/cards/single/<set>/<Class>Test.java`, `extends CardTestPlayerBase`
(`CardTestMultiPlayerBase` beyond two players), one `@Test` per scenario plus one that compares the
card's rules text in XMage with the printed text, the way XMage's `VerifyCardDataTest` does.

This module decides the statements (which XMage test command or assertion says each part of a scenario)
as data, `{"form": ..., ...}` records; `templates/xmage/card_test.java.j2` spells them, one macro per
form. What XMage's harness cannot say is a diagnostic naming the scenario file:line, the scenario and the
field (`XMG300`), never silently left out. A scenario listed in the engine-deviations data
(`cardgen.deviations`, scope `framework`) still gets its test, marked `@Ignore("<rule>: <reason>")`.

XMage's test harness needs things a scenario leaves implicit, so the generator adds them as fixtures and
accounts for them in the counts it asserts: basic lands that pay each spell's or ability's mana cost
(the resolver does not charge mana), a `Twincast` for a `copy:` action. The scenario's players map to
XMage's in turn order starting with the active one (`playerA` is always active on turn 1); the final
state the resolver reaches fills in what the harness must be told and the scenario leaves open (which
player controls the permanents a `permanents:` item selects).
"""

from __future__ import annotations

import contextlib
import copy
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import jinja2

from cardgen import deviations as deviation_data
from cardgen.diagnostics import Diagnostic
from cardgen.engines.base import RenderResult
from cardgen.engines.xmage import data as xmage_data
from cardgen.engines.xmage.forms import COUNTER_TYPES, KEYWORD_CLASSES, NEW_INSTANCE_KEYWORDS
from cardgen.engines.xmage.java import is_identifier, java_string
from cardgen.engines.xmage.render import card_class_name, environment
from cardgen.resolver.scenario.loader import LoadedFile, LoadedScenario
from cardgen.resolver.scenario.model import (
    CastAction,
    ConcedeAction,
    CopyAction,
    CounterAction,
    EquipAction,
    NextTurnAction,
    ObjectRef,
    PassAction,
    PlayerRef,
    ResolveAction,
    Scenario,
    StepAction,
    ZoneQuery,
)
from cardgen.resolver.targeting import Slot, effect_slots
from cardgen.spec.derive import resolution_effects
from cardgen.spec.model import AllSubject, Card, EnchantAbility, EquipAbility, PhaseOut
from cardgen.vocab.effects.discard import GROUP_DISCARD

TESTS_ROOT = "Mage.Tests/src/test/java/org/mage/test/cards/single"
TEST_PACKAGE = "org.mage.test.cards.single"

NOT_EXPRESSIBLE = "XMG300"
"""A part of a scenario XMage's test harness cannot express (reported, never dropped)."""
RULE = "xmage-tests"

STEPS = ("untap", "upkeep", "draw", "main1", "combat", "main2", "end", "cleanup")
PHASE_STEPS = {
    "untap": "UNTAP", "upkeep": "UPKEEP", "draw": "DRAW", "main1": "PRECOMBAT_MAIN", "combat": "BEGIN_COMBAT",
    "main2": "POSTCOMBAT_MAIN", "end": "END_TURN", "cleanup": "CLEANUP",
}
BASIC_LANDS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
COLORLESS_LAND = "Wastes"
LIBRARY_FILLER = "Island"
XMAGE_DECK_CARD = "Mountain"
"""What XMage's default test deck holds (RB Aggro.dck: Mountains), drawn when a library is left as is."""
"""What stands for the scenario's anonymous library cards when a library must have an exact size."""
ANONYMOUS_CARD = "Library Card"
COPY_SPELL = ("Twincast", "{U}{U}")
"""The spell that makes a `copy:` action's copy in XMage (copy target instant or sorcery spell)."""
DEFAULT_LIBRARY = 20
GIFT_TRIGGER_TEXT = "When this permanent enters, if its gift cost was paid"
"""How the resolver words a permanent's derived gift trigger (702.174b)."""

COLORS = "WUBRG"
CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Kindred", "Land", "Planeswalker")
"""The card types a permanent's `types:` expectation is asserted with (XMage's `CardType` constants)."""

TARGET_COUNT = "target_count"
"""The refusal of a cast naming more targets than the spell has."""
CANT_CAST_ERRORS = frozenset({"timing", "not_castable", "cant_cast"})
"""Refusals XMage tests state as "this spell is not playable now" (`checkPlayableAbility`)."""


@dataclass(slots=True)
class Problem:
    """One part of a scenario the harness can't express: where and which field."""

    path: tuple[str | int, ...]
    field: str
    why: str


@dataclass(slots=True)
class MethodPlan:
    name: str
    scenario: str
    statements: list[dict[str, Any]] = field(default_factory=list)
    ignore: str | None = None
    expects_failure: list[str] | None = None
    """Texts of which the failure must contain one when the scenario's last action must be refused."""
    refusal: str | None = None
    """What the failure message says must have failed (else the first of `expects_failure`)."""
    after: list[dict[str, Any]] = field(default_factory=list)
    """Assertions after `execute()` (kept apart for the expected-failure form)."""
    stop: dict[str, Any] | None = None


class _Imports:
    def __init__(self) -> None:
        self.names: set[str] = set()

    def use(self, qualified: str) -> str:
        self.names.add(qualified)
        return qualified.rsplit(".", 1)[1]

    def sorted(self) -> list[str]:
        return sorted(self.names, key=lambda name: (name.startswith("java."), name))


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


BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def expected_rules(card: Card) -> list[str]:
    """The printed text as XMage's verify test compares it: one line per ability, reminder text removed
    (`" (...)"`, the same expression `VerifyCardDataTest.prepareRule` uses); a basic land type's intrinsic
    mana ability (305.6), which XMage prints, first."""
    lines = [f"{{T}}: Add {{{BASIC_MANA[subtype]}}}." for subtype in card.subtypes if subtype in BASIC_MANA]
    for line in card.oracle.split("\n"):
        line = re.sub(r" \(.+\)", "", line).strip()
        if line.startswith("(") and line.endswith(")"):
            continue
        if line:
            lines.append(line)
    return lines


def phases_out_your_lands(card: Card, promised: bool) -> bool:
    """Whether `card`, resolving, phases out the lands its caster controls ("all permanents you control
    phase out"): the lands a generated test adds to pay the caster's later spells would phase out too."""
    for effect in resolution_effects(card):
        if not isinstance(effect, PhaseOut) or not isinstance(effect.what, AllSubject):
            continue
        if effect.condition not in (None, "promised" if promised else "not_promised"):
            continue
        what = effect.what.all
        if what.controller == "you" and (not what.types or {"permanent", "land"} & set(what.types)):
            return True
    return False


def floated_mana(cost: str) -> list[tuple[str, int]]:
    """The basic-land mana abilities ("{T}: Add {B}", times) that put `cost` into the mana pool: one per
    colored symbol, the generic part in the cost's first color (colorless when it has none)."""
    symbols = re.findall(r"\{([^}]+)\}", cost)
    colored = [symbol for symbol in symbols if symbol in BASIC_LANDS or symbol == "C"]
    generic = sum(int(symbol) for symbol in symbols if symbol.isdigit())
    counts: Counter[str] = Counter(colored)
    counts[colored[0] if colored else "C"] += generic
    return [(f"{{T}}: Add {{{symbol}}}", counts[symbol]) for symbol in dict.fromkeys(colored or ["C"])]


def lands_for(costs: Sequence[str]) -> Counter[str]:
    """Basic lands that pay every cost in `costs` (`{2}{U}{U}`, one per cast or activation of a player),
    whatever lands XMage's auto-payment taps for the generic part: a land per colored symbol, and for the
    generic mana of all the costs, that many more lands of each color used (Wastes when none is), since
    the auto-payment may pay generic mana with any land."""
    colored: Counter[str] = Counter()
    generic = 0
    for cost in costs:
        for symbol in re.findall(r"\{([^}]+)\}", cost):
            if symbol.isdigit():
                generic += int(symbol)
            elif symbol in BASIC_LANDS:
                colored[BASIC_LANDS[symbol]] += 1
            elif symbol == "C":
                colored[COLORLESS_LAND] += 1
    lands = Counter(colored)
    for land in (list(colored) or [COLORLESS_LAND]):
        lands[land] += generic
    return +lands


class TestBuilder:
    """Builds the statements of one card's test class from its scenarios."""

    def __init__(self, card: Card, pool: Mapping[str, Card], imports: _Imports,
                 deviations: deviation_data.DeviationFile, seats: tuple[str, ...] = ("playerA", "playerB")) -> None:
        self.seats = seats
        self.card = card
        self.pool = pool
        self.imports = imports
        self.deviations = deviations

    # ------------------------------------------------------------------------------------- helpers
    def counter_kinds(self) -> list[str]:
        """The kinds of counters the card under test can put (`put_counters`, a return with counters)."""
        from cardgen.spec.derive import all_effects

        kinds = set()
        for effect in all_effects(self.card):
            if isinstance(getattr(effect, "counter", None), str):
                kinds.add(effect.counter)
            for spec in getattr(effect, "counters", None) or []:
                kinds.add(spec.counter)
        return sorted(kind for kind in kinds if kind in COUNTER_TYPES)

    def keywords_in_play(self, name: str) -> list[str]:
        """Keywords the permanent `name` could have here: its card's own and those the card under test
        grants or removes (what an exact `keywords:` list rules out)."""
        from cardgen.spec.derive import all_effects
        from cardgen.spec.model import KeywordAbility

        found: set[str] = set()
        for card in (self.pool.get(name), self.card):
            if card is None:
                continue
            found.update(a.keyword for a in card.abilities if isinstance(a, KeywordAbility))
            for effect in all_effects(card):
                for key in ("keywords", "add_keywords", "remove_keywords"):
                    found.update(getattr(effect, key, None) or [])
        return sorted(k for k in found if k in KEYWORD_CLASSES)

    def _is_token_name(self, name: str) -> bool:
        return name not in self.pool and name != ANONYMOUS_CARD

    def xmage_name(self, name: str) -> str:
        """The name XMage gives the object: cards keep theirs, tokens end in " Token"."""
        return f"{name} Token" if self._is_token_name(name) and not name.endswith(" Token") else name

    # -------------------------------------------------------------------------------------- method
    def method(self, loaded: LoadedScenario, name: str, snapshot: Mapping[str, Any] | None,
               problems: list[Problem], triggered: list[list[dict[str, Any]]] | None = None) -> MethodPlan:
        scenario = loaded.scenario
        plan = MethodPlan(name, scenario.name)
        order = list(scenario.players)
        active = scenario.active or order[0]
        start = order.index(active)
        rotated = order[start:] + order[:start]
        slots = self.seats
        players = {player: slots[index] for index, player in enumerate(rotated)}
        if len(order) > len(slots):
            problems.append(Problem(("players",), "players", f"XMage's test bases have at most {len(slots)} "
                                    "players"))
            plan.ignore = "cardgen: more players than XMage's test base has"
            return plan
        run = _Run(self, loaded, players, snapshot, problems, triggered or [])
        run.setup()
        run.actions()
        if snapshot is not None and snapshot.get("stack"):
            problems.append(Problem(("expect",), "stack", "the scenario ends with objects on the stack; an XMage "
                                    "test asserts once the stack is empty"))
            run.unplayable = "the scenario ends with objects on the stack"
        lands = [{"form": "add_card", "zone": "BATTLEFIELD", "player": player, "name": java_string(land),
                  "count": count, "tapped": False}
                 for player, owned in sorted(run.lands().items()) for land, count in sorted(owned.items())]
        shuffle = [{"form": "skip_shuffling"}] if run.shuffle_off else []
        plan.statements = shuffle + lands + run.setup_lines + run.statements
        plan.expects_failure = run.expects_failure
        plan.refusal = run.refusal
        plan.after = run.expectations()
        if run.refused_cast_resolves is not None and plan.after:
            problems.append(Problem(("expect",), "expect", f"{run.refused_cast_resolves} (the refusal is the "
                                    "unused addTarget XMage reports), so the state after the refusal is not "
                                    "asserted"))
            plan.after = []
        plan.stop = run.stop_at()
        if run.unplayable is not None:
            plan.ignore = f"cardgen: {run.unplayable}"
        for entry in deviation_data.for_scenario(loaded.file, scenario.name, "xmage", self.deviations):
            if entry.scope == "framework":
                plan.ignore = entry.reason()
        return plan


class _Run:
    """One scenario turned into XMage test commands, tracking turn and step as the actions go."""

    def __init__(self, builder: TestBuilder, loaded: LoadedScenario, players: dict[str, str],
                 snapshot: Mapping[str, Any] | None, problems: list[Problem],
                 triggered: list[list[dict[str, Any]]]) -> None:
        self.b = builder
        self.triggered = triggered
        self.loaded = loaded
        self.s: Scenario = loaded.scenario
        self.players = players
        self.snapshot = snapshot
        self.problems = problems
        self.statements: list[dict[str, Any]] = []
        self.setup_lines: list[dict[str, Any]] = []
        self.turn = 1
        self.step = self.s.step
        self.costs: dict[str, list[str]] = {p: [] for p in players.values()}
        self.fixture_graveyard: dict[str, Counter[str]] = {p: Counter() for p in players.values()}
        self.expects_failure: list[str] | None = None
        self.refused_cast_resolves: str | None = None
        self.refusal: str | None = None
        """Why the final state is not the scenario's: XMage casts a spell the rules refuse (it drops the
        target the spell doesn't have) and reports the unused target only when the game ends."""
        self.unplayable: str | None = None
        self.last_held: str | None = None
        self.pending_in_step = False
        self.phasing_out: str | None = None
        """The player whose permanents (the lands the test adds included) phase out when the spell that
        waits on the stack resolves: their next spell's mana is floated while it waits."""
        self.shuffle_off = False
        self.acted = False
        """Whether a command was given in the current step (else the test may stop right at it)."""
        self.left: list[str] = []
        """XMage players who conceded: XMage's `waitStackResolved(turn, step)` waits for every player, and a
        player who left never uses it, so the waits after a concession name the players still in."""

    def lands(self) -> dict[str, Counter[str]]:
        """The lands each player gets to pay for what they cast and activate."""
        return {player: lands_for(costs) for player, costs in self.costs.items()}

    def problem(self, path: tuple[str | int, ...], field_name: str, why: str) -> None:
        self.problems.append(Problem(path, field_name, why))

    def player(self, name: str) -> str:
        return self.players[name]

    # --------------------------------------------------------------------------------------- setup
    def setup(self) -> None:
        zones = (("hand", "HAND"), ("graveyard", "GRAVEYARD"), ("exile", "EXILED"))
        for name, start in self.s.players.items():
            player = self.player(name)
            if start.life != 20:
                self.setup_lines.append({"form": "set_life", "player": player, "life": start.life})
            if self._library_cleared(name):
                self.setup_lines.append({"form": "clear_library", "player": player})
                if isinstance(start.library, list):
                    self.shuffle_off = True
                    for entry in reversed(start.library):  # addCard puts each card on top
                        self._add("LIBRARY", player, entry.card, entry.count)
                elif start.library:
                    self._add("LIBRARY", player, LIBRARY_FILLER, start.library)
            for key, zone in zones:
                for entry in getattr(start, key):
                    self._add(zone, player, entry.card, entry.count)
            for index, permanent in enumerate(start.battlefield):
                path = ("players", name, "battlefield", index)
                if permanent.token is not None:
                    self.problem(path, "token", "XMage tests cannot start with a token on the battlefield")
                    self.unplayable = "a starting token is not expressible in XMage's test harness"
                    continue
                owner = self.player(permanent.controller) if permanent.controller else player
                if permanent.controller and permanent.controller != name:
                    self.problem(path, "controller", "XMage's addCard gives the card to the player who controls "
                                 "it; the owner is that player too")
                for field_name in ("phased_out", "attached_to", "damage", "promised"):
                    if getattr(permanent, field_name):
                        self.problem(path, field_name, f"a starting permanent's `{field_name}` is not expressible "
                                     "in XMage's test setup")
                        self.unplayable = f"the starting `{field_name}` is not expressible in XMage's test harness"
                self._add("BATTLEFIELD", owner, permanent.card or "", permanent.count, permanent.tapped)
                for kind, amount in permanent.counters.items():
                    self.setup_lines.append({"form": "add_counters", "player": owner,
                                             "name": java_string(permanent.card or ""),
                                             "counter": self._counter(kind), "amount": amount})

        if self.s.stack:
            self.problem(("stack",), "stack", "XMage tests cannot start with a spell on the stack")
            self.unplayable = "a starting stack is not expressible in XMage's test harness"

    def _add(self, zone: str, player: str, name: str, count: int = 1, tapped: bool = False) -> None:
        self.setup_lines.append({"form": "add_card", "zone": zone, "player": player, "name": java_string(name),
                                 "count": count, "tapped": tapped})

    def _counter(self, kind: str) -> str:
        self.b.imports.use("mage.counters.CounterType")
        return f"CounterType.{COUNTER_TYPES[kind]}"

    # ------------------------------------------------------------------------------------- actions
    def _at(self) -> dict[str, Any]:
        self.acted = True
        return {"turn": self.turn, "step": self._phase_step()}

    def _phase_step(self) -> str:
        self.b.imports.use("mage.constants.PhaseStep")
        return f"PhaseStep.{PHASE_STEPS[self.step]}"

    def actions(self) -> None:
        count = len(self.s.actions)
        for index, action in enumerate(self.s.actions):
            path = ("actions", index)
            last = index == count - 1
            if self.pending_in_step and not getattr(action, "hold", False) and self.last_held is None \
                    and isinstance(action, (CastAction, CopyAction, EquipAction)):
                if isinstance(action, CastAction):
                    self._float_mana(action)
                self.statements.extend(self._waits())
            self.pending_in_step = False
            self.phasing_out = None
            if isinstance(action, CastAction):
                self._cast(action, path, last)
            elif isinstance(action, CopyAction):
                self._copy(action, path)
            elif isinstance(action, EquipAction):
                self._equip(action, path)
            elif isinstance(action, PassAction):
                self.statements.extend(self._waits(action.pass_))
                self.last_held = None
            elif isinstance(action, ResolveAction):
                self.statements.extend(self._waits())
                self.last_held = None
            elif isinstance(action, StepAction):
                self._move_to(action.step)
            elif isinstance(action, NextTurnAction):
                self.turn += action.next_turn
                self.step = "main1"
                self.last_held = None
                self.acted = False
            elif isinstance(action, ConcedeAction):  # when that player next has priority in this step
                self.statements.append({"form": "concede", **self._at(), "player": self.player(action.concede)})
                self.left.append(self.player(action.concede))
            elif isinstance(action, CounterAction):
                self.problem(path, "counter", "an outside effect that counters a spell has no XMage test command")
                self.unplayable = "a `counter:` action is not expressible in XMage's test harness"
            self._trigger_targets(index)

    def _float_mana(self, action: CastAction) -> None:
        """Tap the caster's lands for `action`'s mana while the spell on the stack that will phase them out
        waits (the pool keeps it until the step ends), as XMage's tests pay with activateManaAbility."""
        card = self.b.pool.get(action.cast)
        player = self.player(self._actor(action))
        if card is None or card.mana_cost is None or self.phasing_out != player:
            return
        for ability, times in floated_mana(str(card.mana_cost)):
            self.statements.append({"form": "activate_mana", **self._at(), "player": player,
                                    "ability": java_string(ability), "times": times})

    def _waits(self, count: int | None = None) -> list[dict[str, Any]]:
        """Wait for the stack to resolve (`count`: that many objects of it)."""
        if not self.left:
            if count is None:
                return [{"form": "wait_stack", **self._at()}]
            return [{"form": "wait_resolutions", **self._at(), "count": count}]
        still = [p for p in self.players.values() if p not in self.left]
        if count is None:
            return [{"form": "wait_stack_for", **self._at(), "player": player} for player in still]
        return [{"form": "wait_one_for", **self._at(), "player": player} for _ in range(count) for player in still]

    def _actor(self, action: Any) -> str:
        by = getattr(action, "by", None)
        if by:
            return by
        active = self.s.active or next(iter(self.s.players))
        order = list(self.s.players)
        # the active player of the current turn: turns advance in the scenario's turn order
        return order[(order.index(active) + self.turn - 1) % len(order)]

    def _move_to(self, step: str) -> None:
        if STEPS.index(step) <= STEPS.index(self.step):
            self.turn += 1
        self.step = step
        self.last_held = None
        self.acted = False

    def _target_words(self, entry: Any) -> tuple[str, str | None]:
        """("object", name) or ("player", playerX) for one target entry."""
        if isinstance(entry, PlayerRef):
            return "player", self.player(entry.player)
        if isinstance(entry, ObjectRef):
            if (entry.controller, entry.owner, entry.zone) != (None, None, None):
                self.problem(("actions",), "targets", f"{entry.name}: XMage's test commands name a target by its "
                             "name only (the first object of that name), not by controller, owner or zone")
            return "object", self.b.xmage_name(entry.name)
        if isinstance(entry, str) and entry in self.players:
            return "player", self.player(entry)
        return "object", self.b.xmage_name(str(entry))

    def _spell_slots(self, card: Card, promised: bool) -> list[Slot]:
        enchant = next((a for a in card.abilities if isinstance(a, EnchantAbility)), None)
        if enchant is not None:
            from cardgen.spec.model import Target

            return [Slot(("enchant",), Target(**enchant.filter.model_dump()))]
        if card.is_instant_or_sorcery:
            return effect_slots(resolution_effects(card), promised)
        return []

    def _groups(self, entries: list[Any], slots: list[Slot]) -> list[list[Any]]:
        if len(slots) == 1 and len(entries) > 1 and not any(isinstance(e, list) for e in entries):
            return [list(entries)]
        return [list(e) if isinstance(e, list) else [e] for e in entries]

    def _cast(self, action: CastAction, path: tuple, last: bool) -> None:
        actor = self._actor(action)
        player = self.player(actor)
        card = self.b.pool.get(action.cast)
        if card is None:
            self.problem(path, "cast", f"{action.cast!r} is not in the card pool")
            self.unplayable = f"{action.cast} is not in the card pool"
            return
        if card.mana_cost is not None:
            self.costs[player].append(str(card.mana_cost))
        adjusted = self._spell_slots(card, True) != self._spell_slots(card, False)
        if action.error in CANT_CAST_ERRORS or (action.error == "no_legal_target" and not adjusted):
            self.statements.append({"form": "check_playable", **self._at(), "player": player,
                                    "check": java_string(f"{action.cast} can't be cast ({action.error})"),
                                    "ability": java_string(f"Cast {action.cast}")})
            return
        if action.error is not None and not last:
            self.problem(path, "error", "XMage's harness stops the test at a refused action, so the actions after "
                         "it cannot run")
            self.unplayable = f"a refused action ({action.error}) before other actions is not expressible"
        promised = bool(action.gift)
        discards = [{"form": "choose_text", "player": player, "text": java_string(name)}
                    for name in action.discard or []]
        if card.gift is not None:
            if action.gift is None:
                self.statements.append({"form": "choose_use", "player": player, "value": "false"})
                self.statements.extend(discards)
            elif isinstance(action.gift, list):
                self.problem(path, "gift", "a gift promised twice cannot be commanded in XMage's harness")
                self.unplayable = "promising twice is not expressible"
                return
            else:
                # XMage asks for the promise, pays the other additional costs, then asks for the opponent
                self.statements.append({"form": "choose_use", "player": player, "value": "true"})
                self.statements.extend(discards)
                self.statements.append({"form": "choose_player", "player": player,
                                        "chosen": self.player(action.gift)})
        else:
            self.statements.extend(discards)
            if action.gift is not None:
                self.problem(path, "gift", f"{action.cast} has no gift to promise in XMage")
        slots = self._spell_slots(card, promised)
        groups = self._groups(list(action.targets), slots)
        words = [[self._target_words(entry) for entry in group] for group in groups]
        flat = [word for group in words for word in group]
        cast: dict[str, Any] = {"form": "cast", **self._at(), "player": player, "name": java_string(action.cast),
                                "target": None, "target_player": None, "on_stack": None}
        if self.last_held is not None:
            cast["on_stack"] = java_string(self.last_held)
        use_add_target = adjusted or any(kind == "player" for kind, _ in flat) and len(flat) > 1 \
            or any(not group for group in groups) or (cast["on_stack"] is not None and any(
                kind == "player" for kind, _ in flat))
        if not use_add_target and any(len(group) < slot.target.max for group, slot in zip(groups, slots, strict=False)):
            use_add_target = True
        if use_add_target:
            for group, slot in zip(words, slots + [None] * (len(words) - len(slots)), strict=False):
                for kind, value in group:
                    self.statements.append({"form": "add_target_player" if kind == "player" else "add_target",
                                            "player": player,
                                            "target": value if kind == "player" else java_string(value or "")})
                # "up to" targets end with a skip while more could be chosen, and always when none is
                if slot is not None and len(group) < slot.target.max and slot.target.min < slot.target.max \
                        and (not group or len(group) < self._slot_candidates(path, slots.index(slot))):
                    self.b.imports.use("org.mage.test.player.TestPlayer")
                    self.statements.append({"form": "add_target_skip", "player": player})
        elif len(flat) == 1 and flat[0][0] == "player":
            cast["target_player"] = flat[0][1]
        elif flat:
            cast["target"] = java_string("^".join(value or "" for _, value in flat))
        if cast["on_stack"] is not None and cast["target"] is None:
            self.b.imports.use("org.mage.test.player.TestPlayer")
            cast["target"] = "TestPlayer.NO_TARGET"
        self.statements.append(cast)
        if action.error == TARGET_COUNT and use_add_target and _without_extra_targets(action, self.b.pool):
            # XMage's test player never offers a target the spell doesn't have: it casts the spell with the
            # others, and the check that every command was used reports the addTarget entries left over
            self.expects_failure = [f"(Targets of {_player_name(player)}) Count are not equal (found ["]
            self.refusal = f"the targets {action.cast} doesn't have left unused"
            self.refused_cast_resolves = f"{action.cast} is cast without the target it doesn't have"
        elif action.error is not None:
            # a bad target named in the cast command: the command can't be found; with addTarget: XMage
            # reports the scripted targets it could not use ("Targets list was setup by addTarget ...")
            # or the one it still wants ("Missing TARGET def")
            self.expects_failure = [f"Cast {action.cast}", "Targets", "Missing TARGET def"] if use_add_target \
                else [f"Cast {action.cast}"]
        self.last_held = action.cast if action.hold else None
        self.pending_in_step = not action.hold
        if phases_out_your_lands(card, promised):
            self.phasing_out = player

    def _slot_candidates(self, path: tuple, slot: int) -> int:
        """How many legal targets slot `slot` of the cast at `path` had (unknown: as many as it allows)."""
        index = path[1] if len(path) > 1 and isinstance(path[1], int) else -1
        for event in self.triggered[index] if 0 <= index < len(self.triggered) else []:
            if event.get("event") == "candidates" and slot < len(event["counts"]):
                return int(event["counts"][slot])
        return 99

    def _trigger_targets(self, index: int) -> None:
        """What XMage's strict mode wants scripted and the scenario may leave to the first legal option,
        taken from what the resolver did during action `index`: the order of a player's triggers that go
        on the stack together (`setChoice` of the one to put first, all but the last), each trigger's
        targets (`addTarget`), and each choice among several options that is not a target (`setChoice`
        of what the player picked: the creature to sacrifice, the card to exile, ...)."""
        if index >= len(self.triggered):
            return
        events = self.triggered[index]
        batch: list[dict[str, Any]] = []
        for event in events + [{"event": "end"}]:
            put = event.get("event") in ("triggered", "trigger_removed")
            # triggers put on the stack together are logged one after the other, by one player
            if put and batch and batch[-1]["player"] == event["player"] and batch[-1]["seq"] + 1 == event["seq"]:
                batch.append(event)
                continue
            self._trigger_batch(batch)
            batch = [event] if put else []
            if event.get("event") == "sacrificed" and event.get("player") in self.players:
                self.statements.append({"form": "choose_text", "player": self.players[event["player"]],
                                        "text": java_string(self.b.xmage_name(event["card"]))})
            if event.get("event") == "decision" and event.get("player") in self.players:
                # XMage's DiscardEachPlayerEffect has each player pick with chooseTarget (addTarget); one
                # player's discard (PlayerImpl.discard) picks with choose (setChoice)
                form = "add_target" if event.get("purpose") == GROUP_DISCARD else "choose_text"
                for picked in event["picked"]:
                    text = java_string(self.b.xmage_name(picked))
                    self.statements.append({"form": form, "player": self.players[event["player"]],
                                            **({"target": text} if form == "add_target" else {"text": text})})

    def _trigger_batch(self, batch: list[dict[str, Any]]) -> None:
        if not batch:
            return
        who = self.players.get(batch[0]["player"])
        if who is None:
            return
        sources = Counter(event["source"] for event in batch)
        for event in batch[:-1]:
            self.statements.append({"form": "choose_text", "player": who,
                                    "text": java_string(self._trigger_choice(event, sources))})
        for event in batch:
            for label in event.get("targets", ()):
                if label in self.players:
                    self.statements.append({"form": "add_target_player", "player": who,
                                            "target": self.players[label]})
                else:
                    self.statements.append({"form": "add_target", "player": who,
                                            "target": java_string(self.b.xmage_name(label))})
            for _ in range(event.get("skips", 0)):
                self.b.imports.use("org.mage.test.player.TestPlayer")
                self.statements.append({"form": "add_target_skip", "player": who})

    def _trigger_choice(self, event: dict[str, Any], sources: Counter[str]) -> str:
        """The start of the text XMage's `setChoice` matches a triggered ability by: its source's name when
        only one trigger of the batch comes from it, else XMage's wording of the trigger (the gift trigger
        of a permanent reads "When this permanent enters, if the gift was promised, ...", a card's own
        as its oracle text up to the first comma, with `{this}` for its name: XMage matches the rule text
        as `getRule()` returns it)."""
        source = event["source"]
        if sources[source] == 1:
            return source
        text = event.get("trigger", "")
        if text.startswith(GIFT_TRIGGER_TEXT):
            return "When this permanent enters"
        return text.split(",", 1)[0].replace(source, "{this}")

    def _copy(self, action: CopyAction, path: tuple) -> None:
        spell = action.copy_ if isinstance(action.copy_, str) else getattr(action.copy_, "name", None)
        if spell is None:
            self.problem(path, "copy", "a copy of a player is not a spell")
            return
        actor = self._actor(action)
        player = self.player(actor)
        name, cost = COPY_SPELL
        self.setup_lines.append({"form": "add_card", "zone": "HAND", "player": player, "name": java_string(name),
                                 "count": 1, "tapped": False})
        self.costs[player].append(cost)
        self.fixture_graveyard[player][name] += 1
        self.statements.append({"form": "cast", **self._at(), "player": player, "name": java_string(name),
                                "target": java_string(spell), "target_player": None,
                                "on_stack": java_string(spell)})
        self.statements.append({"form": "choose_use", "player": player, "value": "false"})  # keep the targets
        self.last_held = spell if action.hold else None
        self.pending_in_step = False

    def _equip(self, action: EquipAction, path: tuple) -> None:
        actor = self._actor(action)
        player = self.player(actor)
        card = self.b.pool.get(action.equip)
        equip = next((a for a in card.abilities if isinstance(a, EquipAbility)), None) if card else None
        if equip is None:
            self.problem(path, "equip", f"{action.equip} has no equip ability")
            self.unplayable = "equip of a card without equip"
            return
        cost = str(equip.cost)
        self.costs[player].append(cost)
        kind, target = self._target_words(action.to)
        self.statements.append({"form": "activate", **self._at(), "player": player,
                                "ability": java_string(f"Equip {cost}"), "target": java_string(target or "")})
        if action.error is not None:
            self.expects_failure = [f"Equip {cost}"]
        self.last_held = None
        self.pending_in_step = not action.hold

    # -------------------------------------------------------------------------------- expectations
    def stop_at(self) -> dict[str, Any]:
        """Where the test stops: at the step the scenario ends in when nothing was done in it and nothing
        happens as it begins (XMage stops as a step begins); else as the next step begins."""
        index = STEPS.index(self.step)
        if not self.acted and self.step not in ("upkeep", "draw", "end", "cleanup", "untap"):
            step, turn = self.step, self.turn
        elif self.step == "main1":
            step, turn = "main2", self.turn
        elif index + 1 < len(STEPS):
            step, turn = STEPS[index + 1], self.turn
        else:
            step, turn = "untap", self.turn + 1
        self.b.imports.use("mage.constants.PhaseStep")
        return {"form": "stop_at", "turn": turn, "step": f"PhaseStep.{PHASE_STEPS[step]}"}

    def expectations(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        expect = self.s.expect
        for name, checks in expect.players.items():
            base = ("expect", "players", name)
            if name not in self.players:
                self.problem(base, "players", f"{name} is not a player of the scenario")
                continue
            player = self.player(name)
            if checks.life is not None:
                out.append({"form": "assert_life", "player": player, "life": checks.life})
            if checks.lost is not None:
                out.append({"form": "assert_lost" if checks.lost else "assert_not_lost", "player": player})
            zone_methods = (("hand", "assertHandCount"), ("graveyard", "assertGraveyardCount"),
                            ("exile", "assertExileCount"), ("library", "assertLibraryCount"),
                            ("battlefield", "assertPermanentCount"))
            for key, method in zone_methods:
                value = getattr(checks, key)
                if value is not None:
                    out.extend(self._zone(method, key, player, name, value))
            if checks.tokens is not None:
                for token, count in sorted(checks.tokens.items()):
                    out.append({"form": "assert_count", "method": "assertTokenCount", "player": player,
                                "name": java_string(self.b.xmage_name(token)), "count": count})
            for key in ("hexproof", "protection", "life_cant_change", "cant_cast"):
                if getattr(checks, key) is not None:
                    self.problem(base + (key,), key, f"a player's `{key}` has no XMage test assertion")
        for index, item in enumerate(expect.permanents):
            out.extend(self._permanent(index, item))
        for key in ("stack", "turns", "extra_turns", "active", "step", "turn"):
            if getattr(expect, key) is not None:
                self.problem(("expect", key), key, f"`{key}` has no XMage test assertion at the end of a test")
        if expect.events:
            self.problem(("expect", "events"), "events", f"{len(expect.events)} event pattern(s): XMage's harness "
                         "asserts the final state, not the event log")
        if expect.no_events:
            self.problem(("expect", "no_events"), "no_events", f"{len(expect.no_events)} event pattern(s): XMage's "
                         "harness asserts the final state, not the event log")
        if expect.events_between:
            self.problem(("expect", "events_between"), "events_between", f"{len(expect.events_between)} window(s): "
                         "XMage's harness asserts the final state, not the event log")
        return out

    def _first_draw(self, player: str) -> str | None:
        """The card XMage's playerA draws in the draw step of turn 1 of a free-for-all (103.8c: only a
        two-player game skips it), which a scenario starting later in turn 1 has not drawn; None when
        there is none (a duel, a scenario starting before the draw step, an empty library)."""
        if len(self.players) <= 2 or player != "playerA" or STEPS.index(self.s.step) <= STEPS.index("draw"):
            return None
        name = next(who for who, seat in self.players.items() if seat == player)
        if any(isinstance(action, ConcedeAction) and action.concede == name for action in self.s.actions):
            return None  # what they drew left the game with them (800.4a)
        library = self.s.players[name].library
        if isinstance(library, list):
            return library[0].card if library else None
        return (LIBRARY_FILLER if self._library_cleared(name) else XMAGE_DECK_CARD) if library else None

    def _library_cleared(self, name: str) -> bool:
        start = self.s.players[name]
        checked = self.s.expect.players.get(name) is not None and self.s.expect.players[name].library is not None
        return isinstance(start.library, list) or start.library != DEFAULT_LIBRARY or checked

    def _fixture_count(self, key: str, player: str, name: str | None) -> int:
        drawn = self._first_draw(player) if key in ("hand", "library") else None
        if drawn is not None and (name is None or name == drawn):
            return 1 if key == "hand" else -1
        if key == "battlefield":
            lands = self.lands()[player]
            return sum(lands.values()) if name is None else lands.get(name, 0)
        if key == "graveyard":
            extra = self.fixture_graveyard[player]
            return sum(extra.values()) if name is None else extra.get(name, 0)
        return 0

    def _zone(self, method: str, key: str, player: str, who: str, value: Any) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []

        def count(name: str | None, number: int) -> None:
            item = {"form": "assert_count", "method": method, "player": player, "name": None,
                    "count": number + self._fixture_count(key, player, name)}
            if name is not None:
                item["name"] = java_string(self.b.xmage_name(name))
            out.append(item)

        if isinstance(value, int):
            count(None, value)
        elif isinstance(value, list):
            count(None, len(value))
            for name, number in sorted(Counter(value).items()):
                if name != ANONYMOUS_CARD:
                    count(name, number)
        elif isinstance(value, ZoneQuery):
            if value.count is not None:
                count(None, value.count)
            for name, number in sorted(Counter(value.contains).items()):
                if name == ANONYMOUS_CARD:
                    self.problem(("expect", "players", who, key, "contains"), "contains",
                                 "anonymous library cards have no name in XMage")
                    continue
                found = self._snapshot_zone(who, key, name)
                count(name, found if found is not None and found >= number else number)
            for name in sorted(set(value.lacks)):
                count(name, 0)
        return out

    def _snapshot_zone(self, who: str, key: str, name: str) -> int | None:
        if self.snapshot is None:
            return None
        if key == "battlefield":
            return sum(1 for p in self.snapshot["battlefield"] if p["controller"] == who and p["name"] == name)
        return list(self.snapshot["players"][who].get(key, [])).count(name)

    def _permanent(self, index: int, item: Any) -> list[dict[str, Any]]:
        base = ("expect", "permanents", index)
        out: list[dict[str, Any]] = []
        name = self.b.xmage_name(item.name)
        selected = []
        if self.snapshot is not None:
            selected = [p for p in self.snapshot["battlefield"] if p["name"] == item.name
                        and (item.owner is None or p["owner"] == item.owner)]
        controllers = Counter(p["controller"] for p in selected)
        default = sorted(controllers) or list(self.s.players)[:1]
        holders = [item.controller] if item.controller is not None else default
        literal = java_string(name)
        if item.count is not None:
            if item.controller is not None:
                out.append({"form": "assert_count", "method": "assertPermanentCount",
                            "player": self.player(item.controller), "name": literal,
                            "count": item.count + self._fixture_count("battlefield", self.player(item.controller),
                                                                      item.name)})
            elif item.count == 0:
                for who in self.s.players:
                    out.append({"form": "assert_count", "method": "assertPermanentCount", "player": self.player(who),
                                "name": literal,
                                "count": self._fixture_count("battlefield", self.player(who), item.name)})
            else:
                for who in holders:
                    out.append({"form": "assert_count", "method": "assertPermanentCount", "player": self.player(who),
                                "name": literal, "count": controllers.get(who, item.count)
                                + self._fixture_count("battlefield", self.player(who), item.name)})
        elif item.controller is not None:
            out.append({"form": "assert_count", "method": "assertPermanentCount",
                        "player": self.player(item.controller), "name": literal,
                        "count": max(1, controllers.get(item.controller, 1))})
        if item.owner is not None and item.controller is None and len(controllers) > 1:
            self.problem(base + ("owner",), "owner", "XMage's assertions select permanents by name and controller, "
                         "not owner")
        if item.tapped is not None:
            out.append({"form": "assert_tapped", "name": literal, "tapped": "true" if item.tapped else "false"})
        if item.counters is not None:
            # exact: the kinds listed, and none of the kinds the card under test puts that are not listed
            wanted = {**{kind: 0 for kind in self.b.counter_kinds()}, **item.counters}
            for kind, amount in sorted(wanted.items()):
                for who in holders:
                    out.append({"form": "assert_counter", "player": self.player(who), "name": literal,
                                "counter": self._counter(kind), "count": amount})
        if item.power is not None or item.toughness is not None:
            power, toughness = item.power, item.toughness
            if (power is None or toughness is None) and selected:
                power = selected[0]["power"] if power is None else power
                toughness = selected[0]["toughness"] if toughness is None else toughness
            if power is None or toughness is None:
                self.problem(base + ("power" if item.power is None else "toughness",), "power",
                             "XMage asserts power and toughness together")
            else:
                for who in holders:
                    many = sum(1 for p in selected if p["controller"] == who) > 1
                    scope = None
                    if many:
                        scope = f"{self.b.imports.use('mage.filter.Filter')}.ComparisonScope.All"
                    out.append({"form": "assert_pt", "player": self.player(who), "name": literal, "power": power,
                                "toughness": toughness, "scope": scope})
        present = list(item.keywords or []) + list(item.has_keywords)
        absent = list(item.lacks_keywords)
        if item.keywords is not None:  # exact: also none of the keywords in play here that are not listed
            absent += [k for k in self.b.keywords_in_play(item.name) if k not in item.keywords]
        for keyword, has in [(k, True) for k in dict.fromkeys(present)] + [(k, False) for k in dict.fromkeys(absent)]:
            cls = self.b.imports.use(f"mage.abilities.keyword.{KEYWORD_CLASSES[keyword]}")
            ability = f"new {cls}()" if keyword in NEW_INSTANCE_KEYWORDS else f"{cls}.getInstance()"
            for who in holders:
                many = sum(1 for p in selected if p["controller"] == who)
                out.append({"form": "assert_ability", "player": self.player(who), "name": literal,
                            "ability": ability, "has": "true" if has else "false",
                            "count": many if many > 1 else None})
        if item.attached_to is not None:
            host = [p for p in (self.snapshot or {}).get("battlefield", []) if p["name"] == item.attached_to]
            owner = host[0]["controller"] if host else holders[0]
            out.append({"form": "assert_attached", "player": self.player(owner), "name": literal,
                        "host": java_string(self.b.xmage_name(item.attached_to)), "attached": "true"})
        if item.damage is not None:
            for who in holders:
                out.append({"form": "assert_damage", "player": self.player(who), "name": literal,
                            "damage": item.damage})
        out.extend(self._characteristics(base, item, literal, holders, selected))
        for key in ("unattached", "phased_out", "protection", "promised"):
            if getattr(item, key) is not None:
                self.problem(base + (key,), key, f"a permanent's `{key}` has no XMage test assertion")
        if item.token is not None and item.token != self.b._is_token_name(item.name):
            self.problem(base + ("token",), "token", "XMage tells tokens by name (\" Token\")")
        return out


    def _characteristics(self, base: tuple, item: Any, literal: str, holders: list[str],
                         selected: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Colours (`assertColor`: the listed ones present, the others absent), card types (`assertType`:
        the listed ones, and not the other types of permanents in play at the end), subtypes
        (`assertSubtype` for each listed one); rules lines are reported (XMG300)."""
        out: list[dict[str, Any]] = []
        if item.colors is not None:
            present = "".join(c for c in COLORS if c in item.colors)
            absent = "".join(c for c in COLORS if c not in item.colors)
            for who in holders:
                for letters, has in ((present, "true"), (absent, "false")):
                    if letters:
                        out.append({"form": "assert_color", "player": self.player(who), "name": literal,
                                    "colors": java_string(letters), "has": has})
        in_play = (self.snapshot or {}).get("battlefield", [])
        if item.types is not None:
            card_type = self.b.imports.use("mage.constants.CardType")
            others = {word for p in in_play for word in p["types"]}  # what else could be mistaken for it
            for word in CARD_TYPES:
                if word in item.types or word in others:
                    out.append({"form": "assert_type", "name": literal, "type": f"{card_type}.{word.upper()}",
                                "has": "true" if word in item.types else "false"})
        for printed in item.subtypes or []:  # the listed ones; that there are no others is the resolver's
            constant = xmage_data.subtypes().get(printed)
            if constant is None:
                self.problem(base + ("subtypes",), "subtypes", f"XMage has no subtype {printed!r}")
                continue
            out.append({"form": "assert_subtype", "name": literal,
                        "subtype": f"{self.b.imports.use('mage.constants.SubType')}.{constant}"})
        for key in ("abilities", "has_abilities"):
            if getattr(item, key):
                self.problem(base + (key,), key, "XMage asserts an ability by its object (`assertAbility`), not by "
                             "its rules text")
        return out


# -------------------------------------------------------------------------------------- rendering


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
    for card_name in sorted(by_card):
        if card_name not in card_files or card_name not in cards:
            continue
        card = cards[card_name]
        duel = [loaded for loaded in by_card[card_name] if len(loaded.scenario.players) <= 2]
        multi = [loaded for loaded in by_card[card_name] if len(loaded.scenario.players) > 2]
        if duel or not multi:
            path, text = _render_class(env, card, cards, duel, data, result, players=2, rules=True)
            result.files[path] = text
        if multi:
            count = max(len(loaded.scenario.players) for loaded in multi)
            path, text = _render_class(env, card, cards, multi, data, result, players=count, rules=not duel)
            result.files[path] = text
    result.diagnostics.sort(key=Diagnostic.sort_key)
    return result


def _render_class(env: jinja2.Environment, card: Card, cards: Mapping[str, Card], scenarios: list[LoadedScenario],
                  data: deviation_data.DeviationFile, result: RenderResult, *, players: int,
                  rules: bool) -> tuple[str, str]:
    """One test class: the two-player scenarios on `CardTestPlayerBase`, or those with more players on
    `CardTestMultiPlayerBase` with a game of exactly that many players (`<Class>MultiplayerTest`)."""
    imports = _Imports()
    seats = _seats(players)
    builder = TestBuilder(card, cards, imports, data, seats)
    taken: set[str] = set()
    rules_method = method_name("rules text is the printed text", taken) if rules else None
    methods = []
    for loaded in scenarios:
        snapshot, triggered = _play(loaded, cards)
        problems: list[Problem] = []
        plan = builder.method(loaded, method_name(loaded.scenario.name, taken), snapshot, problems, triggered)
        methods.append(_method_context(plan))
        if problems:
            result.diagnostics.append(_problems_diagnostic(loaded, problems))
        result.diagnostics.extend(deviation_data.scenario_notes([loaded], ["xmage"], data))
    multiplayer = players > 2
    base = "CardTestMultiPlayerBase" if multiplayer else "CardTestPlayerBase"
    imports.use(f"org.mage.test.serverside.base.{base}")
    imports.use("org.junit.Test")
    if methods:
        imports.use("mage.constants.Zone")
    if rules:
        imports.use("mage.cards.Card")
        imports.use("mage.cards.repository.CardRepository")
        imports.use("org.junit.Assert")
        imports.use("java.util.stream.Collectors")
    if any(m["expects_failure"] for m in methods):
        imports.use("org.junit.Assert")
    if any(m["ignore"] for m in methods):
        imports.use("org.junit.Ignore")
    created = []
    if multiplayer:
        for name in ("mage.constants.MultiplayerAttackOption", "mage.constants.RangeOfInfluence",
                     "mage.game.FreeForAll", "mage.game.Game", "mage.game.GameException",
                     "mage.game.mulligan.MulliganType", "java.io.FileNotFoundException"):
            imports.use(name)
        created = [f"player{chr(ord('A') + index)}" for index in range(players)]
    class_name = card_class_name(card) + ("MultiplayerTest" if multiplayer else "Test")
    text = env.get_template("card_test.java.j2").render(
        package=f"{TEST_PACKAGE}.{card.printings[0].set.lower()}",
        imports=imports.sorted(),
        class_name=class_name,
        base=base,
        created=created,
        seating=" -> ".join(seat[-1] for seat in seats),
        card_name=java_string(card.name),
        rules_method=rules_method,
        rules=_rules_literals(expected_rules(card)),
        methods=methods,
    )
    path = class_file_path(card).rsplit("/", 1)[0] + f"/{class_name}.java"
    return path, _tidy(text)


def _seats(players: int) -> tuple[str, ...]:
    """XMage's players in turn order: a duel is A, B; a free-for-all of players created A, B, C, ... goes
    A, then the others in reverse order of creation (A -> D -> C -> B)."""
    if players <= 2:
        return ("playerA", "playerB")
    created = [f"player{chr(ord('A') + index)}" for index in range(players)]
    return (created[0], *reversed(created[1:]))


def _play(loaded: LoadedScenario, cards: Mapping[str, Card]) -> tuple[dict[str, Any] | None,
                                                                     list[list[dict[str, Any]]]]:
    """Play the scenario with the reference resolver: its final snapshot (None when the scenario does not
    pass) and, per action, the triggered abilities put on the stack while it ran (XMage's strict mode
    wants every trigger target scripted, where the scenario may leave the only or first choice implicit)."""
    from cardgen.game.errors import GameError
    from cardgen.resolver.casting import entity_label
    from cardgen.resolver.scenario import expect
    from cardgen.resolver.scenario.actions import perform
    from cardgen.resolver.scenario.build import build_game
    from cardgen.resolver.snapshot import snapshot as take_snapshot

    game, failures = build_game(loaded, cards)
    if game is None or failures:
        return None, [[] for _ in loaded.scenario.actions]
    per_action: list[list[dict[str, Any]]] = []
    ok = True
    marks: list[int] = []
    for action in loaded.scenario.actions:
        start = len(game.state.log)
        marks.append(start)
        decisions: list[Any] = []
        candidates = _target_candidates(game, action)
        try:
            perform(game, action, decisions)
            ok = ok and action.error is None
        except GameError as error:
            ok = ok and action.error == error.code
        except Exception:  # noqa: BLE001 - a resolver defect: the test is still written, from the scenario alone
            ok = False
        log, first = game.state.log, start
        without = _without_extra_targets(action, cards) if action.error == TARGET_COUNT else None
        if without is not None:  # XMage casts it without them: what that cast asks is scripted
            trial = copy.deepcopy(game)
            first = len(trial.state.log)
            # a failing trial scripts nothing more; the test still expects the refusal
            with contextlib.suppress(Exception):
                perform(trial, without, decisions)
            log = trial.state.log
        events = []
        for seq, event in enumerate(log[first:], first):
            data = event.to_data()
            if data.get("event") in ("triggered", "sacrificed") or (
                    data.get("event") == "trigger_removed" and data.get("reason") == "no legal target"):
                events.append({**data, "seq": seq})
        _mark_trigger_skips(events, decisions)
        if candidates is not None:
            events.insert(0, {"event": "candidates", "counts": candidates})
        # choices that are not targets: XMage's strict mode wants each one scripted, even with one option
        # (a TargetCard chosen from the cards an effect put aside, Cruelclaw's Heist, Starfall Invocation)
        for decision in decisions:
            if decision.picked and not decision.purpose.startswith(("target", "discard", "sacrifice")):
                names = [entity_label(game.state, entity) for entity in decision.picked]
                events.append({"event": "decision", "player": decision.player, "picked": names,
                               "purpose": decision.purpose})
        per_action.append(events)
        if not ok:
            break
    while len(per_action) < len(loaded.scenario.actions):
        per_action.append([])
    final = take_snapshot(game.state)
    marks.append(len(game.state.log))
    if ok and expect.check(loaded, final, [event.to_data() for event in game.state.log], marks):
        ok = False
    return (final if ok else None), per_action


def _player_name(variable: str) -> str:
    """The name XMage's test bases give the player in `variable` (playerA: "PlayerA")."""
    return variable[0].upper() + variable[1:]


def _without_extra_targets(action: Any, cards: Mapping[str, Card]) -> Any | None:
    """A cast refused for naming more targets than the spell has (not promised, Consumed by Greed's
    graveyard target), as XMage's test player performs it: the spell is cast with the targets it has, the
    rest of the `addTarget` list is never used. None when that is not the case."""
    card = cards.get(getattr(action, "cast", None) or "")
    if card is None or not isinstance(action, CastAction) or not card.is_instant_or_sorcery:
        return None
    slots = effect_slots(resolution_effects(card), bool(action.gift))
    flat = len(slots) == 1 and not any(isinstance(entry, list) for entry in action.targets)
    keep = slots[0].target.max if flat else len(slots)  # one slot: the list is its targets ("up to two")
    if len(action.targets) <= keep:
        return None
    return action.model_copy(update={"targets": list(action.targets[:keep]), "error": None})


def _target_candidates(game: Any, action: Any) -> list[int] | None:
    """For a cast: how many legal choices each target slot of the spell has as it is cast (XMage wants
    "up to" targets ended with TARGET_SKIP only while more could be chosen)."""
    from cardgen.game.errors import GameError
    from cardgen.resolver import targeting
    from cardgen.resolver.scenario import names

    if not isinstance(action, CastAction):
        return None
    state = game.state
    player = action.by or state.active
    if player not in state.players:
        return None
    try:
        found = names.pick(state, action.cast, state.cards_in(player, "hand")) or \
            names.pick(state, action.cast, names.all_objects(state))
        if found is None:
            return None
        slots = targeting.spell_slots(found.chars, bool(action.gift))
        return [len(targeting.candidates(state, slot.target, player, found.oid)) for slot in slots]
    except GameError:
        return None


def _problems_diagnostic(loaded: LoadedScenario, problems: list[Problem]) -> Diagnostic:
    """One warning per scenario, at its name, listing each field the XMage test leaves out with its line."""
    parts = []
    for problem in problems:
        where = loaded.location(*problem.path) if problem.path else loaded.location("name")
        line = f" (line {where.line})" if where.line is not None else ""
        parts.append(f"{problem.field}{line}: {problem.why}")
    return Diagnostic(NOT_EXPRESSIBLE, f"[{loaded.scenario.name}] not expressible in XMage's test harness, left out "
                      "of its XMage test: " + "; ".join(parts), loaded.location("name"), RULE, "warning")


def _method_context(plan: MethodPlan) -> dict[str, Any]:
    return {
        "name": plan.name,
        "scenario": plan.scenario,
        "ignore": java_string(plan.ignore) if plan.ignore else None,
        "statements": plan.statements,
        "stop": plan.stop,
        "expects_failure": [java_string(text) for text in plan.expects_failure] if plan.expects_failure else None,
        "failure_message": java_string(f"must fail on {plan.refusal or plan.expects_failure[0]}, but got:\n")
        if plan.expects_failure else None,
        "after": plan.after,
    }


def _rules_literals(lines: list[str]) -> list[str]:
    """The expected text as a concatenation: one literal per rules line, each but the last ending in a line
    break, the continuation lines with XMage's leading `+ `, the last with the argument's comma."""
    if not lines:
        return ['"",']
    last = len(lines) - 1
    return [("+ " if index else "") + java_string(line + ("\n" if index < last else ""))
            + ("," if index == last else "") for index, line in enumerate(lines)]


def _tidy(text: str) -> str:
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"


__all__ = ["NOT_EXPRESSIBLE", "TESTS_ROOT", "expected_rules", "method_name", "render_tests",
           "class_file_path"]


def catalog_tests(catalog: Any, scenario_paths: Sequence[Any], set_codes: frozenset[str] | None) -> RenderResult:
    """`render_tests` for a loaded catalog: the scenario files under `scenario_paths` (missing paths are
    skipped), test classes for the cards with a printing in `set_codes` (all when None)."""
    from cardgen.resolver.scenario.loader import load_file, scenario_files

    existing = [path for path in scenario_paths if path.exists()]
    files = [load_file(path) for path in scenario_files(existing)]
    result = RenderResult()
    for loaded_file in files:
        result.diagnostics.extend(d for d in loaded_file.diagnostics)
    cards = {loaded.card.name: loaded.card for loaded in catalog.cards}
    wanted = {loaded.card.name: str(loaded.path) for loaded in catalog.cards
              if set_codes is None or any(p.set in set_codes for p in loaded.card.printings)}
    rendered = render_tests(cards, wanted, files)
    result.files.update(rendered.files)
    result.diagnostics.extend(rendered.diagnostics)
    return result


def _mark_trigger_skips(events: list[dict[str, Any]], decisions: list[Any]) -> None:
    """XMage's strict mode ends an "up to" target of a trigger with TARGET_SKIP while more could be chosen,
    and always when none was. Each such target decision (made as the trigger is put on the stack, so before
    its `triggered` event) adds a skip to the first `triggered` event of its source not before the previous
    one: XMage reads one queue of scripted targets per player, so only the order of the entries matters."""
    triggered = [event for event in events if event.get("event") == "triggered"]
    at = 0
    for decision in decisions:
        if not decision.purpose.startswith("target of ") or not decision.purpose.endswith("'s ability"):
            continue
        source = decision.purpose[len("target of "):-len("'s ability")]
        picked = len(decision.picked)
        if picked >= decision.count or (picked and picked >= decision.options):
            continue
        for index in range(at, len(triggered)):
            if triggered[index].get("source") == source:
                triggered[index]["skips"] = triggered[index].get("skips", 0) + 1
                at = index
                break
