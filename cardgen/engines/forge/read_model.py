"""What the Forge reader's parts share: known vocabulary, the parameter bag, read nodes and chains.

A chain is read node by node (one Forge ability each) into effects in spec form (plain dicts, validated as
a `Card` at the end); references between abilities are resolved to effect ids as they are met.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from cardgen.engines.forge.syntax import KEYWORDS_BY_FORGE

PLACEHOLDER_PRINTING = {"set": "XXX", "number": "0", "rarity": "common"}
"""A script does not say where a card was printed; read cards carry this placeholder (comparisons ignore
printings, or take them from the catalog)."""

NEUTRAL_PARAMS = frozenset({
    "SpellDescription", "StackDescription", "TgtPrompt", "AILogic", "AITgts", "AITgtsStrict", "IsCurse",
    "SacMessage", "ValidDescription", "PrecostDesc", "AIPreference", "AILifeThreshold", "Planeswalker",
    "LockTokenScript", "ShowMessage", "Name", "Stackable", "ForgetOnMoved", "Ultimate",
})
"""Parameters without game meaning: texts, prompts, AI hints; `LockTokenScript` only pins the token image.
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
PLAYER_DEFINED = {"You": "you", "Player": "each_player", "Opponent": "each_opponent", "Promised": "gift_recipient"}
OBJECT_DEFINED = {"Self": "self", "Enchanted": "enchanted", "Equipped": "equipped"}
TARGET_PLAYERS = {"Player": "any", "Opponent": "opponent", "You": "you"}


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


