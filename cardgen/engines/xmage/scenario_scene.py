"""What planning one XMage test method reads and keeps: the scenario and its seats (`Scene`), and the
fixtures the test adds that the scenario leaves implicit (`Fixtures`).

The scenario's players map to XMage's in turn order starting with the active one (`playerA` is always
active on turn 1). XMage's harness needs things a scenario leaves implicit, so the plan adds them as
fixtures and accounts for them in the counts it asserts: basic lands that pay each spell's or ability's
mana cost (the resolver does not charge mana), a `Twincast` for a `copy:` action.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardgen.engines.xmage.harness import AddCard, CountedZone, Statement
from cardgen.engines.xmage.scenario_play import Events
from cardgen.model.card import Card
from cardgen.resolver.scenario.loader import LoadedScenario
from cardgen.resolver.scenario.model import Scenario

STEPS = ("untap", "upkeep", "draw", "main1", "combat", "main2", "end", "cleanup")
PHASE_STEPS = {
    "untap": "UNTAP", "upkeep": "UPKEEP", "draw": "DRAW", "main1": "PRECOMBAT_MAIN", "combat": "BEGIN_COMBAT",
    "main2": "POSTCOMBAT_MAIN", "end": "END_TURN", "cleanup": "CLEANUP",
}
"""The scenario's steps and XMage's `PhaseStep` constants for them."""
QUIET_STEPS = ("main1", "combat", "main2")
"""The steps in which nothing happens as they begin (a test may stop right at one)."""
BASIC_LANDS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
COLORLESS_LAND = "Wastes"
LIBRARY_FILLER = "Island"
"""What stands for the scenario's anonymous library cards when a library must have an exact size."""
XMAGE_DECK_CARD = "Mountain"
"""What XMage's default test deck holds (RB Aggro.dck: Mountains), drawn when a library is left as is."""
ANONYMOUS_CARD = "Library Card"
START_ZONES = (("hand", "HAND"), ("graveyard", "GRAVEYARD"), ("exile", "EXILED"))
"""The scenario's starting zones other than the library and the battlefield, and XMage's `Zone` for each."""
COUNTED_ZONES: dict[str, CountedZone] = {"hand": "Hand", "graveyard": "Graveyard", "exile": "Exile",
                                         "library": "Library", "battlefield": "Permanent"}
"""A player's zones as the scenario counts them, and how XMage's `assert<zone>Count` names each."""
DEFAULT_LIBRARY = 20


@dataclass(slots=True)
class Problem:
    """One part of a scenario the harness can't express: where and which field."""

    path: tuple[str | int, ...]
    field: str
    why: str


@dataclass(slots=True)
class Scene:
    """One scenario as an XMage test plans it: `seats` maps its players to XMage's player variables;
    `snapshot` is the final state the resolver reached (None when the scenario does not pass), `events`
    what it did per action (`scenario_play.play`). Planning reports to `problems` what the harness cannot
    say, and sets `unplayable` when that leaves the test unable to run as the scenario means."""

    loaded: LoadedScenario
    card: Card
    pool: Mapping[str, Card]
    seats: dict[str, str]
    snapshot: Mapping[str, Any] | None
    events: list[Events]
    problems: list[Problem] = field(default_factory=list)
    unplayable: str | None = None

    @property
    def scenario(self) -> Scenario:
        return self.loaded.scenario

    def seat(self, name: str) -> str:
        return self.seats[name]

    def problem(self, path: tuple[str | int, ...], field_name: str, why: str, unplayable: str | None = None) -> None:
        self.problems.append(Problem(path, field_name, why))
        if unplayable is not None:
            self.unplayable = unplayable

    def is_token_name(self, name: str) -> bool:
        return name not in self.pool and name != ANONYMOUS_CARD

    def xmage_name(self, name: str) -> str:
        """The name XMage gives the object: cards keep theirs, tokens end in " Token"."""
        return f"{name} Token" if self.is_token_name(name) and not name.endswith(" Token") else name

    def draw_for_an_empty_library(self, name: str) -> bool:
        """Whether player `name` is XMage's first player of a free-for-all whose library the scenario starts
        empty in a step after the draw: XMage's turn 1 has them draw (103.8c), which would lose them the game
        (704.5b), so the test adds the card they drew before the scenario began."""
        start = self.scenario.players[name]
        return (len(self.seats) > 2 and self.seats.get(name) == "playerA" and self.library_cleared(name)
                and not start.library and STEPS.index(self.scenario.step) > STEPS.index("draw"))

    def library_cleared(self, name: str) -> bool:
        """Whether player `name`'s library is made anew (an exact list or size, or one the test counts)."""
        start = self.scenario.players[name]
        expected = self.scenario.expect.players.get(name)
        checked = expected is not None and expected.library is not None
        return isinstance(start.library, list) or start.library != DEFAULT_LIBRARY or checked


@dataclass(slots=True)
class Fixtures:
    """What the test adds for the harness: the mana costs each player pays (lands are added for them),
    the cards given for actions (a `Twincast` in hand), and those of them that end in a graveyard."""

    costs: dict[str, list[str]]
    cards: list[Statement] = field(default_factory=list)
    graveyard: dict[str, Counter[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, players: Sequence[str]) -> Fixtures:
        return cls({player: [] for player in players}, [], {player: Counter() for player in players})

    def lands(self) -> dict[str, Counter[str]]:
        """The lands each player gets to pay for what they cast and activate."""
        return {player: lands_for(costs) for player, costs in self.costs.items()}

    def land_cards(self) -> list[Statement]:
        return [AddCard(zone="BATTLEFIELD", player=player, name=land, count=count)
                for player, owned in sorted(self.lands().items()) for land, count in sorted(owned.items())]


def lands_for(costs: Sequence[str]) -> Counter[str]:
    """Basic lands that pay every cost in `costs` (`{2}{U}{U}`, one per cast or activation of a player),
    whatever lands XMage's auto-payment taps for the generic part: a land per colored symbol (a hybrid or
    Phyrexian one by its first color), and for the generic mana of all the costs, that many more lands of
    each color used (Wastes when none is), since the auto-payment may pay generic mana with any land."""
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
            elif "/" in symbol:  # hybrid ({W/B}, {2/W}) or Phyrexian ({W/P}): paid with its first color's land
                color = next((part for part in symbol.split("/") if part in BASIC_LANDS), None)
                if color is not None:
                    colored[BASIC_LANDS[color]] += 1
    lands = Counter(colored)
    for land in (list(colored) or [COLORLESS_LAND]):
        lands[land] += generic
    return +lands
