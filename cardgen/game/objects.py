"""Objects of the game: characteristics, cards and tokens in zones, abilities on the stack, players.

Rule 400.7 is modelled directly: an object that changes zones becomes a new object with a new id. The old
object stays in `GameState.objects` marked `gone`, which is exactly the "last known information" the rules
use for "that creature's controller" after the creature has left.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

from cardgen.diagnostics import NodePath
from cardgen.model import subtypes
from cardgen.model.parts import GiftKind, TokenDef

if TYPE_CHECKING:  # the card and its kinds are assembled above this kit: it asks the card (`Card.enchant()`)
    from cardgen.game.state import GameState
    from cardgen.model.card import Ability, Card, Effect
    from cardgen.vocab.abilities.enchant import EnchantAbility
    from cardgen.vocab.abilities.triggered import TriggeredAbility

Entity = int | str
"""An object id (int) or a player name (str): what a target or a subject resolves to."""

ZoneName = Literal["library", "hand", "graveyard", "exile", "battlefield", "stack"]
PLAYER_ZONES: tuple[ZoneName, ...] = ("library", "hand", "graveyard", "exile")


def _pt_value(text: str | None) -> int | None:
    if text is None:
        return None
    return 0 if text == "*" else int(text)


@dataclass(frozen=True, slots=True)
class Characteristics:
    """Copiable values of an object (rule 707.2): what a copy effect copies."""

    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    keywords: tuple[str, ...] = ()
    mana_value: int = 0
    card: Card | None = None
    """The spec whose abilities the object has (None for plain tokens and library filler)."""
    rules: tuple[str, ...] = ()
    """A token's rules text lines other than keywords (a Food's "{2}, {T}, Sacrifice this artifact: ...")."""
    token_abilities: tuple[Ability, ...] = ()
    """A predefined token's abilities (a Food's activated ability, a Treasure's mana ability)."""

    @property
    def abilities(self) -> tuple[Ability, ...]:
        return (tuple(self.card.abilities) if self.card else ()) + self.token_abilities

    @property
    def gift(self) -> GiftKind | None:
        return self.card.gift if self.card else None

    def is_type(self, word: str) -> bool:
        """`word` is a lower-case type word of the spec vocabulary (`creature`, `permanent`)."""
        if word == "permanent":
            return any(t in ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")
                       for t in self.types)
        return word.capitalize() in self.types

    def has_subtype(self, word: str) -> bool:
        """`word` is one of its subtypes (205.3); changeling makes it every creature type (702.73a)."""
        return word in self.subtypes or ("changeling" in self.keywords and subtypes.kinds().get(word) == "creature")

    @property
    def is_permanent_card(self) -> bool:
        return self.is_type("permanent")

    @property
    def enchant(self) -> EnchantAbility | None:
        return self.card.enchant() if self.card else None

    def with_pt(self, pt: str | None) -> Characteristics:
        if pt is None:
            return self
        power, toughness = pt.split("/")
        return replace(self, power=_pt_value(power), toughness=_pt_value(toughness))


def card_characteristics(card: Card) -> Characteristics:
    """The printed characteristics of a spec."""
    keywords = card.keywords()
    colors = card.mana_cost.colors if card.mana_cost else ()
    return Characteristics(
        name=card.name,
        types=tuple(card.types),
        subtypes=tuple(card.subtypes),
        supertypes=tuple(card.supertypes),
        colors=tuple(colors),
        power=_pt_value(card.power),
        toughness=_pt_value(card.toughness),
        keywords=keywords,
        mana_value=card.mana_cost.mana_value if card.mana_cost else 0,
        card=card,
    )


def token_characteristics(token: TokenDef, abilities: tuple[Ability, ...] = ()) -> Characteristics:
    """The characteristics of a token made from `token`; `abilities` are those of a predefined token
    (`cardgen.vocab.tokens.characteristics_of` hands them in)."""
    power, toughness = token.pt.split("/") if token.pt else (None, None)
    return Characteristics(
        name=token.name,
        types=tuple(token.types),
        subtypes=tuple(token.subtypes),
        supertypes=tuple(token.supertypes),
        colors=tuple(token.colors),
        power=_pt_value(power),
        toughness=_pt_value(toughness),
        keywords=tuple(token.keywords),
        rules=tuple(line for line in token.text.split("\n") if line),
        token_abilities=abilities,
    )


_ATOMIC = frozenset({int, str, bool, float, type(None)})


def _slots_deepcopy(self: Any, memo: dict[int, Any]) -> Any:
    """`copy.deepcopy` of a slotted game record, as the generic one makes it (each field deep-copied under
    the same memo, so shared parts stay shared) without its per-field dispatch for the plain values most
    fields hold: a checkpoint (`GameState.checkpoint`) copies every object of the game."""
    cls = type(self)
    new = object.__new__(cls)
    memo[id(self)] = new
    for name in cls.__slots__:
        value = getattr(self, name)
        setattr(new, name, value if type(value) in _ATOMIC else copy.deepcopy(value, memo))
    return new


FILLER = Characteristics(name="Library Card", types=("Land",))
"""An anonymous card for libraries given only as a size: drawn, counted, never cast."""


@dataclass(slots=True)
class SpellInfo:
    """What was decided while casting (601.2b-c) and travels with the spell until it resolves."""

    targets: dict[NodePath, list[Entity]] = field(default_factory=dict)
    """Target slot key (see `targeting.target_slots`) -> chosen entities."""
    is_copy: bool = False
    x: int = 0
    """The value announced for X (601.2b), 0 for a spell whose cost has no {X}; a copy keeps it (707.10)."""
    modes: tuple[int, ...] | None = None
    """The modes chosen for a modal spell (700.2a, indexes from 0), None for a spell that isn't one; a copy
    keeps them (707.10)."""

    __deepcopy__ = _slots_deepcopy


@dataclass(slots=True)
class GameObject:
    """A card or token in a zone, or a spell on the stack."""

    oid: int
    chars: Characteristics
    owner: str
    controller: str
    zone: ZoneName
    is_token: bool = False
    tapped: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    damage: int = 0
    deathtouch_damage: bool = False
    phased_out: bool = False
    phased_out_controller: str | None = None
    """Who controlled it as it phased out: it phases in during that player's untap step (502.1)."""
    attached_to: int | None = None
    attacking: str | None = None
    """The player it is attacking, from its declaration as an attacker (508.1) until it is removed from
    combat as the combat phase ends (511.3); None: not attacking."""
    blocked_by: list[int] = field(default_factory=list)
    """An attacker's blockers, in the order they were declared (509.1); it stays blocked once blockers were
    declared for it, even when they leave combat (509.1h, 506.4)."""
    blocked: bool = False
    """An attacking creature that became blocked (509.1h): it deals no damage to the player unless it has
    trample (510.1c, 702.19e)."""
    blocking: int | None = None
    """The attacker a blocking creature blocks (509.1a), until combat ends (511.3); None: not blocking."""
    targeted_by: dict[str, int] = field(default_factory=dict)
    """Player -> the last turn a spell or ability they control targeted it (valiant: "for the first time each
    turn"); a new object after a zone change starts afresh (400.7)."""
    triggered_turn: dict[int, int] = field(default_factory=dict)
    """Index of a triggered ability that "triggers only once each turn" -> the last turn it triggered; a new
    object after a zone change starts afresh (400.7)."""
    timestamp: int = 0
    entered_turn: int | None = None
    damaged_turn: int | None = None
    """The last turn it was dealt damage (120.3): "that was dealt damage this turn"."""
    controlled_since: int | None = None
    """The turn in which it came under its current controller's control (it entered, or its controller
    changed, 302.6); None: since before the scenario began."""
    seen_controller: str | None = None
    """Its controller when last looked at (`continuous.note_control`), to notice a change of control."""
    promised: bool = False
    gift_recipient: str | None = None
    class_level: int = 1
    """A Class's level, a designation of the permanent (716.2d): 1 as it enters, N once its level ability
    resolves (716.2a); a new object is level 1 again (400.7)."""
    chosen: dict[str, str] = field(default_factory=dict)
    """What was chosen as it entered (614.12a: `color` -> `G`, its mana symbol; `creature_type` -> `Rabbit`), which its
    abilities of "the chosen color" / "the chosen type" read (607.2a); a new object chooses anew (400.7)."""
    offspring_paid: bool = False
    """Its offspring cost was paid as it was cast (702.175a): a spell's, and the permanent's it became."""
    spell: SpellInfo | None = None
    gone: bool = False
    """True once the object left its zone (rule 400.7); kept for last known information."""
    last_power: int | None = None
    """Its power as it last existed on the battlefield (608.2h: "damage equal to its power" of a dies trigger)."""
    last_keywords: frozenset[str] = frozenset()
    """The keywords it had as it last existed on the battlefield (608.2h: a source that left deals its
    damage with them, deathtouch and lifelink included)."""

    __deepcopy__ = _slots_deepcopy

    @property
    def name(self) -> str:
        return self.chars.name

    @property
    def is_copy(self) -> bool:
        """A copy: of a spell on the stack (707.10), or a token with a card's copiable values (707.2: a
        token copy of a creature; a copy of a permanent spell becomes one, 707.10f)."""
        if self.spell is not None:
            return self.spell.is_copy
        return self.is_token and self.chars.card is not None


@dataclass(slots=True)
class StackAbility:
    """A triggered or activated ability on the stack (rule 113.3)."""

    sid: int
    source: int
    """Id of the source object (may be gone: the ability resolves independently, 113.7a)."""
    source_name: str
    controller: str
    text: str
    effects: list[Effect]
    targets: dict[NodePath, list[Entity]] = field(default_factory=dict)
    promised: bool = False
    gift_recipient: str | None = None
    intervening_if: Any = None
    refs: dict[str, list[Entity]] = field(default_factory=dict)
    gift: GiftKind | None = None
    resolve: Callable[[GameState, StackAbility], None] | None = None
    """How a trigger a keyword is resolves, where it has no spec effects (ward's "counter that spell or
    ability unless that player pays", 702.21a): `(state, ability)`; None: its effects."""


@dataclass(slots=True)
class PendingTrigger:
    """A triggered ability waiting to be put on the stack the next time a player would get priority."""

    controller: str
    source: int
    source_name: str
    ability: TriggeredAbility | None
    effects: list[Effect]
    text: str
    order: tuple[int, int]
    """(timestamp of the source, index of the ability): the order the controller puts them on the stack."""
    promised: bool = False
    gift_recipient: str | None = None
    refs: dict[str, list[Entity]] = field(default_factory=dict)
    gift: GiftKind | None = None
    resolve: Callable[[GameState, StackAbility], None] | None = None
    """See `StackAbility.resolve`."""


@dataclass(slots=True)
class DelayedTrigger:
    """"At the beginning of the next end step, ..." created by a resolving effect (603.7)."""

    controller: str
    source: int
    source_name: str
    effects: list[Effect]
    not_before_turn: int
    promised: bool
    gift_recipient: str | None
    refs: dict[str, list[Entity]]


Duration = str
"""A duration construct's kind (`cardgen/vocab/durations/`: `end_of_turn`, ...), or `static` for the effect of a
static ability, which lasts as long as the ability: what `state.durations` knows when it ends."""


@dataclass(slots=True)
class ContinuousEffect:
    """A continuous effect from a resolved spell or ability (611.2), with the objects or players it
    affects locked in as it began (611.2c)."""

    kind: Literal["pump", "keywords", "protection", "life_cant_change", "cant_cast", "restriction"]
    controller: str
    duration: Duration
    timestamp: int
    objects: tuple[int, ...] = ()
    players: tuple[str, ...] = ()
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    restriction: tuple[str, int] = ("", 0)
    """A `restriction` effect's blocking restriction (509.1b), as a static ability's (`GameState.restrictions`)."""

    __deepcopy__ = _slots_deepcopy


@dataclass(slots=True)
class Player:
    name: str
    life: int = 20
    library: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    graveyard: list[int] = field(default_factory=list)
    exile: list[int] = field(default_factory=list)
    lost: bool = False
    drew_from_empty: bool = False
    spent_on_spells: int = 0
    """The mana the player spent to cast spells this turn, the running total "expend" counts (a spell's
    mana cost is paid with its mana value's worth of mana)."""
    life_gained_this_turn: int = 0
    """The life the player gained this turn (119.3), for "if you gained life this turn"."""
    life_lost_this_turn: int = 0
    """The life the player lost this turn (119.3; damage, 120.3a, and life paid, 119.4, too)."""
    creatures_died_this_turn: int = 0
    """The creatures put into a graveyard from the battlefield this turn while the player controlled them
    (700.4), tokens too, for "for each creature that died under your control this turn"."""
    spells_cast_this_turn: int = 0
    """The spells the player cast this turn (601.2i), for "whenever a player casts their second spell each
    turn"."""
    lands_played: int = 0
    """Lands the player played this turn (305.2: one, normally)."""
    mana_pool: int = 0
    """Mana of any type a mana ability added and nothing spent yet (106.4); it empties as each step ends
    (500.4). Mana costs are otherwise assumed paid: this is the mana a scenario made on purpose."""
    creature_only_mana: int = 0
    """Of `mana_pool`, the mana that may be spent only to cast a creature spell (a restriction of the ability
    that made it, 106.6)."""
    kept_mana: int = 0
    """Of `mana_pool`, the mana the player doesn't lose as steps and phases end this turn (106.4a: "Until end
    of turn, you don't lose this mana"); it empties as the turn ends."""

    __deepcopy__ = _slots_deepcopy

    def zone(self, name: ZoneName) -> list[int]:
        cards: list[int] = getattr(self, name)
        return cards


__all__ = [
    "FILLER", "PLAYER_ZONES", "Characteristics", "ContinuousEffect", "DelayedTrigger", "Entity",
    "GameObject", "PendingTrigger", "Player", "SpellInfo", "StackAbility", "ZoneName",
    "card_characteristics", "token_characteristics",
]
