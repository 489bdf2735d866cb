"""The scenario format: a behaviour test a contributor writes in YAML, in the spirit of XMage's card
tests. One file per card (`scenarios/<set>/<card slug>.yaml`), many scenarios per file.

```yaml
card: Blooming Blast
scenarios:
  - name: promised, 2 to the creature and 3 to its controller
    players:                       # turn order; the first is active unless `active:` says otherwise
      alice: {hand: [Blooming Blast]}
      bob: {battlefield: [Grizzly Bears]}
    actions:
      - cast: Blooming Blast       # by the active player unless `by:`; resolves unless `hold: true`
        gift: bob                  # promise the gift to bob (omit: not promised)
        targets: [Grizzly Bears]   # one entry per target slot; a list for a multi-target slot
    expect:
      players:
        bob: {life: 17, graveyard: [Grizzly Bears], battlefield: [Treasure]}
      events:                      # an ordered subsequence of the event log
        - {event: gift_given, to: bob, gift: treasure}
        - {event: damage, to: Grizzly Bears, amount: 2}
```
Every model forbids unknown keys, so a typo is an error with its file:line.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import AfterValidator, BaseModel, ConfigDict, Discriminator, Field, Tag, field_validator, model_validator

from cardgen.game.events import EVENT_TYPES
from cardgen.game.state import STEPS
from cardgen.model.card import CardType, Color, CounterKind, Keyword, PredefinedToken, Zone


class ScenarioModel(BaseModel):
    """Base of every scenario record. As the spec models' (`cardgen.model.card.SpecModel`), validators are
    built on first use and from the core schema an earlier process stored for this code (building them
    at import was a fifth of a one-card `cardgen check`)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    @classmethod
    def model_rebuild(cls, *, force: bool = False, raise_errors: bool = True, _parent_namespace_depth: int = 2,
                      _types_namespace: Any = None) -> bool | None:
        from cardgen.model import prebuilt

        if not force and not cls.__pydantic_complete__ and _types_namespace is None \
                and prebuilt.load(cls, _SCHEMA_MODULES):
            return True
        built = super().model_rebuild(force=force, raise_errors=raise_errors,
                                      _parent_namespace_depth=_parent_namespace_depth + 1,
                                      _types_namespace=_types_namespace)
        if built and not force and cls.__pydantic_complete__:
            prebuilt.store(cls, _SCHEMA_MODULES)
        return built


_SCHEMA_MODULES = (__name__, "cardgen.game.events", "cardgen.game.state", "cardgen.model.card", "cardgen.model.mana",
                   "cardgen.model.parts")
"""The modules whose source the scenario models' core schemas depend on (models, validator functions and
the tables they read)."""


Name = Annotated[str, Field(min_length=1, max_length=141)]
PlayerName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,19}$")]
StartLife = Annotated[int, Field(strict=True, ge=-999, le=999)]
"""A starting life total (bounded: a scenario never needs more, and a 5,000-digit one is a mistake)."""
Life = Annotated[int, Field(strict=True, ge=-99_999, le=99_999)]
"""An expected life total."""
Count = Annotated[int, Field(strict=True, ge=0, le=999)]
"""An expected number of cards, tokens, counters."""
Stat = Annotated[int, Field(strict=True, ge=-999, le=999)]
"""An expected power, toughness or damage."""
TurnNumber = Annotated[int, Field(strict=True, ge=1, le=999)]
Step = Literal["untap", "upkeep", "draw", "main1", "combat", "main2", "end", "cleanup"]
assert set(Step.__args__) == set(STEPS)  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------------------ references


class ObjectRef(ScenarioModel):
    """A card or token by name, narrowed when the name alone is ambiguous: by who controls it (on the
    battlefield and the stack; elsewhere who owns it), who owns it, its zone, whether it is a token,
    whether it is a copy ("the copy": a copy of a spell on the stack, or a token that copies a card's
    characteristics on the battlefield, 707.2), and `nth`: the Nth of the objects that fit, oldest first
    (permanents by the time they entered, the stack from the bottom, other zones in their order)."""

    name: Name
    controller: PlayerName | None = None
    owner: PlayerName | None = None
    zone: Zone | None = None
    token: bool | None = None
    copy_: bool | None = Field(default=None, alias="copy")
    nth: Annotated[int, Field(strict=True, ge=1, le=60)] | None = None


class PlayerRef(ScenarioModel):
    player: PlayerName


Ref = Union[Name, ObjectRef, PlayerRef]
"""A plain string is a player when it is a player's name, else an object name."""
ObjectName = Union[Name, ObjectRef]
"""An object by name, or by a reference when the name is ambiguous."""


def ref_name(ref: object) -> str:
    """The name an object reference (or plain name) selects by."""
    return ref.name if isinstance(ref, ObjectRef) else str(ref)
TargetEntry = Union[Ref, list[Ref]]


# --------------------------------------------------------------------------------------- start state


class CardCount(ScenarioModel):
    card: Name
    count: Annotated[int, Field(strict=True, ge=1, le=60)] = 1


_ENTRY_FIELDS = {"card", "token", "count", "controller", "tapped", "counters", "attached_to", "phased_out",
                 "damage", "promised", "gift"}


def _cards(value: Any) -> Any:
    """`[Shock, {Island: 3}]` -> card/count records."""
    if not isinstance(value, list):
        return value
    out: list[Any] = []
    for item in value:
        if isinstance(item, dict) and len(item) == 1 and not set(item) & _ENTRY_FIELDS:
            (name, count), = item.items()
            out.append({"card": name, "count": count})
        elif isinstance(item, str):
            out.append({"card": item})
        else:
            out.append(item)
    return out


class PermanentStart(ScenarioModel):
    """A permanent in the starting position: `card` (a card in the pool) or `token` (a predefined
    token: food, treasure, fish, octopus)."""

    card: Name | None = None
    token: PredefinedToken | None = None
    count: Annotated[int, Field(strict=True, ge=1, le=60)] = 1
    controller: PlayerName | None = None
    tapped: bool = False
    counters: dict[CounterKind, Annotated[int, Field(strict=True, ge=1, le=99)]] = {}
    attached_to: Ref | None = None
    phased_out: bool = False
    damage: Annotated[int, Field(strict=True, ge=0, le=99)] = 0
    promised: bool = False
    """It was cast with its gift promised (702.174k: its "if the gift was promised" abilities see it)."""
    gift: PlayerName | None = None
    """Whom the gift was promised to (default: the next opponent in turn order); only with `promised`."""

    @model_validator(mode="after")
    def _one_source(self) -> PermanentStart:
        if (self.card is None) == (self.token is None):
            raise ValueError("give exactly one of `card` or `token`")
        if self.gift is not None and not self.promised:
            raise ValueError("`gift:` names the player a promised permanent's gift was promised to; add "
                             "`promised: true`")
        if self.promised and self.token is not None:
            raise ValueError("a token was never cast, so its gift was never promised")
        return self


class PlayerStart(ScenarioModel):
    life: StartLife = 20
    library: Annotated[int, Field(strict=True, ge=0, le=200)] | list[CardCount] = 20
    """A number is that many anonymous cards ("Library Card"); a list names cards, top first."""
    hand: list[CardCount] = []
    graveyard: list[CardCount] = []
    exile: list[CardCount] = []
    battlefield: list[PermanentStart] = []

    _normalize = field_validator("library", "hand", "graveyard", "exile", mode="before")(_cards)

    @field_validator("battlefield", mode="before")
    @classmethod
    def _permanents(cls, value: Any) -> Any:
        return _cards(value)


class StackStart(ScenarioModel):
    """A spell on the stack in the starting position, as if cast before the scenario begins (its cast
    triggers and costs are in the past): `by` (default the active player) owns and controls it, `gift`
    is the opponent it was promised to (omit: not promised), `targets` as for `cast:`."""

    spell: Name
    by: PlayerName | None = None
    gift: PlayerName | None = None
    targets: list[TargetEntry] = []


# -------------------------------------------------------------------------------------------- actions

class ChoiceEntry(ScenarioModel):
    """An answer that says who gives it, and whether it is a target: `{choose: Wind Drake, by: bob}`
    (bob decides), `{target: Grizzly Bears}` (a target chosen while the action runs, e.g. a trigger's).
    Engines' test harnesses script choices and targets per player; the resolver checks both."""

    choose: Ref | list[Ref] | None = None
    target: Ref | list[Ref] | None = None
    by: PlayerName | None = None

    @model_validator(mode="after")
    def _one_answer(self) -> ChoiceEntry:
        if (self.choose is None) == (self.target is None):
            raise ValueError("give exactly one of `choose` or `target`")
        return self

    @property
    def answer(self) -> Any:
        return self.choose if self.choose is not None else self.target


Choice = Union[bool, ChoiceEntry, Ref, list[Ref]]
"""`true` or `false` answers a yes/no question ("you may shuffle"); the others name options."""


class ActionBase(ScenarioModel):
    choices: list[Choice] = []
    """Answers, in order, to decisions made during this action (trigger targets, which card to exile,
    which creature to sacrifice among ties, which card to return); unanswered ones take the first option."""
    trigger_order: list[Name] = []
    """The order in which a player puts triggered abilities that trigger at the same time on the stack
    (603.3b): each entry, the start of an ability's text or its source's name, picks the next one to go on
    the stack (so the first listed resolves last); list all but the last one."""
    trigger_modes: Annotated[list[Annotated[list[Annotated[int, Field(strict=True, ge=1, le=5)]],
                                            Field(max_length=5)]], Field(max_length=10)] = []
    """The modes chosen for each modal triggered ability put on the stack during this action (700.2b,
    603.3c), in the order they go on the stack, each by mode numbers from 1 (`[[2]]`)."""
    error: str | None = None
    """The error code this action is expected to fail with (see `cardgen.game.errors.ERROR_CODES`)."""
    label: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")] | None = None
    """A name `events_between` can use for this action (else its index, from 0)."""


ManaPayment = Literal["assumed", "pool"]
"""How a mana cost is paid: `assumed` (what the pool lacks is assumed paid: mana is abstracted) or `pool`
(from the pool only, after the `pay_with` mana abilities: refused with `cost` when it holds too little,
601.2h)."""


class CastAction(ActionBase):
    cast: Name
    by: PlayerName | None = None
    gift: PlayerName | list[PlayerName] | None = None
    targets: list[TargetEntry] = []
    discard: list[Name] | None = None
    x: Annotated[int, Field(strict=True, ge=0, le=99)] | None = None
    """The value announced for X of a spell whose mana cost has {X} (601.2b); left out, X is 0."""
    offspring: bool = False
    """Pay the spell's offspring cost (702.175a: an optional additional cost); left out, it is not paid."""
    modes: Annotated[list[Annotated[int, Field(strict=True, ge=1, le=5)]], Field(max_length=5)] | None = None
    """The modes chosen for a modal spell (700.2a), by their number in the printed order from 1; a mode
    chosen twice is listed twice (700.2d). `targets` then lists the chosen modes' targets, in order."""
    from_zone: Literal["hand", "exile"] | None = Field(default=None, alias="from")
    pay_with: list[ObjectName] = []
    """Permanents whose mana abilities the caster activates while casting (605.3a, 601.2g): a Treasure."""
    mana: ManaPayment = "assumed"
    hold: bool = False
    """Leave the spell on the stack (to respond to it); otherwise all players pass until it is empty."""


class CopyAction(ActionBase):
    copy_: Ref = Field(alias="copy")
    by: PlayerName | None = None
    targets: list[TargetEntry | None] | None = None
    """New targets for the copy, one entry per target slot of the original (707.10c: an effect that says
    its controller may choose new targets); an original target named again, or `null` for the whole slot,
    is left unchanged (even if it is illegal now). Omitted: the copy keeps the original's targets."""
    hold: bool = False


class CounterAction(ActionBase):
    counter: Ref
    hold: bool = False


class EquipAction(ActionBase):
    equip: ObjectName
    to: Ref
    by: PlayerName | None = None
    hold: bool = False


class ActivateAction(ActionBase):
    """Activate an activated ability of a permanent (602.2): `ability` is its number among the permanent's
    activated abilities (from 1) or the start of its text, needed only when it has several. A mana ability
    doesn't use the stack (605.3b); another ability resolves unless `hold`."""

    activate: ObjectName
    ability: Annotated[int, Field(strict=True, ge=1, le=20)] | str | None = None
    by: PlayerName | None = None
    targets: list[TargetEntry] = []
    pay_with: list[ObjectName] = []
    """Permanents whose mana abilities the activator activates to pay the ability's mana cost (602.2b,
    601.2g)."""
    mana: ManaPayment = "assumed"
    hold: bool = False


class PlayAction(ActionBase):
    """Play a land from the hand (305.1, a special action: 116.2a): in a main phase of the player's own
    turn with an empty stack, one a turn (305.2). It doesn't use the stack; its "enters" triggers resolve
    unless `hold`."""

    play: Name
    by: PlayerName | None = None
    hold: bool = False


class AttackAction(ActionBase):
    """The active player declares these creatures as attackers (508.1), in this turn's combat (moving on
    to it from an earlier step), each attacking `defender` (default: the next opponent in turn order).
    Their attack triggers resolve unless `hold`; combat damage is dealt as the combat step ends (after
    the blocks a `block` action declares)."""

    attack: Annotated[list[ObjectName], Field(min_length=1)]
    defender: PlayerName | None = None
    hold: bool = False

    @field_validator("attack", mode="before")
    @classmethod
    def _one(cls, value: Any) -> Any:
        return [value] if isinstance(value, (str, dict)) else value


class BlockPair(ScenarioModel):
    """One block of a declaration: `blocker` blocks `attacker` (509.1a)."""

    blocker: ObjectName
    attacker: ObjectName


class BlockAction(ActionBase):
    """A defending player (`by`, default: the player the first attacker named attacks) declares blockers
    (509.1), all at once, in this turn's combat once attackers are declared: each pair a creature of theirs
    blocking a creature attacking them. The declaration is checked whole against the blocking
    restrictions (509.1b: "can't block", "can't be blocked", flying and reach, menace)."""

    block: Annotated[list[BlockPair], Field(min_length=1)]
    by: PlayerName | None = None

    @field_validator("block", mode="before")
    @classmethod
    def _one(cls, value: Any) -> Any:
        return [value] if isinstance(value, dict) else value


class PassAction(ActionBase):
    pass_: Annotated[int, Field(strict=True, ge=1, le=50)] = Field(alias="pass")
    """Resolve the top object of the stack this many times."""


class ResolveAction(ActionBase):
    resolve: Literal[True]
    """Resolve everything on the stack."""


class ConcedeAction(ActionBase):
    concede: PlayerName
    """That player concedes (104.3a) and leaves the game (800.4a); the others play on."""


class StepAction(ActionBase):
    step: Step
    hold: bool = False


class NextTurnAction(ActionBase):
    next_turn: Annotated[int, Field(strict=True, ge=1, le=20)]
    hold: bool = False


ACTION_KEYS: dict[str, str] = {
    "cast": "cast", "copy": "copy", "counter": "counter", "equip": "equip", "activate": "activate", "pass": "pass",
    "resolve": "resolve", "step": "step", "next_turn": "next_turn", "concede": "concede", "attack": "attack",
    "block": "block", "play": "play",
}
_WORDS = {"pass": {"pass": 1}, "resolve": {"resolve": True}, "next_turn": {"next_turn": 1}}


def _action_tag(value: Any) -> str | None:
    if isinstance(value, dict):
        found = [key for key in ACTION_KEYS if key in value]
        return found[0] if len(found) == 1 else None
    if isinstance(value, BaseModel):
        for key, model in _ACTION_MODELS.items():
            if isinstance(value, model):
                return key
    return None


Action = Annotated[
    Union[
        Annotated[CastAction, Tag("cast")],
        Annotated[CopyAction, Tag("copy")],
        Annotated[CounterAction, Tag("counter")],
        Annotated[EquipAction, Tag("equip")],
        Annotated[ActivateAction, Tag("activate")],
        Annotated[PassAction, Tag("pass")],
        Annotated[ResolveAction, Tag("resolve")],
        Annotated[StepAction, Tag("step")],
        Annotated[NextTurnAction, Tag("next_turn")],
        Annotated[ConcedeAction, Tag("concede")],
        Annotated[AttackAction, Tag("attack")],
        Annotated[BlockAction, Tag("block")],
        Annotated[PlayAction, Tag("play")],
    ],
    Discriminator(_action_tag, custom_error_type="action",
                  custom_error_message="an action has exactly one of: " + ", ".join(ACTION_KEYS)),
]
_ACTION_MODELS: dict[str, type[BaseModel]] = {
    "cast": CastAction, "copy": CopyAction, "counter": CounterAction, "equip": EquipAction,
    "activate": ActivateAction,
    "pass": PassAction, "resolve": ResolveAction, "step": StepAction, "next_turn": NextTurnAction,
    "concede": ConcedeAction, "attack": AttackAction, "block": BlockAction, "play": PlayAction,
}


# ---------------------------------------------------------------------------------------- expectations


class ZoneQuery(ScenarioModel):
    count: Count | None = None
    contains: list[Name] = []
    lacks: list[Name] = []


ZoneExpect = Union[Count, list[Name], ZoneQuery]
"""A count, an exact list of names (any order), or `{count, contains, lacks}`."""


class PlayerExpect(ScenarioModel):
    life: Life | None = None
    lost: bool | None = None
    library: ZoneExpect | None = None
    library_top: list[Name] | None = None
    """The top cards of the library in order, topmost first (the cards below them are not checked): what a
    scry or "put them back in any order" left. Meaningless after a shuffle (its order is random)."""
    hand: ZoneExpect | None = None
    graveyard: ZoneExpect | None = None
    exile: ZoneExpect | None = None
    battlefield: ZoneExpect | None = None
    """Permanents this player controls (phased-out ones included)."""
    tokens: dict[Name, Count] | None = None
    """Tokens this player controls, by name (names not listed are not checked)."""
    hexproof: bool | None = None
    protection: bool | None = None
    life_cant_change: bool | None = None
    cant_cast: bool | None = None
    mana_pool: Count | None = None
    """Mana in the player's pool, made by mana abilities and not spent yet (it empties as each step ends)."""


class PermanentExpect(ScenarioModel):
    """Selects permanents by `name` (and `owner`), or by `select` (an object reference: name, owner,
    controller, token, copy), then checks the other fields on every one selected."""

    name: Name | None = None
    select: ObjectRef | None = None
    owner: PlayerName | None = None
    count: Count | None = None
    controller: PlayerName | None = None
    tapped: bool | None = None
    counters: dict[CounterKind, Count] | None = None
    power: Stat | None = None
    toughness: Stat | None = None
    keywords: list[Keyword] | None = None
    has_keywords: list[Keyword] = []
    lacks_keywords: list[Keyword] = []
    attached_to: Name | None = None
    unattached: bool | None = None
    phased_out: bool | None = None
    token: bool | None = None
    damage: Stat | None = None
    protection: bool | None = None
    promised: bool | None = None
    """Whether the permanent's gift was promised (it was cast with the promise, 702.174k)."""
    colors: list[Color] | None = None
    """Exactly these colours (`[U]`; `[]` is colourless)."""
    types: list[CardType] | None = None
    """Exactly these card types (`[Creature]`, `[Artifact, Creature]`)."""
    subtypes: list[Name] | None = None
    """Exactly these subtypes (`[Octopus]`)."""
    abilities: list[Name] | None = None
    """Exactly these rules lines besides keywords (`keywords` has those): the spec's ability lines, a
    token's text (`[]`: none, as an Octopus)."""
    has_abilities: list[Name] = []
    """Rules lines the permanent has among its abilities (others may be there too)."""

    @model_validator(mode="after")
    def _selected(self) -> PermanentExpect:
        if (self.name is None) == (self.select is None):
            raise ValueError("give exactly one of `name` or `select` (an object reference: "
                             "`{name, owner, controller, token, copy}`)")
        if self.select is not None and (self.select.nth is not None or self.select.zone not in (None, "battlefield")):
            raise ValueError("`select` picks permanents on the battlefield by name, owner, controller, token and "
                             "copy (`nth` and `zone` are for actions)")
        if self.select is not None and self.owner is not None:
            raise ValueError("with `select`, say the owner inside it: `select: {name: ..., owner: ...}`")
        return self

    @property
    def selector(self) -> ObjectRef:
        """The reference that selects the permanents (`name` and `owner` as one)."""
        if self.select is not None:
            return self.select
        return ObjectRef(name=self.name or "", owner=self.owner)


def _check_event(item: dict[str, Any], counted: bool = False) -> dict[str, Any]:
    kind = item.get("event")
    if kind not in EVENT_TYPES:
        raise ValueError(f"unknown event {kind!r}; known: {', '.join(sorted(EVENT_TYPES))}")
    known = set(EVENT_TYPES[kind].__dataclass_fields__) | {"event"}
    if counted:
        known.add("count")
        count = item.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 200:
            raise ValueError(f"`count` is a number of events (0 to 200), not {count!r}")
    unknown = sorted(set(item) - known)
    if unknown:
        raise ValueError(f"event {kind!r} has no field(s) {unknown}; its fields: {sorted(known)}")
    return item


def _check_counted_event(item: dict[str, Any]) -> dict[str, Any]:
    """`_check_event` for an item of an ordered list (a module-level function: the stored schema names it)."""
    return _check_event(item, counted=True)


EventPattern = Annotated[dict[str, Any], AfterValidator(_check_event)]
"""`{event: kind, field: value, ...}`: matches an event of that kind whose named fields are equal."""
CountedPattern = Annotated[dict[str, Any], AfterValidator(_check_counted_event)]
"""An item of an ordered `events` list: a pattern, and `count: N` when exactly N events (in the log, or
the window) match it: all of them after the events matched before it, the next item looked for after the
last of them (`count: 0`: none at all)."""
ActionMark = Union[Annotated[int, Field(strict=True, ge=0)], Annotated[str, Field(min_length=1, max_length=40)]]
"""An action by index (from 0) or by its `label`."""


class EventWindow(ScenarioModel):
    """The events logged while the actions strictly between `after` and `before` ran (from the start
    when `after` is omitted, to the end when `before` is): `none` must not match any of them, `events`
    is an ordered subsequence of them (with `count` as in `expect.events`)."""

    after: ActionMark | None = None
    before: ActionMark | None = None
    none: list[EventPattern] = []
    events: list[CountedPattern] = []


class TurnExpect(ScenarioModel):
    player: PlayerName
    extra: bool | None = None


class Expect(ScenarioModel):
    players: dict[PlayerName, PlayerExpect] = {}
    permanents: list[PermanentExpect] = []
    stack: list[Name] | None = None
    """Names on the stack, top first."""
    events: list[CountedPattern] = []
    """An ordered subsequence of the log; each item matches an event with those field values (`count: N`:
    exactly N events do)."""
    no_events: list[EventPattern] = []
    """No event in the log matches any of these."""
    events_between: list[EventWindow] = []
    """What happened (`events`) or did not (`none`) between two actions."""
    turns: list[PlayerName | TurnExpect] | None = None
    """The turns begun during the scenario, the starting turn first."""
    extra_turns: list[PlayerName] | None = None
    """Extra turns still to come, next first."""
    active: PlayerName | None = None
    step: Step | None = None
    turn: TurnNumber | None = None
    game_over: bool | None = None
    """Whether the game has ended (104.2a: one player left; 104.4a: none, a draw)."""
    winner: PlayerName | None = None
    """The player who won the game (104.2a: the last one left in it)."""


# ------------------------------------------------------------------------------------------- scenario


class Scenario(ScenarioModel):
    name: Annotated[str, Field(min_length=1, max_length=200)]
    rules: list[str] = []
    """Rules or rulings this scenario exercises (documentation; `702.174j`)."""
    players: dict[PlayerName, PlayerStart]
    active: PlayerName | None = None
    step: Step = "main1"
    turn: TurnNumber = 1
    stack: list[StackStart] = []
    """Spells on the stack at the start, top first (the first resolves first)."""
    actions: list[Action] = []
    expect: Expect = Expect()

    @field_validator("players")
    @classmethod
    def _two_or_more(cls, value: dict[str, PlayerStart]) -> dict[str, PlayerStart]:
        if len(value) < 2:
            named = f" ({', '.join(value)} alone)" if value else ""
            raise ValueError(f"a game has two or more players (100.1){named}: add an opponent, e.g. `bob: {{}}`")
        return value

    @field_validator("actions", mode="before")
    @classmethod
    def _words(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [_WORDS.get(item, item) if isinstance(item, str) else item for item in value]
        return value

    @model_validator(mode="after")
    def _known_players(self) -> Scenario:
        if self.active is not None and self.active not in self.players:
            raise ValueError(f"active player {self.active!r} is not among the players")
        named = ([p.controller for start in self.players.values() for p in start.battlefield]
                 + [p.gift for start in self.players.values() for p in start.battlefield]
                 + [item.by for item in self.stack] + [item.gift for item in self.stack]
                 + [a.concede for a in self.actions if isinstance(a, ConcedeAction)] + [self.expect.winner])
        for who in named:
            if who is not None and who not in self.players:
                raise ValueError(f"{who!r} is not among the players")
        labels = [action.label for action in self.actions if action.label is not None]
        if len(labels) != len(set(labels)):
            raise ValueError("two actions have the same `label`")
        for window in self.expect.events_between:
            after, before = (None if mark is None else self.action_index(mark)
                             for mark in (window.after, window.before))
            if after is not None and before is not None and after >= before:
                raise ValueError(f"events_between: action {window.after!r} is not before {window.before!r}")
        return self

    def action_index(self, mark: int | str) -> int:
        """The index of the action an `events_between` mark names (ValueError if none)."""
        if isinstance(mark, int):
            if mark >= len(self.actions):
                raise ValueError(f"events_between: there is no action {mark} (the scenario has "
                                 f"{len(self.actions)}, counted from 0)")
            return mark
        for index, action in enumerate(self.actions):
            if action.label == mark:
                return index
        raise ValueError(f"events_between: no action has `label: {mark}`")


class ScenarioFile(ScenarioModel):
    card: Name
    """The card these scenarios are about (checked by the coverage test)."""
    scenarios: Annotated[list[Scenario], Field(min_length=1)]
