"""What the Forge reader's parts share: known vocabulary, the parameter bag, read nodes and chains.

A chain is read node by node (one Forge ability each) into effects in spec form (plain dicts, validated as
a `Card` at the end); references between abilities are resolved to effect ids as they are met.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from cardgen import vocab
from cardgen.engines.forge.counts import CountError, compare
from cardgen.engines.forge.syntax import COUNTERS_BY_FORGE, KEYWORDS_BY_FORGE
from cardgen.engines.forge.tokens import read_token_script
from cardgen.engines.forge.valid import HIDDEN_ZONES, ParsedValid, read_valid
from cardgen.vocab import subject as vocab_subject

PLACEHOLDER_PRINTING = {"set": "XXX", "number": "0", "rarity": "common"}
"""A script does not say where a card was printed; read cards carry this placeholder (comparisons ignore
printings, or take them from the catalog)."""

NEUTRAL_PARAMS = frozenset({
    "SpellDescription", "StackDescription", "TgtPrompt", "AILogic", "AITgts", "AITgtsStrict", "IsCurse",
    "SacMessage", "ValidDescription", "PrecostDesc", "AIPreference", "AILifeThreshold", "Planeswalker",
    "LockTokenScript", "ShowMessage", "Name", "Stackable", "ForgetOnMoved", "Ultimate", "References",
    "ConditionDescription",
})
"""Parameters without game meaning: texts, prompts, AI hints (`ConditionDescription$` is only put before the
stack description, SpellAbilityEffect.getStackDescription); `LockTokenScript` only pins the token image;
`References$` (older scripts: `NumCards$ X | References$ X`) only lists the SVars an ability names.
(`DamageMap` is not here: it makes the damage of the following abilities one damage event.)"""

HINT_SVARS = frozenset({
    "PlayMain1", "AttachAILogic", "AIPreference", "AIPriority", "RemAIDeck", "RemRandomDeck", "Picture",
    "NeedsToPlay", "NeedsToPlayVar", "SacMe", "DiscardMe", "MustBeBlocked", "HasAttackEffect", "BuffedBy",
    "AICastPreference", "AIPreferenceOverride", "EndOfTurnLeavePlay", "AmbushAI", "ChosenProtection",
    "MustAttack", "HasCombatEffect", "NonStackingEffect", "AIEvaluationModifier", "AITgts",
})
"""SVars read only by Forge's AI or deck generation."""

BOOKKEEPING = frozenset({"Cleanup", "DamageResolve"})

HINT_LINES = frozenset({"DeckHas", "DeckHints", "DeckNeeds", "AI", "Text"})
"""Lines for deck building, the AI and display only."""

SUPERTYPES = ("Basic", "Legendary", "Snow", "World")
CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker",
              "Sorcery")
ZONES = {"Battlefield": "battlefield", "Graveyard": "graveyard", "Hand": "hand", "Stack": "stack",
         "Exile": "exile", "Library": "library"}
PLAYER_DEFINED = {spelled: word for word, spelled in
                  vocab_subject.table(vocab_subject.forge_word, names="player").items()}
PLAYER_DEFINED.update({spelled: word for word, spelled_all in
                       vocab_subject.table(lambda c: c.forge.read_defined or None, names="player").items()
                       for spelled in spelled_all})
"""`Defined$` value -> player word (`Opponent` -> `each_opponent`; also the other spellings a subject
construct reads back, `Player.Opponent`), from the subject constructs."""
OBJECT_DEFINED = {spelled: word for word, spelled in
                  vocab_subject.table(vocab_subject.forge_word, names="object").items()}
"""`Defined$` value -> object word (`Self` -> `self`), from the subject constructs."""
TARGET_PLAYERS = {"Player": "any", "Opponent": "opponent", "You": "you", "Player.Opponent": "opponent"}
"""`ValidTgts$` of a target player -> who (`Player.Opponent`, every player that is an opponent, as Forge's own
Hearthborn Battler says `Opponent`: read, never written)."""
PLAYER_GROUPS = {spelled: word for word, spelled in vocab_subject.table(lambda c: c.forge.player_group).items()}
"""Players a static ability applies to (`Caster$`, `ValidPlayer$`)."""
DURATIONS = {c.forge.value: kind for kind, c in vocab.DURATIONS.items()}
"""`Duration$` value -> duration, from the duration constructs."""
DEFAULT_DURATION = next(c.forge.value for c in vocab.DURATIONS.values() if c.forge.default)
"""The `Duration$` a line without one has (Forge's default)."""


class ReadError(Exception):
    """Something in one ability the reader cannot map; the ability becomes a diagnostic."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# ------------------------------------------------------------------------------------------- params


class Bag:
    """The parameters of one ability line; what a handler takes is consumed, the rest is reported."""

    def __init__(self, params: list[tuple[str, str]], where: str) -> None:
        self.where = where
        self.values: dict[str, str] = {}
        for key, value in params:
            if not key:
                raise ReadError("FG201", f"{where}: a part without `$`: {value!r}")
            if key in self.values:
                raise ReadError("FG201", f"{where}: parameter {key}$ given twice")
            self.values[key] = value
        self.used: set[str] = set()

    def has(self, key: str) -> bool:
        return key in self.values

    def get(self, key: str, default: str | None = None) -> str | None:
        if key in self.values:
            self.used.add(key)
            return self.values[key]
        return default

    def peek(self, key: str) -> str | None:
        """The value of `key` without taking it (a reader deciding whether an ability is its own)."""
        return self.values.get(key)

    def take_int(self, key: str, default: int, svars: dict[str, str] | None = None) -> int:
        value = self.get(key)
        if value is None:
            return default
        if re.fullmatch(r"[+-]?[0-9]+", value):
            return int(value)
        raise ReadError("FG205", f"{self.where}: {key}$ {value} is not a number")

    def leftover(self) -> list[str]:
        return sorted(key for key in self.values if key not in self.used and key not in NEUTRAL_PARAMS)


# --------------------------------------------------------------------------------------------- chains


@dataclass
class ReadNode:
    """One Forge ability of a chain, read: its effects (dicts in spec form) and how it targets."""

    index: int
    api: str
    effects: list[dict[str, Any]] = field(default_factory=list)
    target: dict[str, Any] | None = None
    """The target dict (inside one of the effects) whose min/max come from TargetMin$/TargetMax$."""
    ranges: tuple[tuple[int, int], tuple[int, int]] = ((1, 1), (1, 1))
    """((min, max) if promised, (min, max) if not)."""
    remembers: bool = False
    description: str | None = None
    holds: bool = False
    """A `Pump` without changes: it only holds a target that a later ability names `ParentTarget` (Forge's
    form for the first of two targets of a fight or of damage dealt by a creature)."""
    held: bool = False
    """A later ability named the target it holds."""


@dataclass
class Chain:
    """A chain being read; `outer` is the chain a delayed trigger was created from, `handover` the node
    of the outer chain whose objects the delayed trigger carries."""

    nodes: list[ReadNode] = field(default_factory=list)
    outer: Chain | None = None
    handover: int | None = None
    host: str = "spell"
    damage_map: bool = False
    """A `DamageMap$ True` ability opened a damage map: damage up to `DamageResolve` is one damage event."""


def keyword_word(word: str) -> str:
    """Forge's keyword (`First Strike`) -> the spec keyword (`first_strike`)."""
    lower = word.strip().lower()
    if lower not in KEYWORDS_BY_FORGE:
        raise ReadError("FG201", f"unknown keyword {word!r}")
    return KEYWORDS_BY_FORGE[lower]


def find_target(data: Any) -> dict[str, Any] | None:
    if isinstance(data, dict):
        if "target" in data and isinstance(data["target"], dict):
            return data["target"]
        for key, value in data.items():
            if key == "instead_if_promised":
                continue
            found = find_target(value)
            if found is not None:
                return found
    if isinstance(data, list):
        for item in data:
            found = find_target(item)
            if found is not None:
                return found
    return None


def rename_refs(data: Any, renames: dict[str, str]) -> Any:
    if isinstance(data, dict):
        out = {key: rename_refs(value, renames) for key, value in data.items()}
        if isinstance(out.get("ref"), str) and out["ref"] in renames:
            out["ref"] = renames[out["ref"]]
        return out
    if isinstance(data, list):
        return [rename_refs(item, renames) for item in data]
    return data


def with_amount(effect: dict[str, Any], *, amount: int, default: int) -> dict[str, Any]:
    if amount != default:
        effect["amount"] = amount
    return effect


def nonzero(**values: int) -> dict[str, int]:
    return {key: value for key, value in values.items() if value}




def condition_holding(holds: tuple[bool, bool]) -> str | None:
    """The condition (`vocab.CONDITIONS`) that holds exactly as `holds` says: (if promised, if not)."""
    return next((kind for kind, c in vocab.CONDITIONS.items()
                 if c.rule.holds is not None and (c.rule.holds(True), c.rule.holds(False)) == holds),
                None)


class ReadKit:
    """The spec's words for Forge's words, for the parts of the reader and the constructs' read hooks (which
    get the reader handed in, since a construct module may not import this package at run time)."""

    hidden_zones = HIDDEN_ZONES
    """Zones where "your" means owner."""

    @staticmethod
    def error(code: str, message: str) -> ReadError:
        """The error to raise for what the reader cannot map (FG201 parameters, FG203 selectors, ...)."""
        return ReadError(code, message)

    @staticmethod
    def keyword(word: str) -> str:
        """Forge's keyword (`First Strike`) -> the spec keyword (`first_strike`); FG201 for an unknown one."""
        return keyword_word(word)

    @staticmethod
    def known_keyword(word: str) -> bool:
        return word.strip().lower() in KEYWORDS_BY_FORGE

    @staticmethod
    def counter_type(word: str) -> str | None:
        """`P1P1` -> `+1/+1`, `Indestructible` -> `indestructible`; None for a counter the spec does not know.
        CounterEnumType.getType upper-cases its name; a keyword counter (CounterKeywordType, 122.1b) is
        its keyword as Forge spells it, matched as written."""
        return COUNTERS_BY_FORGE.get(word) or COUNTERS_BY_FORGE.get(word.upper())

    @staticmethod
    def player_word(word: str | None) -> str | None:
        """`Opponent` -> `each_opponent` (`Defined$` words for players); None for anything else."""
        return PLAYER_DEFINED.get(word or "")

    @staticmethod
    def player_group(word: str | None) -> str | None:
        """The players a static ability applies to (`Caster$`, `ValidPlayer$`); None for anything else."""
        return PLAYER_GROUPS.get(word or "")

    @staticmethod
    def zone(word: str | None) -> str | None:
        """`Graveyard` -> `graveyard`; None for anything else."""
        return ZONES.get(word or "")

    @staticmethod
    def condition_compared(comparison: str) -> str | None:
        """The condition a comparison of the promise count (1 if promised, else 0) tests (`GE1`, `EQ0`);
        None for one that always holds or never does."""
        try:
            holds = compare((1, 0), comparison)
        except CountError:
            return None
        return condition_holding(holds)

    def static_condition(self, bag: Bag) -> str | None:
        """The condition of a static line said by a condition's own static form (`forge.read_static`:
        `Condition$ Threshold`, `IsPresent$ Permanent.token+YouCtrl`), its parameters taken from `bag`; None
        when no condition's form is there (the promise's `IsPresent$` is read by its comparison)."""
        for kind, construct in vocab.CONDITIONS.items():
            read = construct.forge.read_static
            if read is not None and read(self, bag):  # type: ignore[arg-type]
                return kind
        return None

    @staticmethod
    def timing(duration: str | None) -> dict[str, str] | None:
        """A `Duration$` (absent: end of turn) as the spec's `duration` field ({} for end of turn); None
        for a duration the spec does not know."""
        forge = duration or DEFAULT_DURATION
        word = DURATIONS.get(forge)
        if word is None:
            return None
        return {} if forge == DEFAULT_DURATION else {"duration": word}

    @staticmethod
    def token(script: str | None) -> Any:
        """The spec token of a `TokenScript$` (None for a token the spec cannot describe)."""
        return read_token_script(script or "")

    @staticmethod
    def valid(text: str, zone: str = "battlefield", allowed: frozenset[str] | set[str] = frozenset()) -> ParsedValid:
        """A valid expression read as a selector; restrictions other than `allowed` are FG203."""
        parsed = read_valid(text, zone)
        if parsed.error:
            raise ReadError("FG203", parsed.error)
        extra = parsed.flags - set(allowed)
        if extra:
            raise ReadError("FG203", f"{text!r}: restriction {', '.join(sorted(extra))} has no spec form here")
        return parsed

    @staticmethod
    def with_amount(effect: dict[str, Any], *, amount: int, default: int = 1) -> dict[str, Any]:
        return with_amount(effect, amount=amount, default=default)

    @staticmethod
    def nonzero(**values: int) -> dict[str, int]:
        return nonzero(**values)
