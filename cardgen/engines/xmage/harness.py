"""The typed model of a generated XMage test class: the class, its `@Test` methods, their statements.

`scenario_tests` plans the statements a scenario needs (which test command or assertion says each part
of it); `templates/xmage/card_test.java.j2` spells each one, one macro per statement form (a class's
`form`). The fields hold plain data in XMage's terms - player variables (`playerA`), XMage constant
names (`Zone.BATTLEFIELD` is `zone="BATTLEFIELD"`, a `PhaseStep` is `step="PRECOMBAT_MAIN"`), booleans,
and raw text that the template writes as Java string literals (`java_string`). No field holds Java
source. Each form names the framework classes it needs (`imports`), from which the class's import list
is made (the way openapi-python-client's properties report theirs).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import ClassVar, Literal

from cardgen.engines.xmage.java_text import DEFAULT_AUTHOR

PHASE_STEP = "mage.constants.PhaseStep"
COUNTER_TYPE = "mage.counters.CounterType"
TEST_PLAYER = "org.mage.test.player.TestPlayer"
ZONE = "mage.constants.Zone"


@dataclass(frozen=True, slots=True, kw_only=True)
class Statement:
    """One statement of a test method, written by the template macro named after its class in snake case
    (`CastSpell` by `cast_spell` in `card_test_statements.java.j2`)."""

    @property
    def form(self) -> str:
        return re.sub(r"(?<!^)(?=[A-Z])", "_", type(self).__name__).lower()

    def imports(self) -> tuple[str, ...]:
        return ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Timed(Statement):
    """A command given at a turn and step (`PhaseStep` constant name)."""

    turn: int
    step: str

    def imports(self) -> tuple[str, ...]:
        return (PHASE_STEP,)


# ---------------------------------------------------------------------------------------------- setup
@dataclass(frozen=True, slots=True, kw_only=True)
class SkipShuffling(Statement):
    """Keep the libraries in the order the test adds their cards."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ClearLibrary(Statement):
    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SetLife(Statement):
    player: str
    life: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AddCard(Statement):
    """`addCard(Zone.<zone>, player, name[, count][, tapped])`."""

    zone: str
    player: str
    name: str
    count: int = 1
    tapped: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class AddCounters(Statement):
    """Counters on a starting permanent, put on in turn 1's upkeep."""

    player: str
    name: str
    counter_type: str
    amount: int

    def imports(self) -> tuple[str, ...]:
        return (COUNTER_TYPE,)


# -------------------------------------------------------------------------------------- choices
@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseUse(Statement):
    """`setChoice(player, true|false)`: a yes/no question (the gift's promise, Twincast's new targets)."""

    player: str
    value: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ChoosePlayer(Statement):
    player: str
    chosen: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseText(Statement):
    player: str
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseMode(Statement):
    """`setModeChoice(player, "2")`: a mode of a modal spell by its number (TestPlayer.chooseMode), one per
    mode chosen; `TestPlayer.MODE_SKIP` (`skip`) stops choosing before the most modes."""

    player: str
    mode: int | None

    def imports(self) -> tuple[str, ...]:
        return (TEST_PLAYER,) if self.mode is None else ()


@dataclass(frozen=True, slots=True, kw_only=True)
class AddTarget(Statement):
    player: str
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AddTargetPlayer(Statement):
    player: str
    target: str
    """The targeted player's variable."""


@dataclass(frozen=True, slots=True, kw_only=True)
class AddTargetSkip(Statement):
    player: str

    def imports(self) -> tuple[str, ...]:
        return (TEST_PLAYER,)


# ---------------------------------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True, kw_only=True)
class CastSpell(Timed):
    """`castSpell(...)` with at most one of the target forms, and the spell it waits for on the stack;
    waiting without a target names `TestPlayer.NO_TARGET`."""

    player: str
    name: str
    target: str | None = None
    target_player: str | None = None
    on_stack: str | None = None

    @property
    def no_target(self) -> bool:
        return self.on_stack is not None and self.target is None and self.target_player is None

    def imports(self) -> tuple[str, ...]:
        return (PHASE_STEP, TEST_PLAYER) if self.no_target else (PHASE_STEP,)


@dataclass(frozen=True, slots=True, kw_only=True)
class ActivateAbility(Timed):
    """`activateAbility(turn, step, player, ability[, target])`: `ability` is the start of the ability's
    rules text (XMage picks the first ability whose text starts so)."""

    player: str
    ability: str
    target: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayLand(Timed):
    """`playLand(turn, step, player, cardName)`: play a land from the hand (305.1)."""

    player: str
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ActivateManaAbility(Timed):
    player: str
    ability: str
    times: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class WaitStack(Timed):
    """Until the stack is empty."""


@dataclass(frozen=True, slots=True, kw_only=True)
class WaitResolutions(Timed):
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class WaitStackFor(Timed):
    """The wait of one player still in the game (`waitStackResolved(turn, step, player)`)."""

    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class WaitOneFor(Timed):
    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckPlayable(Timed):
    """`checkPlayableAbility(check, ..., ability, false)`: the ability is not playable then."""

    player: str
    check: str
    ability: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Attack(Statement):
    """`attack(turn, player, attacker[, defender])`: XMage's test player declares it as an attacker in that
    turn's declare attackers step (the harness gives no step: it is always that one)."""

    turn: int
    player: str
    attacker: str
    defender: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Block(Statement):
    """`block(turn, player, blocker, attacker)`: XMage's test player declares `blocker` blocking `attacker` in
    that turn's declare blockers step (the harness gives no step: it is always that one)."""

    turn: int
    player: str
    blocker: str
    attacker: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseAmounts(Statement):
    """`setChoiceAmount(player, amounts...)`: the answer to a dialogue dividing an amount (an attacker's combat
    damage among its blockers, 510.1c), one amount per entry."""

    player: str
    amounts: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Concede(Timed):
    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StopAt(Timed):
    """Where the game stops (as that step begins)."""


# -------------------------------------------------------------------------------------- assertions
@dataclass(frozen=True, slots=True, kw_only=True)
class AssertLife(Statement):
    player: str
    life: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertPlayerAbility(Statement):
    """A keyword ability a player has or lacks (a player's hexproof, 702.11d): XMage keeps it among the
    player's own abilities, which the game's player object answers for."""

    player: str
    keyword_class: str
    has: bool

    def imports(self) -> tuple[str, ...]:
        return ("org.junit.Assert", f"mage.abilities.keyword.{self.keyword_class}")


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertExtraTurns(Statement):
    """The extra turns still to come, in order, by the player who takes each: XMage keeps them in the
    game state's turn modifications until each is taken (`TurnMods.useNextExtraTurn` removes it)."""

    players: tuple[str, ...]

    def imports(self) -> tuple[str, ...]:
        return ("org.junit.Assert", "mage.game.turn.TurnMod", "java.util.Arrays", "java.util.stream.Collectors")


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertPromised(Statement):
    """Whether each permanent of the name was cast with its gift promised: XMage keeps the promise
    (`GiftAbility.GIFT_ACTIVATION_VALUE_KEY`) among the cost tags it stores for the permanent, under the
    reference of the spell it was (one zone change before the permanent's)."""

    name: str
    promised: bool

    def imports(self) -> tuple[str, ...]:
        return ("org.junit.Assert", "mage.MageObjectReference", "mage.abilities.keyword.GiftAbility",
                "java.util.Arrays", "java.util.stream.Collectors")


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertTurn(Statement):
    """`assertTurn(turn)`: the game's turn number where the test stops (XMage's first turn is 1, and every
    turn begun counts, an extra one too)."""

    turn: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertActivePlayer(Statement):
    """`assertActivePlayer(player)`: whose turn it is where the test stops."""

    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertStackEmpty(Statement):
    """Nothing is on the stack where the test stops (`currentGame.getStack()`)."""

    def imports(self) -> tuple[str, ...]:
        return ("org.junit.Assert",)


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertLibraryTop(Statement):
    """The names of the cards on top of a player's library, top first (`Library.getCards` is in order)."""

    player: str
    names: tuple[str, ...]

    def imports(self) -> tuple[str, ...]:
        return ("org.junit.Assert", "java.util.Arrays", "java.util.stream.Collectors")


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertUnattached(Statement):
    """Whether each permanent of the name is attached to nothing (`Permanent.getAttachedTo()` is null)."""

    name: str
    unattached: bool

    def imports(self) -> tuple[str, ...]:
        return ("org.junit.Assert", "java.util.Arrays", "java.util.stream.Collectors")


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertLost(Statement):
    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertNotLost(Statement):
    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertWon(Statement):
    """`assertWonTheGame(player)`: the game ended with this player its winner (104.2a)."""

    player: str


CountedZone = Literal["Hand", "Graveyard", "Exile", "Library", "Permanent", "Token"]
"""What XMage's `assert<zone>Count` counts."""


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertCount(Statement):
    """How many objects (of one name, or in all) a player has in a zone, or tokens of a name."""

    zone: CountedZone
    player: str
    name: str | None
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertTapped(Statement):
    name: str
    tapped: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertCounter(Statement):
    player: str
    name: str
    counter_type: str
    count: int

    def imports(self) -> tuple[str, ...]:
        return (COUNTER_TYPE,)


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertPowerToughness(Statement):
    """`all_of_them`: every permanent of that name must have it (`Filter.ComparisonScope.All`)."""

    player: str
    name: str
    power: int
    toughness: int
    all_of_them: bool = False

    def imports(self) -> tuple[str, ...]:
        return ("mage.filter.Filter",) if self.all_of_them else ()


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertAbility(Statement):
    """A keyword ability (its `mage.abilities.keyword` class; `new_instance`: built with `new`, not the
    singleton) present or absent; `count` permanents of that name when more than one."""

    player: str
    name: str
    keyword_class: str
    new_instance: bool
    has: bool
    count: int | None = None

    def imports(self) -> tuple[str, ...]:
        return (f"mage.abilities.keyword.{self.keyword_class}",)


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertAttached(Statement):
    player: str
    name: str
    host: str
    attached: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertDamage(Statement):
    player: str
    name: str
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertColor(Statement):
    player: str
    name: str
    colors: str
    """Colour letters (`"WU"`)."""
    has: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertType(Statement):
    name: str
    card_type: str
    """The `CardType` constant."""
    has: bool

    def imports(self) -> tuple[str, ...]:
        return ("mage.constants.CardType",)


@dataclass(frozen=True, slots=True, kw_only=True)
class AssertSubtype(Statement):
    name: str
    subtype: str
    """The `SubType` constant."""

    def imports(self) -> tuple[str, ...]:
        return ("mage.constants.SubType",)


# ---------------------------------------------------------------------------------- methods, class
@dataclass(frozen=True, slots=True)
class MustThrow:
    """`execute()` must fail with a message containing one of `texts`; `refusal` says what must have failed."""

    texts: tuple[str, ...]
    refusal: str


@dataclass(slots=True)
class TestMethod:
    """One `@Test`: the commands (`arrange`), where the game stops, `execute()` (or a must-throw block),
    the assertions; `ignore` is the reason of an `@Ignore`."""

    __test__: ClassVar[bool] = False  # not a pytest test class
    name: str
    scenario: str
    stop: StopAt
    arrange: list[Statement] = field(default_factory=list)
    fails: MustThrow | None = None
    asserts: list[Statement] = field(default_factory=list)
    ignore: str | None = None

    def imports(self) -> set[str]:
        names = {"org.junit.Test", *self.stop.imports()}
        names.update(name for statement in [*self.arrange, *self.asserts] for name in statement.imports())
        if self.fails is not None:
            names.add("org.junit.Assert")
        if self.ignore is not None:
            names.add("org.junit.Ignore")
        return names


@dataclass(frozen=True, slots=True)
class RulesTest:
    """The test that compares the card's rules text in XMage with the printed `lines`, both as XMage's
    `VerifyCardDataTest` prepares them (`cardgen.engines.xmage.verify`): `self_reference` is what it
    writes for `{this}`."""

    __test__: ClassVar[bool] = False
    name: str
    card_name: str
    lines: tuple[str, ...]
    self_reference: str = ""
    IMPORTS: ClassVar[tuple[str, ...]] = ("mage.cards.Card", "mage.cards.decks.CardNameUtil",
                                          "mage.cards.repository.CardRepository", "mage.util.CardUtil",
                                          "org.junit.Assert", "org.junit.Test", "java.util.ArrayList",
                                          "java.util.Arrays", "java.util.List", "java.util.stream.Collectors")


MULTIPLAYER_IMPORTS = ("mage.constants.MultiplayerAttackOption", "mage.constants.RangeOfInfluence",
                       "mage.game.FreeForAll", "mage.game.Game", "mage.game.GameException",
                       "mage.game.mulligan.MulliganType", "java.io.FileNotFoundException")


@dataclass(slots=True)
class TestClass:
    """A test class of one card: `created` lists the players a free-for-all creates (empty for a duel on
    `CardTestPlayerBase`), `seats` the players in turn order."""

    __test__: ClassVar[bool] = False
    package: str
    name: str
    seats: tuple[str, ...]
    created: tuple[str, ...] = ()
    rules: RulesTest | None = None
    methods: list[TestMethod] = field(default_factory=list)
    author: str = DEFAULT_AUTHOR
    """The `@author` of the test class: the card spec's."""

    @property
    def base(self) -> str:
        return "CardTestMultiPlayerBase" if self.created else "CardTestPlayerBase"

    def imports(self) -> list[str]:
        """Every class the file names, the framework's first, the JDK's (`java.`) after."""
        names = {f"org.mage.test.serverside.base.{self.base}", "org.junit.Test"}
        if self.methods:
            names.add(ZONE)
        if self.rules is not None:
            names.update(RulesTest.IMPORTS)
        if self.created:
            names.update(MULTIPLAYER_IMPORTS)
        names.update(name for method in self.methods for name in method.imports())
        return _java_order(names)


def _java_order(names: Iterable[str]) -> list[str]:
    return sorted(names, key=lambda name: (name.startswith("java."), name))
